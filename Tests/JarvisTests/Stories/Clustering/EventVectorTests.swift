import Foundation
import Jarvis
import SentenceEmbedding
import Synchronization
import Testing

/// The event vectors the learned join compares (`ArticleFeatures.eventEmbedding`): read from the branch the
/// configuration names, reused when stored, computed again when missing, and compared by the clusterer.
@Suite struct EventVectorTests {
    /// A stand-in encoder with two branches; counts the texts it runs the full pass on.
    final class CountingEmbedder: TextEmbedder {
        let passes = Mutex(0)
        var dimension: Int { 3 }
        var identifier: String { "count/3" }
        var branchIdentifiers: [String] { ["count/3+topics-1", "count/3+events-1"] }
        func embed(_ text: String) -> [Float] { [1, 0, 0] }
        func embedWithBranches(_ texts: [String]) -> [(vector: [Float], branches: [[Float]])] {
            passes.withLock { $0 += texts.count }
            return texts.map { _ in ([1, 0, 0], [[0, 1, 0], [0, 0, 1]]) }
        }
    }

    static func article(_ id: String) -> StoryArticle {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        return StoryArticle(
            id: id, feedId: nil, source: "Wire", sourceAuthority: nil, topicHint: nil, region: nil,
            headline: "Dock workers strike at the port", body: "Workers walked out on Monday over pay.", publishedAt: now,
            firstSeenAt: now, isBreakingFlag: false, canonicalUrl: nil, contentHash: id)
    }

    @Test func theNamedBranchGivesTheEventVector() {
        let embedder = CountingEmbedder()
        var configuration = ClusteringConfiguration()
        configuration.eventVectorModel = "count/3+events-1"
        let extractor = ArticleFeatureExtractor(configuration: configuration, embedder: embedder)
        let prepared = extractor.prepared([Self.article("a")])[0]
        #expect(prepared.features.eventEmbedding == [0, 0, 1])
        #expect(prepared.branchVectors == [[0, 1, 0], [0, 0, 1]])
        #expect(extractor.vectorModels == ["count/3", "count/3/headline", "count/3+topics-1", "count/3+events-1"])
        // Without a named branch there is no event vector.
        let plain = ArticleFeatureExtractor(configuration: .init(), embedder: embedder)
        #expect(plain.prepared([Self.article("a")])[0].features.eventEmbedding.isEmpty)
    }

    @Test func storedVectorsAreReusedAndAMissingEventVectorIsComputed() {
        let embedder = CountingEmbedder()
        var configuration = ClusteringConfiguration()
        configuration.eventVectorModel = "count/3+events-1"
        let extractor = ArticleFeatureExtractor(configuration: configuration, embedder: embedder)
        let stored: StoredVectors = [
            "count/3": ["a": [0.6, 0.8, 0], "b": [0.6, 0.8, 0]],
            "count/3/headline": ["a": [1, 0, 0], "b": [1, 0, 0]],
            "count/3+events-1": ["a": [0.8, 0.6, 0], "b": [1, 2]],  // b's is the wrong width: not reused
        ]
        let prepared = extractor.prepared([Self.article("a"), Self.article("b")], stored: stored)
        #expect(embedder.passes.withLock { $0 } == 1, "only b runs the encoder")
        #expect(prepared[0].features.embedding == [0.6, 0.8, 0] && prepared[0].features.eventEmbedding == [0.8, 0.6, 0])
        #expect(prepared[0].branchVectors.isEmpty)
        #expect(prepared[1].features.embedding == [0.6, 0.8, 0], "a stored embedding stays")
        #expect(prepared[1].features.eventEmbedding == [0, 0, 1])
    }

    /// The clusterer compares the article's event vector with its candidate stories' members.
    @Test func theJoinFeaturesCompareEventVectors() throws {
        var configuration = ClusteringConfiguration()
        configuration.eventVectorModel = "count/3+events-1"
        let clusterer = StoryClusterer(configuration: configuration, embedder: CountingEmbedder())
        var first = clusterer.extractor(Self.article("a"))
        first.eventEmbedding = [0, 0.6, 0.8]
        clusterer.restore(article: Self.article("a"), features: first, storyId: "s1")
        var second = clusterer.extractor(Self.article("b"))
        second.eventEmbedding = [0, 0, 1]
        let candidates = clusterer.joinCandidates(for: Self.article("b"), features: second)
        let join = try #require(candidates.first { $0.storyId == "s1" }?.features)
        #expect(abs(join.eventMax - 0.8) < 1e-6 && abs(join.eventMean - 0.8) < 1e-6)
    }
}
