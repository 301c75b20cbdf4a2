import Foundation
import Jarvis
import Testing

@Suite struct ClusterTests {
    /// Sequential ids make decisions comparable across runs.
    static func counterIds() -> () -> String {
        var next = 0
        return {
            next += 1
            return "story_\(next)"
        }
    }

    static func article(_ id: String, source: String = "Wire", hours: Double = 0, headline: String, body: String,
                        url: String? = nil, contentHash: String? = nil) -> StoryArticle {
        let time = ClusterLabelledSet.start.addingTimeInterval(hours * 3600)
        return StoryArticle(
            id: id, feedId: nil, source: source, sourceAuthority: nil, topicHint: nil, region: nil, headline: headline,
            body: body, publishedAt: time, firstSeenAt: time, isBreakingFlag: false,
            canonicalUrl: url ?? "https://\(source.lowercased()).example/\(id)", contentHash: contentHash ?? "hash-\(id)")
    }

    /// Runs the labelled set in time order; returns (predicted story, true event) per article.
    static func clusterLabelledSet(_ configuration: ClusteringConfiguration = .init()) -> (predicted: [String], truth: [String], clusterer: StoryClusterer) {
        let clusterer = StoryClusterer(configuration: configuration, makeStoryId: counterIds())
        let ordered = ClusterLabelledSet.items.enumerated().sorted { $0.element.hours != $1.element.hours ? $0.element.hours < $1.element.hours : $0.offset < $1.offset }
        for (index, item) in ordered { clusterer.assign(ClusterLabelledSet.article(item, index: index)) }
        let predicted = ClusterLabelledSet.items.indices.map { clusterer.story(of: "a\($0)") ?? "none" }
        return (predicted, ClusterLabelledSet.items.map(\.event), clusterer)
    }

    @Test func labelledSetBCubed() {
        let (predicted, truth, clusterer) = Self.clusterLabelledSet()
        let score = ClusterLabelledSet.bCubed(predicted: predicted, truth: truth)
        print(String(format: "cluster labelled set: %d articles, %d events, %d stories; B-cubed P=%.3f R=%.3f F1=%.3f",
                     truth.count, Set(truth).count, clusterer.storyCount, score.precision, score.recall, score.f1))
        if score.f1 < 1 {
            for (i, item) in ClusterLabelledSet.items.enumerated() { print("  \(item.event) -> \(predicted[i])  \(item.headline)") }
        }
        #expect(score.f1 >= 0.9)
    }

    /// Threshold sweep for tuning: `CLUSTER_TUNE=1 swift test --filter ClusterTests/tune`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CLUSTER_TUNE"] != nil))
    func tune() {
        let env = ProcessInfo.processInfo.environment
        let entityWeights = (env["CLUSTER_TUNE_ENTITY"] ?? "0.25").split(separator: ",").compactMap { Double($0) }
        for join in stride(from: 0.20, through: 0.40, by: 0.02) {
            var line = String(format: "join %.2f:", join)
            for titleWeight in [1.5, 2.0, 3.0] {
                for entityWeight in entityWeights {
                    var c = ClusteringConfiguration()
                    c.joinThreshold = join
                    c.mergeThreshold = join + 0.04
                    c.titleWeight = titleWeight
                    c.entityWeight = entityWeight
                    let (p, t, _) = Self.clusterLabelledSet(c)
                    let s = ClusterLabelledSet.bCubed(predicted: p, truth: t)
                    line += String(format: " | tw%.1f ew%.2f P=%.3f R=%.3f F1=%.3f", titleWeight, entityWeight, s.precision, s.recall, s.f1)
                }
            }
            print(line)
        }
    }
}

extension ClusterTests {
    /// Explains the labelled run: `CLUSTER_EXPLAIN=1 swift test --filter ClusterTests/explain`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CLUSTER_EXPLAIN"] != nil))
    func explain() {
        let clusterer = StoryClusterer(makeStoryId: Self.counterIds())
        let ordered = ClusterLabelledSet.items.enumerated().sorted { $0.element.hours != $1.element.hours ? $0.element.hours < $1.element.hours : $0.offset < $1.offset }
        var eventOfStory: [String: String] = [:]
        for (index, item) in ordered {
            let article = ClusterLabelledSet.article(item, index: index)
            let top = clusterer.candidates(for: article).prefix(3)
                .map { String(format: "%@(%@)=%.3f", $0.storyId, eventOfStory[$0.storyId] ?? "?", $0.similarity) }
            let decision = clusterer.assign(article)
            if eventOfStory[decision.storyId] == nil { eventOfStory[decision.storyId] = item.event }
            print("\(item.event) [\(item.headline.prefix(40))] -> \(decision)  candidates: \(top.joined(separator: " "))")
        }
    }
}
