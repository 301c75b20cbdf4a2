import Foundation
import HTTPTesting
import Jarvis
import JarvisAPI
import SQLStore
import SentenceEmbedding
import Synchronization
import Testing

/// Meaning as a part of clustering: reports of one event told in other words join with sentence
/// embeddings (and not on words alone), reports of two look-alike events stay apart, and a
/// restart restores the index from stored embeddings without running the encoder again.
@Suite struct SemanticClusteringTests {
    static let day = Date(timeIntervalSince1970: 1_796_000_000)

    static func article(_ id: String, _ source: String, _ headline: String, _ body: String, hours: Double = 0) -> StoryArticle {
        StoryArticle(
            id: id, feedId: source, source: source, sourceAuthority: nil, topicHint: nil, region: nil, headline: headline,
            body: body, publishedAt: day.addingTimeInterval(hours * 3600), firstSeenAt: day.addingTimeInterval(hours * 3600),
            isBreakingFlag: false, canonicalUrl: "https://\(source).example/\(id)", contentHash: id)
    }

    // One event (a record price for platinum), the second report in other words.
    static let record = article(
        "p1", "wire", "Platinum hits record high above $1,900 an ounce",
        "Platinum rose to an all-time high of $1,912 an ounce on Wednesday as supply from South African mines fell short of demand from carmakers. The metal has gained 48% this year."
    )
    static let rally = article(
        "p2", "journal", "Precious metal's surge extends as buyers chase scarce supply",
        "The white metal set another peak as investors and industrial users competed for scarce bars, traders said. Output from the main producing mines has dropped for a third year.",
        hours: 3)
    // Two look-alike events: layoffs at two different companies, on the same day.
    static let firstLayoffs = article(
        "l1", "wire", "Tessaly Software to cut 900 jobs in restructuring",
        "Tessaly Software said it would eliminate 900 jobs, about 7% of its staff, as it moves spending to cloud products. Chief executive Ines Varga announced the plan in a memo."
    )
    static let otherLayoffs = article(
        "l2", "journal", "Brightmoor Apps lays off 600 workers as demand slows",
        "Brightmoor Apps will let go of 600 employees and close its Lisbon office, co-founder Tomas Reyes told staff. The company said orders from small businesses had weakened.",
        hours: 2)

    @Test func otherWordsForOneEventJoinWithEmbeddingsOnly() {
        let wordsOnly = StoryClusterer(makeStoryId: ClusterTests.counterIds())
        wordsOnly.assign(Self.record)
        #expect(wordsOnly.assign(Self.rally) == .newStory("story_2"), "on words alone the second report starts its own story")

        let withMeaning = StoryClusterer(embedder: CachedEmbedder.shared, makeStoryId: ClusterTests.counterIds())
        withMeaning.assign(Self.record)
        #expect(withMeaning.assign(Self.rally).storyId == "story_1")
    }

    @Test func lookAlikeEventsStayApart() {
        let clusterer = StoryClusterer(embedder: CachedEmbedder.shared, makeStoryId: ClusterTests.counterIds())
        clusterer.assign(Self.firstLayoffs)
        #expect(clusterer.assign(Self.otherLayoffs) == .newStory("story_2"))
    }

    @Test func featuresCarryTheEmbeddingOrAStoredOne() {
        let extractor = ArticleFeatureExtractor(configuration: .init(), embedder: CachedEmbedder.shared)
        let computed = extractor(Self.record)
        #expect(computed.embedding.count == 384)
        let stored = [Float](repeating: 0.05, count: 384)
        #expect(extractor(Self.record, embedding: stored).embedding == stored)
        // A vector of the wrong width (another model) is not used: the article is embedded again.
        #expect(extractor(Self.record, embedding: [1, 2, 3]).embedding == computed.embedding)
        #expect(ArticleFeatureExtractor(configuration: .init(), embedder: nil)(Self.record).embedding.isEmpty)
    }

    /// Counts the texts it embeds.
    final class CountingEmbedder: TextEmbedder {
        let calls = Mutex(0)
        var dimension: Int { CachedEmbedder.shared.dimension }
        var identifier: String { CachedEmbedder.shared.identifier }
        func embed(_ text: String) -> [Float] {
            calls.withLock { $0 += 1 }
            return CachedEmbedder.shared.embed(text)
        }
    }

    static func items(_ articles: [StoryArticle]) -> Data {
        Data((["items"] + articles.map { "\($0.id)|\($0.canonicalUrl!)|\($0.headline)|\($0.body)" }).joined(separator: "\n").utf8)
    }

    @Test func aRestartReusesStoredEmbeddings() async throws {
        let clock = TestClock(Date())
        let first = "https://wire.example/rss"
        let second = "https://journal.example/rss"
        let fetcher = ScriptedFetcher([
            first: [
                .fetched(
                    body: Self.items([Self.record, Self.firstLayoffs]), etag: nil, lastModified: nil, movedPermanentlyTo: nil)
            ],
            second: [.fetched(body: Self.items([Self.rally]), etag: nil, lastModified: nil, movedPermanentlyTo: nil)],
        ])
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func engines(_ embedder: CountingEmbedder) -> JarvisApplication.StoryEngines {
            .init(
                makeClusterer: { StoryClusterer(embedder: embedder) }, classifier: StoryServiceTests.HintClassifier(),
                analyzer: StoryServiceTests.PlainAnalyzer())
        }

        let before = CountingEmbedder()
        do {
            let application = try await JarvisApplication(
                settings: .init(dataDirectory: directory), parser: LineParser(), fetcher: fetcher,
                engines: engines(before), clock: { clock.read() })
            defer { application.database.closeSync() }
            _ = try await application.feeds.create(NewFeed(url: first, name: "Wire", pollIntervalSeconds: 900), now: clock.read())
            _ = await application.poller.pollDueFeeds()
            let stored = try await application.database.read {
                try $0.query("SELECT article_id, model, length(vector) AS bytes FROM article_vectors")
            }
            // Per article: its embedding and its headline's.
            #expect(stored.count == 4)
            #expect(
                try stored.map { try $0.decode(String.self, "model") }.sorted()
                    == [
                        "all-MiniLM-L6-v2/128", "all-MiniLM-L6-v2/128", "all-MiniLM-L6-v2/128/headline",
                        "all-MiniLM-L6-v2/128/headline",
                    ])
            #expect(try stored.allSatisfy { try $0.decode(Int.self, "bytes") == 384 * 4 })
        }
        #expect(before.calls.withLock { $0 } == 4)

        // Restart: the index comes back from the stored vectors; only the new report is embedded,
        // and it joins the restored platinum story.
        let after = CountingEmbedder()
        let application = try await JarvisApplication(
            settings: .init(dataDirectory: directory), parser: LineParser(), fetcher: fetcher,
            engines: engines(after), clock: { clock.read() })
        defer { application.database.closeSync() }
        try await application.bootstrap()
        #expect(after.calls.withLock { $0 } == 0)
        _ = try await application.feeds.create(NewFeed(url: second, name: "Journal", pollIntervalSeconds: 900), now: clock.read())
        _ = await application.poller.pollDueFeeds()
        #expect(after.calls.withLock { $0 } == 2, "the new report's text and headline")
        try await withLiveServer(application.router()) { server in
            let page = try IOS.decoder().decode(
                IOS.PaginatedStories.self, from: Data(try await server.client.get("/stories").body))
            #expect(page.total == 2)
            #expect(page.data.contains { $0.sourceCount == 2 && Set($0.sources.map(\.name)) == ["Wire", "Journal"] })
        }
    }
}
