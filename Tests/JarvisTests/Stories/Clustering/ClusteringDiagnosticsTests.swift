import Foundation
import Jarvis
import Testing

/// Error analysis for the clusterer on the evaluation set, in the orders the server sees articles:
/// `CLUSTER_DIAGNOSE=1 swift test --filter ClusteringDiagnosticsTests` prints every wrong join
/// and every missed join (with the score of the story the article belonged in), per order.
@Suite struct ClusteringDiagnosticsTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CLUSTER_DIAGNOSE"] != nil))
    func diagnose() throws {
        let (articles, truth) = try ClusteringEvalTests.loadEval()
        var c = ClusteringConfiguration()
        for pair in (ProcessInfo.processInfo.environment["CLUSTER_CFG"] ?? "").split(separator: ";") {
            let kv = pair.split(separator: "=")
            if kv.count == 2, let v = Double(kv[1]) { c.set(String(kv[0]), v) }
        }
        for (name, ordered) in ClusteringEvalTests.orders(articles) {
            let clusterer = StoryClusterer(
                configuration: c, embedder: CachedEmbedder.shared, makeStoryId: ClusterTests.counterIds())
            var eventsOfStory: [String: [String]] = [:]
            var lines: [String] = []
            for article in ordered {
                let event = truth[article.id]!
                let candidates = clusterer.candidates(for: article)
                let decision = clusterer.assign(article)
                if case .joinedAndMerged(let survivor, let absorbed) = decision {
                    let merged = absorbed.map { "\(eventsOfStory[$0]!.first!)" }.joined(separator: ",")
                    lines.append("  merge into \(eventsOfStory[survivor]!.first!): \(merged)")
                    for id in absorbed {
                        eventsOfStory[survivor]! += eventsOfStory[id]!
                        eventsOfStory[id] = nil
                    }
                }
                let majority = eventsOfStory[decision.storyId].flatMap(Self.majority)
                let trueStories = eventsOfStory.filter { $0.value.contains(event) }.map(\.key)
                eventsOfStory[decision.storyId, default: []].append(event)
                let wrong = majority.map { $0 != event } ?? !trueStories.isEmpty
                guard wrong else { continue }
                let best = candidates.filter { trueStories.contains($0.storyId) }.first?.similarity
                let top = candidates.prefix(3).map {
                    String(format: "%@=%.3f", eventsOfStory[$0.storyId].flatMap(Self.majority) ?? "?", $0.similarity)
                }
                lines.append(
                    String(
                        format: "  %@ [%@] -> %@ (true story %@) cands: %@", event, String(article.headline.prefix(60)),
                        majority ?? "new",
                        best.map { String(format: "%.3f", $0) } ?? (trueStories.isEmpty ? "-" : "not a candidate"),
                        top.joined(separator: " ")))
            }
            let predicted = Dictionary(uniqueKeysWithValues: articles.map { ($0.id, clusterer.story(of: $0.id)!) })
            let s = ClusteringEvalTests.bcubed(predicted: predicted, truth: truth)
            print(ClusteringEvalTests.line("order \(name)", s))
            if ProcessInfo.processInfo.environment["CLUSTER_DIAGNOSE"] == "2" { print(lines.joined(separator: "\n")) }
        }
    }

    static func majority(_ events: [String]) -> String? {
        Dictionary(grouping: events, by: { $0 }).max { ($0.value.count, $1.key) < ($1.value.count, $0.key) }?.key
    }
}

extension ClusteringDiagnosticsTests {
    /// `CLUSTER_FEATURES=id1,id2 swift test --filter ClusteringDiagnosticsTests/features` prints what
    /// the clusterer extracts from those evaluation articles.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CLUSTER_FEATURES"] != nil))
    func features() throws {
        let wanted = Set(ProcessInfo.processInfo.environment["CLUSTER_FEATURES"]!.split(separator: ",").map(String.init))
        for article in try ClusteringEvalTests.loadEval().articles where wanted.contains(article.id) {
            let f = ArticleFeatures(article: article)
            print(
                "\(article.id) \(article.headline)\n  terms: \(zip(f.terms, f.termWeights).map { "\($0)=\(String(format: "%.2f", $1))" }.joined(separator: " "))\n  entities: \(f.entities)\n  quantities: \(f.quantities)"
            )
        }
    }
}

extension ClusteringDiagnosticsTests {
    /// Random search around the defaults: `CLUSTER_SEARCH=40 swift test --filter ClusteringDiagnosticsTests/search`
    /// prints, per configuration, mean and minimum B-cubed F1 over the server's orders on the tuning
    /// half, the held-out half and the samples' truth. Choose on the tuning half; read the held-out one.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CLUSTER_SEARCH"] != nil))
    func search() throws {
        let rounds = Int(ProcessInfo.processInfo.environment["CLUSTER_SEARCH"]!) ?? 20
        let sets = [
            ("tune", try ClusteringEvalTests.evalHalf(tuning: true)), ("held", try ClusteringEvalTests.evalHalf(tuning: false)),
            ("whole", try ClusteringEvalTests.loadEval()),
            ("samples", try ClusteringEvalTests.loadSamples()),
        ]
        var generator = SearchRandom(seed: 7)
        let ranges: [(String, ClosedRange<Double>)] = [
            ("semanticWeight", 0.8...3), ("semanticFloor", 0.1...0.35), ("semanticJoinThreshold", 0.2...0.36),
            ("textWeight", 0.4...0.9), ("entityWeight", 0.1...0.4), ("timeFloor", 0.4...0.9), ("timeDecayHours", 12...48),
            ("anchorMissFactor", 0.6...1), ("mergeThreshold", 0.18...0.35), ("mergeSemanticThreshold", 0.55...0.9),
        ]
        let grid = ProcessInfo.processInfo.environment["CLUSTER_GRID"].map { $0.split(separator: "|").map(String.init) } ?? []
        for round in 0...(grid.isEmpty ? rounds : grid.count) {
            var c = ClusteringConfiguration()
            var spec: [String] = []
            if round > 0 && !grid.isEmpty {
                for pair in grid[round - 1].split(separator: ";") {
                    let kv = pair.split(separator: "=")
                    if kv.count == 2, let v = Double(kv[1]) { c.set(String(kv[0]), v) }
                }
                spec = [grid[round - 1]]
            } else if round > 0 {
                for (name, range) in ranges {
                    let v = range.lowerBound + (range.upperBound - range.lowerBound) * generator.unit()
                    c.set(name, v)
                    spec.append(String(format: "%@=%.3f", name, v))
                }
            }
            var parts: [String] = []
            for (name, set) in sets {
                let scores = ClusteringEvalTests.orders(set.articles).map { order in
                    ClusteringEvalTests.bcubed(
                        predicted: ClusteringEvalTests.run(order.articles, configuration: c), truth: set.truth
                    ).2
                }
                parts.append(
                    String(format: "%@ mean %.3f min %.3f", name, scores.reduce(0, +) / Double(scores.count), scores.min()!))
            }
            print("search " + parts.joined(separator: " | ") + " :: " + (spec.isEmpty ? "defaults" : spec.joined(separator: ";")))
        }
    }
}

/// A seeded generator for the search (a 64-bit linear congruential step; quality is no concern here).
struct SearchRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func unit() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
}
