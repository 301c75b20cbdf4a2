import Foundation

/// The learned half of the safety scan: a multinomial logistic regression over ``LearnedSafetyFeatures``,
/// trained by `scripts/train-safety.py` on real labelled messages (hate speech, insults, threats, spam) and
/// shipped as `Resources/xoseen/safety/classifier.json` (classes, biases, weight scales, the classes of each
/// chat category and one threshold per category, calibrated on the validation split) and `classifier.weights`
/// (int8, bucket-major). A category blocks when the summed probability of its classes reaches its threshold;
/// the reason is that of its most probable class.
public struct LearnedSafetyModel: Sendable {
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// What a class means for the chat; the wire names stay those of ``SafetyCategory``/``SafetyReason``.
    static let reasons: [String: SafetyReason] = [
        "hate": .hateSpeech, "harassment": .insult, "threat": .threat, "spam": .spam,
    ]

    struct Group: Sendable {
        let category: SafetyCategory
        let members: [Int]
        let threshold: Double
    }

    let bits: Int
    let classes: [String]
    let biases: [Double]
    let scales: [Double]
    /// In category order (``SafetyCategory/allCases``), so evaluation order is fixed.
    let groups: [Group]
    let weights: [Int8]

    struct Metadata: Decodable {
        let bits: Int
        let max_bytes: Int
        let classes: [String]
        let biases: [Double]
        let scales: [Double]
        let groups: [String: [String]]
        let thresholds: [String: Double]
    }

    public static let metadataFile = "classifier.json"
    public static let weightsFile = "classifier.weights"

    /// Loads `<directory>/classifier.json` and `classifier.weights`.
    public init(directory: String) throws {
        let metadata: Metadata
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + Self.metadataFile))
            metadata = try JSONDecoder().decode(Metadata.self, from: data)
        } catch {
            throw LoadError(description: "\(directory)/\(Self.metadataFile): \(error)")
        }
        let count = metadata.classes.count
        guard (1...24).contains(metadata.bits), count >= 2, metadata.biases.count == count,
            metadata.scales.count == count, metadata.max_bytes == LearnedSafetyFeatures.maxBytes
        else {
            throw LoadError(description: "\(directory)/\(Self.metadataFile): inconsistent model description")
        }
        var groups: [Group] = []
        for category in SafetyCategory.allCases {
            guard let names = metadata.groups[category.rawValue] else { continue }
            let members = names.compactMap { metadata.classes.firstIndex(of: $0) }
            guard members.count == names.count, names.allSatisfy({ Self.reasons[$0] != nil }),
                let threshold = metadata.thresholds[category.rawValue]
            else {
                throw LoadError(description: "\(directory)/\(Self.metadataFile): bad group '\(category.rawValue)'")
            }
            groups.append(Group(category: category, members: members, threshold: threshold))
        }
        guard groups.count == metadata.groups.count else {
            throw LoadError(description: "\(directory)/\(Self.metadataFile): unknown category in groups")
        }
        let raw: Data
        do {
            raw = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + Self.weightsFile))
        } catch {
            throw LoadError(description: "\(directory)/\(Self.weightsFile): \(error)")
        }
        guard raw.count == (1 << metadata.bits) * count else {
            throw LoadError(
                description: "\(directory)/\(Self.weightsFile): \(raw.count) bytes, expected "
                    + "\((1 << metadata.bits) * count)")
        }
        bits = metadata.bits
        classes = metadata.classes
        biases = metadata.biases
        scales = metadata.scales
        self.groups = groups
        weights = raw.map { Int8(bitPattern: $0) }
    }

    /// Class probabilities of a folded message, indexed like `classes`.
    func probabilities(folded: [UInt8]) -> [Double] {
        let buckets = LearnedSafetyFeatures.buckets(folded: folded, bits: bits)
        var logits = biases
        if !buckets.isEmpty {
            // Counts per bucket, in bucket order (runs of the sorted buckets); the vector is scaled to unit
            // length. Two passes over the runs, each in bucket order, so sums are those of every other process.
            var squares = 0.0
            forEachRun(buckets) { _, count in squares += count * count }
            let norm = squares.squareRoot()
            let count = classes.count
            weights.withUnsafeBufferPointer { weights in
                scales.withUnsafeBufferPointer { scales in
                    logits.withUnsafeMutableBufferPointer { logits in
                        forEachRun(buckets) { bucket, run in
                            let value = run / norm
                            let row = bucket * count
                            precondition(row + count <= weights.count, "bucket outside the weight table")
                            for index in 0..<count {
                                logits[index] += value * (Double(weights[row + index]) * scales[index])
                            }
                        }
                    }
                }
            }
        }
        let top = logits.max() ?? 0
        let exponentials = logits.map { Foundation.exp($0 - top) }
        let sum = exponentials.reduce(0, +)
        return exponentials.map { $0 / sum }
    }

    /// Calls `body` with each bucket of sorted `buckets` and how many times it occurs, in bucket order.
    private func forEachRun(_ buckets: [UInt32], _ body: (Int, Double) -> Void) {
        var start = 0
        while start < buckets.count {
            var end = start + 1
            while end < buckets.count && buckets[end] == buckets[start] { end += 1 }
            body(Int(buckets[start]), Double(end - start))
            start = end
        }
    }

    /// Class probabilities by name, for the parity test and `safety-eval --verbose`.
    public func scores(_ text: String) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: zip(classes, probabilities(folded: CharacterFolding.fold(text))))
    }

    /// The category with the widest margin over its threshold, if any passes (ties: the earlier category), and
    /// the reason of its most probable class (ties: the earlier class).
    func verdict(folded: [UInt8]) -> (category: SafetyCategory, reason: SafetyReason, evidence: String)? {
        let probabilities = probabilities(folded: folded)
        var best: (group: Group, score: Double, margin: Double)?
        for group in groups {
            let score = group.members.reduce(0.0) { $0 + probabilities[$1] }
            guard score >= group.threshold else { continue }
            if best == nil || score - group.threshold > best!.margin { best = (group, score, score - group.threshold) }
        }
        guard let best else { return nil }
        var top = best.group.members[0]
        for member in best.group.members where probabilities[member] > probabilities[top] { top = member }
        let evidence = String(
            format: "learned %@ %.3f (threshold %.3f; most likely %@)", best.group.category.rawValue,
            best.score, best.group.threshold, classes[top])
        return (best.group.category, Self.reasons[classes[top]]!, evidence)
    }
}
