import Foundation

/// Confusion matrix and the figures derived from it. Rows are the true topic, columns the prediction,
/// both in `Topic.allCases` order.
public struct TopicReport: Sendable, CustomStringConvertible {
    public private(set) var confusion = [[Int]](
        repeating: [Int](repeating: 0, count: Topic.allCases.count),
        count: Topic.allCases.count)

    public init() {}

    public mutating func record(truth: Topic, predicted: Topic) {
        let t = Topic.allCases.firstIndex(of: truth)!
        let p = Topic.allCases.firstIndex(of: predicted)!
        confusion[t][p] += 1
    }

    public var count: Int { confusion.joined().reduce(0, +) }
    public var correct: Int { confusion.indices.reduce(0) { $0 + confusion[$1][$1] } }
    public var accuracy: Double { count == 0 ? 0 : Double(correct) / Double(count) }

    public func precision(_ topic: Topic) -> Double {
        let i = Topic.allCases.firstIndex(of: topic)!
        let predicted = confusion.reduce(0) { $0 + $1[i] }
        return predicted == 0 ? 0 : Double(confusion[i][i]) / Double(predicted)
    }

    public func recall(_ topic: Topic) -> Double {
        let i = Topic.allCases.firstIndex(of: topic)!
        let actual = confusion[i].reduce(0, +)
        return actual == 0 ? 0 : Double(confusion[i][i]) / Double(actual)
    }

    public func f1(_ topic: Topic) -> Double {
        let p = precision(topic)
        let r = recall(topic)
        return p + r == 0 ? 0 : 2 * p * r / (p + r)
    }

    public var macroF1: Double { Topic.allCases.reduce(0) { $0 + f1($1) } / Double(Topic.allCases.count) }

    public var description: String {
        func f(_ x: Double) -> String { String(format: "%.3f", x) }
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
        var lines = [
            "accuracy \(f(accuracy)) (\(correct)/\(count)), macro-F1 \(f(macroF1))",
            "topic       precision  recall     F1  support",
        ]
        for (i, topic) in Topic.allCases.enumerated() {
            let name = topic.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
            lines.append(
                "\(name) \(pad(f(precision(topic)), 10)) \(pad(f(recall(topic)), 7)) \(pad(f(f1(topic)), 6)) "
                    + pad(String(confusion[i].reduce(0, +)), 8))
        }
        lines.append("confusion (rows true, columns predicted):")
        lines.append("            " + Topic.allCases.map { pad($0.rawValue, 9) }.joined())
        for (i, topic) in Topic.allCases.enumerated() {
            lines.append(
                topic.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
                    + confusion[i].map { pad(String($0), 9) }.joined())
        }
        return lines.joined(separator: "\n")
    }
}
