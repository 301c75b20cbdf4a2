import Foundation
import Jarvis
import Testing

/// The clusterer alone on the labelled evaluation set (`Resources/jarvis/eval`) and on the
/// offline samples' ground truth: B-cubed figures printed, floors asserted. The end-to-end
/// figures through the real server come from `make eval-stories`.
@Suite struct ClusteringEvalTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct EvalSet: Decodable {
        struct Outlet: Decodable {
            let id: String
            let name: String
            let authority: Int?
            let topicHint: String?
            let region: String?
        }
        struct Article: Decodable {
            let id: String
            let outlet: String
            let event: String
            let headline: String
            let body: String
            let publishedAt: Date
            let link: String
        }
        let outlets: [Outlet]
        let articles: [Article]
    }

    static func loadEval() throws -> (articles: [StoryArticle], truth: [String: String]) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let set = try decoder.decode(EvalSet.self, from: Data(contentsOf: root.appendingPathComponent("Resources/jarvis/eval/stories-eval.json")))
        let outlets = Dictionary(uniqueKeysWithValues: set.outlets.map { ($0.id, $0) })
        var truth: [String: String] = [:]
        let articles = set.articles.sorted { ($0.publishedAt, $0.id) < ($1.publishedAt, $1.id) }.map { a -> StoryArticle in
            truth[a.id] = a.event
            let outlet = outlets[a.outlet]
            return StoryArticle(id: a.id, feedId: a.outlet, source: outlet?.name ?? a.outlet, sourceAuthority: outlet?.authority,
                                topicHint: outlet?.topicHint, region: outlet?.region, headline: a.headline, body: a.body,
                                publishedAt: a.publishedAt, firstSeenAt: a.publishedAt, isBreakingFlag: false,
                                canonicalUrl: ArticleIdentity.canonicalURL(a.link),
                                contentHash: ArticleIdentity.contentHash(headline: a.headline, body: a.body))
        }
        return (articles, truth)
    }

    /// B-cubed precision, recall, F1 over articles.
    static func bcubed(predicted: [String: String], truth: [String: String]) -> (Double, Double, Double) {
        var byPredicted: [String: [String]] = [:], byTruth: [String: [String]] = [:]
        for (article, cluster) in predicted { byPredicted[cluster, default: []].append(article) }
        for (article, cluster) in truth { byTruth[cluster, default: []].append(article) }
        var p = 0.0, r = 0.0
        for article in truth.keys {
            let mine = Set(byPredicted[predicted[article]!]!), real = Set(byTruth[truth[article]!]!)
            let both = Double(mine.intersection(real).count)
            p += both / Double(mine.count)
            r += both / Double(real.count)
        }
        let n = Double(truth.count)
        p /= n
        r /= n
        return (p, r, 2 * p * r / (p + r))
    }

    static func run(_ articles: [StoryArticle], configuration: ClusteringConfiguration = .init()) -> [String: String] {
        let engine = ClusteringEngine(configuration: configuration)
        var assignment: [String: String] = [:]
        var merges: [String: String] = [:]
        for (i, article) in articles.enumerated() {
            let decision = engine.assign(article, proposedStoryId: "story_\(i)")
            assignment[article.id] = decision.storyId
            if case .joinedAndMerged(let survivor, let absorbed) = decision { for id in absorbed { merges[id] = survivor } }
        }
        func resolve(_ id: String) -> String {
            var current = id
            while let next = merges[current] { current = next }
            return current
        }
        return assignment.mapValues(resolve)
    }

    @Test func evaluationSetBCubed() throws {
        let (articles, truth) = try Self.loadEval()
        let (p, r, f1) = Self.bcubed(predicted: Self.run(articles), truth: truth)
        print("clustering on the evaluation set (\(articles.count) articles): B3 P=\(p) R=\(r) F1=\(f1)")
        #expect(p > 0.9)
        #expect(f1 > 0.6)
    }
}
