import Foundation
import Jarvis
import JarvisAPI
import SentenceEmbedding
import Synchronization
import Testing

/// The story service hands the topic classifier the meaning vectors clustering stored for the story's articles,
/// when they were made by the encoder the classifier was trained on; otherwise none (the text model decides).
@Suite struct TopicMeaningServiceTests {
    /// A stand-in encoder: a fixed unit vector per text, so no model is loaded.
    struct FixedEmbedder: TextEmbedder {
        var dimension: Int { 3 }
        var identifier: String { "fixed/3" }
        func embed(_ text: String) -> [Float] { text.contains("rate") ? [1, 0, 0] : [0, 0.6, 0.8] }
    }

    /// A stand-in encoder with branches: each branch's vector differs from the embedding and the other branch's.
    struct BranchedEmbedder: TextEmbedder {
        var branchIdentifiers = ["fixed/3+topics-1"]
        var dimension: Int { 3 }
        var identifier: String { "fixed/3" }
        func embed(_ text: String) -> [Float] { FixedEmbedder().embed(text) }
        func embedWithBranches(_ texts: [String]) -> [(vector: [Float], branches: [[Float]])] {
            texts.map { text in
                let topic: [Float] = text.contains("rate") ? [0, 1, 0] : [0, 0, 1]
                return (embed(text), branchIdentifiers.indices.map { $0 == 0 ? topic : topic.reversed() })
            }
        }
    }

    /// Records the vectors it is given, by article id.
    final class RecordingClassifier: TopicClassifying {
        let meaningEncoder: String?
        let seen = Mutex<[String: [Float]]>([:])
        let calls = Mutex(0)
        init(encoder: String) { meaningEncoder = encoder }
        func topic(of articles: [StoryArticle], meaning: [String: [Float]]) -> Topic {
            calls.withLock { $0 += 1 }
            seen.withLock { $0.merge(meaning) { $1 } }
            return .politics
        }
    }

    @discardableResult
    private func run(_ classifier: RecordingClassifier, embedder: any TextEmbedder = FixedEmbedder()) async throws
        -> [String]
    {
        let clock = TestClock(Date())
        let feed = "https://wire.example/rss"
        let body = Data(
            """
            items
            r1|https://wire.example/1|Central bank raises its key rate|The bank lifted the rate to 5 percent on Tuesday.
            s1|https://wire.example/2|Storm closes schools along the coast|Heavy rain shut roads and schools on Monday.
            """.utf8)
        let fetcher = ScriptedFetcher([
            feed: [.fetched(body: body, etag: nil, lastModified: nil, movedPermanentlyTo: nil)]
        ])
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let engines = JarvisApplication.StoryEngines(
            makeClusterer: { StoryClusterer(embedder: embedder) }, classifier: classifier,
            analyzer: StoryServiceTests.PlainAnalyzer())
        let application = try await JarvisApplication(
            settings: .init(dataDirectory: directory), parser: LineParser(), fetcher: fetcher, engines: engines,
            clock: { clock.read() })
        defer { application.database.closeSync() }
        _ = try await application.feeds.create(NewFeed(url: feed, name: "Wire", pollIntervalSeconds: 900), now: clock.read())
        _ = await application.poller.pollDueFeeds()
        return try await application.database.read {
            try $0.query("SELECT model FROM article_vectors ORDER BY model, article_id").map {
                try $0.decode(String.self, "model")
            }
        }
    }

    @Test func theStoredVectorsReachTheClassifier() async throws {
        let classifier = RecordingClassifier(encoder: "fixed/3")
        try await run(classifier)
        #expect(classifier.calls.withLock { $0 } >= 2)
        let seen = classifier.seen.withLock { $0 }
        #expect(seen.count == 2)
        #expect(Set(seen.values) == [[1, 0, 0], [0, 0.6, 0.8]])
    }

    @Test func anotherEncodersVectorsAreNotGiven() async throws {
        let classifier = RecordingClassifier(encoder: "all-MiniLM-L6-v2/128")
        try await run(classifier)
        #expect(classifier.calls.withLock { $0 } >= 2)
        #expect(classifier.seen.withLock { $0 }.isEmpty)
    }

    @Test func theBranchVectorsReachAClassifierTrainedOnThem() async throws {
        let classifier = RecordingClassifier(encoder: "fixed/3+topics-1")
        let stored = try await run(classifier, embedder: BranchedEmbedder())
        // Every kind is kept: the embeddings for clustering (and restarts), the branch vector for topics.
        #expect(stored == ["fixed/3", "fixed/3", "fixed/3+topics-1", "fixed/3+topics-1", "fixed/3/headline", "fixed/3/headline"])
        let seen = classifier.seen.withLock { $0 }
        #expect(seen.count == 2)
        #expect(Set(seen.values) == [[0, 1, 0], [0, 0, 1]])
    }

    /// With a second branch (the join's event vectors) each branch's vectors are kept under its own name, and the
    /// classifier still gets its own branch's.
    @Test func everyBranchKeepsItsOwnVectors() async throws {
        let classifier = RecordingClassifier(encoder: "fixed/3+topics-1")
        let embedder = BranchedEmbedder(branchIdentifiers: ["fixed/3+topics-1", "fixed/3+events-1"])
        let stored = try await run(classifier, embedder: embedder)
        #expect(stored.filter { $0 == "fixed/3+events-1" }.count == 2 && stored.filter { $0 == "fixed/3+topics-1" }.count == 2)
        #expect(Set(classifier.seen.withLock { $0 }.values) == [[0, 1, 0], [0, 0, 1]])
    }
}
