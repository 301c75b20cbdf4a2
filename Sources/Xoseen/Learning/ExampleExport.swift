import Foundation

/// The training examples as JSON lines, for trying a feature offline on exactly the point-in-time vectors
/// training builds (`xoseen train --examples-out FILE`, read by `scripts/probe-ranker-features.py`): the first
/// line names the columns, then one example a line, oldest first.
extension TrainingSet {
    public struct ExportedExample: Codable, Equatable, Sendable {
        public var viewer: String
        public var candidate: String
        public var label: Double
        public var weight: Double
        /// Viewer → candidate, in `PairFeatures.names` order.
        public var features: [Double]
        /// Candidate → viewer at the same moment.
        public var reverseFeatures: [Double]
    }

    public struct ExportHeader: Codable, Equatable, Sendable {
        public var names: [String]
    }

    /// The header line, then each example's line.
    public func exportLines() throws -> [String] {
        let encoder = JSONEncoder()
        var lines = [String(decoding: try encoder.encode(ExportHeader(names: PairFeatures.names)), as: UTF8.self)]
        for example in exported { lines.append(String(decoding: try encoder.encode(example), as: UTF8.self)) }
        return lines
    }

    public var exported: [ExportedExample] {
        examples.map {
            ExportedExample(
                viewer: $0.viewer, candidate: $0.candidate, label: $0.label, weight: $0.weight, features: $0.features,
                reverseFeatures: $0.reverseFeatures)
        }
    }
}
