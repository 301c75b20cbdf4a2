import Foundation

/// Held-out evaluation of the topic classifier: a deterministic split by hashed id, k-fold
/// cross-validation for choosing a configuration, and the report (accuracy, per-topic
/// precision/recall/F1, confusion matrix).
public enum TopicEvaluation {
    /// FNV-1a (64-bit) of the id: stable across runs and platforms, unlike `Hasher`.
    static func bucket(_ id: String, modulo: UInt64) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(hash % modulo)
    }

    /// Items whose hashed id falls in the lowest `percent` buckets of 100 are held out.
    public static func split(_ items: [LabelledText], heldOutPercent: Int = 20) -> (train: [LabelledText], test: [LabelledText]) {
        var train: [LabelledText] = [], test: [LabelledText] = []
        for item in items {
            if bucket(item.id, modulo: 100) < heldOutPercent { test.append(item) } else { train.append(item) }
        }
        return (train, test)
    }

    public static func evaluate(_ classifier: TopicClassifier, on items: [LabelledText]) -> TopicReport {
        var report = TopicReport()
        for item in items {
            let predicted = classifier.classify(headline: item.headline, body: item.body, feedHint: item.feedHint).topic
            report.record(id: item.id, truth: item.topic, predicted: predicted)
        }
        return report
    }

    /// k-fold cross-validation (folds by hashed id); predictions of all folds pooled in one report.
    public static func crossValidate(_ items: [LabelledText], configuration: TopicClassifier.Configuration,
                                     folds: Int = 5) -> TopicReport {
        var report = TopicReport()
        for fold in 0..<folds {
            let isTest = { (item: LabelledText) in bucket("fold:" + item.id, modulo: UInt64(folds)) == fold }
            let classifier = TopicClassifier.train(on: items.filter { !isTest($0) }, configuration: configuration)
            let part = evaluate(classifier, on: items.filter(isTest))
            report.merge(part)
        }
        return report
    }
}

/// Confusion matrix and the figures derived from it. Rows are the true topic, columns the prediction,
/// both in `Topic.allCases` order.
public struct TopicReport: Sendable, CustomStringConvertible {
    public private(set) var confusion = [[Int]](repeating: [Int](repeating: 0, count: Topic.allCases.count),
                                                count: Topic.allCases.count)
    public private(set) var errors: [(id: String, truth: Topic, predicted: Topic)] = []

    public init() {}

    public mutating func record(id: String, truth: Topic, predicted: Topic) {
        let t = Topic.allCases.firstIndex(of: truth)!, p = Topic.allCases.firstIndex(of: predicted)!
        confusion[t][p] += 1
        if t != p { errors.append((id, truth, predicted)) }
    }

    mutating func merge(_ other: TopicReport) {
        for t in confusion.indices { for p in confusion.indices { confusion[t][p] += other.confusion[t][p] } }
        errors += other.errors
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
        let p = precision(topic), r = recall(topic)
        return p + r == 0 ? 0 : 2 * p * r / (p + r)
    }

    public var macroF1: Double { Topic.allCases.reduce(0) { $0 + f1($1) } / Double(Topic.allCases.count) }

    public var description: String {
        func f(_ x: Double) -> String { String(format: "%.3f", x) }
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
        var lines = ["accuracy \(f(accuracy)) (\(correct)/\(count)), macro-F1 \(f(macroF1))",
                     "topic       precision  recall     F1  support"]
        for (i, topic) in Topic.allCases.enumerated() {
            let name = topic.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
            lines.append("\(name) \(pad(f(precision(topic)), 10)) \(pad(f(recall(topic)), 7)) \(pad(f(f1(topic)), 6)) "
                         + pad(String(confusion[i].reduce(0, +)), 8))
        }
        lines.append("confusion (rows true, columns predicted):")
        lines.append("            " + Topic.allCases.map { pad($0.rawValue, 9) }.joined())
        for (i, topic) in Topic.allCases.enumerated() {
            lines.append(topic.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
                         + confusion[i].map { pad(String($0), 9) }.joined())
        }
        return lines.joined(separator: "\n")
    }
}
