import Foundation
import Jarvis
import Testing

/// The learned join decision (`JoinModel`, Resources/jarvis/clustering/join-model.json): the
/// features the server computes today are the ones the weights were trained on, the probability is
/// sklearn's, and a broken model file is refused rather than half-used.
@Suite struct JoinModelTests {
    static let resources = TestPaths.resources.path
    static let modelPath = JoinModel.bundledPath(resourcesDirectory: resources)

    /// What train-clustering.py stored next to the weights: made-up articles, and per (article,
    /// candidate story) pair the feature vector and probability at training time.
    struct Check: Decodable {
        struct Outlet: Decodable {
            let id: String
            let name: String
        }
        struct Article: Decodable {
            let id: String, outlet: String, event: String, headline: String, body: String, publishedAt: Date, link: String
        }
        struct Pair: Decodable {
            let article: String
            let story: String
            let x: [Double]
            let probability: Double
        }
        let outlets: [Outlet]
        let articles: [Article]
        let pairs: [Pair]
    }

    struct ModelFile: Decodable { let check: Check }

    static func loadCheck() throws -> Check {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(ModelFile.self, from: Data(contentsOf: URL(fileURLWithPath: modelPath))).check
    }

    static var shipped: Bool { FileManager.default.fileExists(atPath: modelPath) }

    /// A model of this build's features (weights made up): what the file checks and the fallback need.
    static func madeUpModel() -> JoinModel {
        let n = JoinFeatures.names.count
        return JoinModel(
            features: JoinFeatures.names, mean: Array(repeating: 0, count: n), scale: Array(repeating: 1, count: n),
            weights: (0..<n).map { $0 == 0 ? 4 : 0 }, bias: -2, threshold: 0.5, mergeThreshold: 0.6)
    }

    @Test(.enabled(if: shipped, "no model shipped: scripts/train-clustering.py writes it"))
    func servingFeaturesAndProbabilitiesMatchTraining() throws {
        let model = try JoinModel.load(path: Self.modelPath)
        let check = try Self.loadCheck()
        #expect(check.pairs.count >= 4)
        let names = Dictionary(uniqueKeysWithValues: check.outlets.map { ($0.id, $0.name) })
        // Replayed as StoryPairs does: each article's candidates, then the article into its event.
        let clusterer = StoryClusterer(embedder: CachedEmbedder.shared, joinModel: model)
        var seen: [String: (JoinFeatures, Double)] = [:]
        for a in check.articles.sorted(by: { ($0.publishedAt, $0.id) < ($1.publishedAt, $1.id) }) {
            let article = StoryArticle(
                id: a.id, feedId: nil, source: names[a.outlet]!, sourceAuthority: nil, topicHint: nil,
                region: nil, headline: a.headline, body: a.body, publishedAt: a.publishedAt,
                firstSeenAt: a.publishedAt, isBreakingFlag: false,
                canonicalUrl: ArticleIdentity.canonicalURL(a.link),
                contentHash: ArticleIdentity.contentHash(headline: a.headline, body: a.body))
            let features = clusterer.extractor(article)
            for (story, join) in clusterer.joinCandidates(for: article, features: features) {
                seen[a.id + "→" + story] = (join, model.probability(join))
            }
            clusterer.restore(article: article, features: features, storyId: a.event)
        }
        #expect(seen.count == check.pairs.count)
        for pair in check.pairs {
            let key = pair.article + "→" + pair.story
            guard let (join, probability) = seen[key] else {
                Issue.record("pair \(key) was a candidate at training time, not now")
                continue
            }
            for (name, (now, then)) in zip(JoinFeatures.names, zip(join.vector, pair.x)) {
                #expect(abs(now - then) <= 1e-4 + 1e-4 * abs(then), "\(key) \(name): \(now) now, \(then) when trained")
            }
            #expect(abs(probability - pair.probability) < 1e-4, "\(key): p \(probability) now, \(pair.probability) when trained")
        }
        // The fixture's pairs of one event score above its cross-event pairs.
        let same = check.pairs.filter { p in check.articles.first { $0.id == p.article }!.event == p.story }
        let other = check.pairs.filter { p in check.articles.first { $0.id == p.article }!.event != p.story }
        #expect(!same.isEmpty && !other.isEmpty)
        #expect(same.map(\.probability).min()! > other.map(\.probability).max()!)
    }

    @Test func probabilityIsTheLogisticOfTheStandardisedFeatures() {
        var model = Self.madeUpModel()
        model.mean[0] = 0.25
        model.scale[0] = 0.5
        var features = JoinFeatures()
        features.textCosine = 0.75
        // z = 4 · (0.75 - 0.25) / 0.5 - 2 = 2
        #expect(abs(model.probability(features) - 1 / (1 + exp(-2))) < 1e-12)
        features.textCosine = 0.25
        #expect(abs(model.probability(features) - 1 / (1 + exp(2))) < 1e-12)
    }

    @Test func modelFileWithOtherFeaturesIsRefused() throws {
        var model = Self.madeUpModel()
        model.features[0] = "title_jaccard"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("join-model-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try JSONEncoder().encode(model).write(to: URL(fileURLWithPath: path))
        #expect(throws: JoinModel.LoadError.self) { try JoinModel.load(path: path) }

        model = Self.madeUpModel()
        try JSONEncoder().encode(model).write(to: URL(fileURLWithPath: path))
        #expect(try JoinModel.load(path: path) == model)
        model.weights.removeLast()
        try JSONEncoder().encode(model).write(to: URL(fileURLWithPath: path))
        #expect(throws: JoinModel.LoadError.self) { try JoinModel.load(path: path) }
    }

    @Test func withoutAnEmbedderTheHandRuleDecides() throws {
        let model = Self.madeUpModel()
        #expect(StoryClusterer(joinModel: model).joinModel == nil)
        #expect(StoryClusterer(embedder: CachedEmbedder.shared, joinModel: model).joinModel == model)
    }
}
