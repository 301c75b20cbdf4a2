import Foundation
import Jarvis
import Testing

/// The bundled corpus, located from this file: Tests/JarvisTests/ → repository root.
enum TopicCorpus {
    static let resourcesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/jarvis").path
    static let items: [LabelledText] = {
        (try? TopicClassifier.loadCorpus(path: TopicClassifier.bundledCorpusPath(resourcesDirectory: resourcesDirectory))) ?? []
    }()
    static let split = TopicEvaluation.split(items)
    /// Trained on the 80% training part only, for the held-out figures.
    static let heldOutClassifier = TopicClassifier.train(on: split.train)
    /// Trained on everything, as the server does.
    static let fullClassifier = TopicClassifier.train(on: items)
}

@Suite struct TopicCorpusTests {
    @Test func corpusIsLargeBalancedAndWellFormed() throws {
        let items = TopicCorpus.items
        #expect(items.count >= 800)
        #expect(Set(items.map(\.id)).count == items.count, "ids are unique")
        let perTopic = Dictionary(grouping: items, by: \.topic).mapValues(\.count)
        for topic in Topic.allCases {
            #expect((perTopic[topic] ?? 0) >= items.count / 6, "\(topic) is represented: \(perTopic)")
        }
        for item in items {
            #expect(!item.headline.isEmpty && !item.body.isEmpty, "\(item.id)")
            if let hint = item.feedHint { #expect(Topic(rawValue: hint) != nil, "\(item.id) hint \(hint)") }
        }
        #expect(Set(items.map(\.headline)).count == items.count, "no duplicate headlines")
    }

    @Test func malformedLinesAreReportedWithTheirNumber() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("topics-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("""
            {"id": "a", "topic": "tech", "headline": "h", "body": "b", "source": "s", "feedHint": null}

            {"id": "b", "topic": "sport", "headline": "h", "body": "b"}
            """.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: TopicCorpusError.self) { try TopicClassifier.loadCorpus(path: path) }
        do { _ = try TopicClassifier.loadCorpus(path: path) } catch let error as TopicCorpusError { #expect(error.line == 3) }
    }
}

@Suite struct TopicClassifierTests {
    @Test func heldOutAccuracyIsAtLeastNinetyPercent() {
        let (train, test) = TopicCorpus.split
        #expect(test.count >= 150, "held-out part: \(test.count)")
        let report = TopicEvaluation.evaluate(TopicCorpus.heldOutClassifier, on: test)
        print("Topic classifier, held-out 20% (\(train.count) train / \(test.count) test), "
              + "\(TopicCorpus.heldOutClassifier.configuration):\n\(report)")
        let handWritten = TopicEvaluation.evaluate(TopicCorpus.heldOutClassifier, on: test.filter { $0.id.hasPrefix("hw-") })
        print("held-out hand-written hard cases: \(handWritten.correct)/\(handWritten.count)")
        print("held-out errors: \(report.errors.map { "\($0.id) \($0.truth)→\($0.predicted)" })")
        #expect(report.accuracy >= 0.90)
        for topic in Topic.allCases { #expect(report.f1(topic) >= 0.8, "\(topic)") }
    }

    @Test func modelSelectionByCrossValidation() {
        let train = TopicCorpus.split.train
        var candidates: [TopicClassifier.Configuration] = [.naiveBayes, .logisticRegression]
        if ProcessInfo.processInfo.environment["TOPIC_GRID"] == "1" {
            for alpha in [0.05, 0.1, 0.5, 1.0] {
                for headline in [1.0, 2.0, 3.0, 4.0] {
                    for bigrams in [false, true] {
                        var c = TopicClassifier.Configuration.naiveBayes
                        c.smoothing = alpha; c.headlineWeight = headline; c.bigrams = bigrams
                        candidates.append(c)
                    }
                }
            }
            for hint in [0.0, 1.0, 2.0, 4.0] {
                for boost in [0.0, 1.0, 2.0, 4.0, 8.0] {
                    for body in [0.0, 1.0] {
                        var c = TopicClassifier.Configuration.naiveBayes
                        c.hintWeight = hint; c.regionalBoost = boost; c.regionalBodyBoost = body
                        candidates.append(c)
                    }
                }
            }
            for l2 in [1e-5, 1e-4, 1e-3] {
                for headline in [1.0, 3.0] {
                    for bigrams in [false, true] {
                        var c = TopicClassifier.Configuration.logisticRegression
                        c.l2 = l2; c.headlineWeight = headline; c.bigrams = bigrams
                        candidates.append(c)
                    }
                }
            }
        }
        for c in candidates {
            let report = TopicEvaluation.crossValidate(train, configuration: c, folds: 5)
            print(String(format: "5-fold CV on the training part: %.4f  ", report.accuracy) + "\(c)")
        }
    }
}
