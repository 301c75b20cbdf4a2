import Foundation
import HTTPTesting
import Jarvis
import JarvisAPI
import SentenceEmbedding
import Synchronization
import Testing

/// Start-up over a store of a few hundred stories: the server answers `/health` and `GET /stories`
/// while the clustering index is still being rebuilt, and an article polled meanwhile waits for
/// the rebuild and then joins the restored story it belongs to.
@Suite struct StartupRestoreLiveTests {
    /// The shared encoder behind a gate: every text waits until the test opens it, or until
    /// `opensAfter` seconds from the gate's creation (so a broken test fails instead of hanging).
    final class GatedEmbedder: TextEmbedder {
        private let opened = Mutex(false)
        private let deadline: Date
        let calls = Mutex(0)
        var dimension: Int { CachedEmbedder.shared.dimension }
        var identifier: String { CachedEmbedder.shared.identifier }
        init(opensAfter seconds: TimeInterval = 60) { deadline = Date().addingTimeInterval(seconds) }
        var isOpen: Bool { opened.withLock { $0 } || Date() >= deadline }
        func open() { opened.withLock { $0 = true } }
        func embed(_ text: String) -> [Float] {
            calls.withLock { $0 += 1 }
            while !isOpen { usleep(1000) }
            return CachedEmbedder.shared.embed(text)
        }
    }

    static let wire = "https://wire.example/rss", journal = "https://journal.example/rss"
    static let fillerCount = 300

    static func engines(_ embedder: (any TextEmbedder)?) -> JarvisApplication.StoryEngines {
        .init(
            makeClusterer: { StoryClusterer(embedder: embedder) }, classifier: StoryServiceTests.HintClassifier(),
            analyzer: StoryServiceTests.PlainAnalyzer())
    }

    static func items(_ lines: [String]) -> Data { Data((["items"] + lines).joined(separator: "\n").utf8) }

    /// The rate decision, then unrelated reports from a few hundred places (each its own story).
    static let firstDay = items(
        [
            "r1|https://wire.example/r1|Central Bank of Nigeria raises benchmark rate to 27.5 percent|"
                + "The Central Bank of Nigeria raised its monetary policy rate to 27.5 percent on Tuesday, "
                + "citing inflation in Lagos and Abuja."
        ]
            + (0..<fillerCount).map { i in
                "f\(i)|https://wire.example/f\(i)|Harbour \(i) of Zorvath\(i) opens quay number \(i * 7)|"
                    + "Workers in Zorvath\(i) finished quay \(i * 7) at harbour \(i), officials of district \(i * 13) said."
            })
    static let followUp = items([
        "j1|https://journal.example/j1|Nigeria's central bank lifts interest rate to 27.5% as inflation bites|"
            + "Nigeria's central bank increased its benchmark interest rate to 27.5 percent, "
            + "the Central Bank of Nigeria said in Abuja, pointing to inflation."
    ])

    /// A first poll of a few hundred articles is embedded on threads of its own: while every
    /// embedding is held, the server still answers (the encoder once filled the cooperative pool,
    /// one thread a core, and requests waited for the whole batch).
    @Test func answersWhileAFirstPollIsEmbedded() async throws {
        let clock = TestClock(Date())
        let fetcher = ScriptedFetcher([
            Self.wire: [.fetched(body: Self.firstDay, etag: nil, lastModified: nil, movedPermanentlyTo: nil)]
        ])
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let embedder = GatedEmbedder(opensAfter: 120)  // generous: a loaded machine once took over 30 s to get here
        let application = try await JarvisApplication(
            settings: .init(dataDirectory: directory), parser: LineParser(),
            fetcher: fetcher, engines: Self.engines(embedder), clock: { clock.read() })
        defer { application.database.closeSync() }
        _ = try await application.feeds.create(NewFeed(url: Self.wire, name: "Wire", pollIntervalSeconds: 900), now: clock.read())
        try await withLiveServer(application.router()) { server in
            let poll = Task { await application.poller.pollDueFeeds() }
            while embedder.calls.withLock({ $0 }) == 0, !embedder.isOpen { try await Task.sleep(for: .milliseconds(10)) }
            let feeds = try await server.client.get("/feeds")
            #expect(feeds.status == 200)
            #expect(!embedder.isOpen, "answered while the batch was being embedded, not after it")
            embedder.open()
            let reports = await poll.value
            #expect(reports.map(\.inserted) == [Self.fillerCount + 1])
            #expect(embedder.calls.withLock { $0 } >= Self.fillerCount + 1, "every article was embedded")
            let listed = try await server.client.get("/stories?limit=100")
            let stories = try IOS.decoder().decode(IOS.PaginatedStories.self, from: Data(listed.body))
            #expect(stories.total > 0, "the batch was clustered once the gate opened")
        }
    }

    @Test func answersBeforeTheIndexIsRebuiltAndClustersAfterIt() async throws {
        let clock = TestClock(Date())
        let fetcher = ScriptedFetcher([
            Self.wire: [.fetched(body: Self.firstDay, etag: nil, lastModified: nil, movedPermanentlyTo: nil)],
            Self.journal: [.fetched(body: Self.followUp, etag: nil, lastModified: nil, movedPermanentlyTo: nil)],
        ])
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            // Clustered without the sentence model, so the restart must embed every article again.
            let application = try await JarvisApplication(
                settings: .init(dataDirectory: directory), parser: LineParser(),
                fetcher: fetcher, engines: Self.engines(nil), clock: { clock.read() })
            defer { application.database.closeSync() }
            _ = try await application.feeds.create(
                NewFeed(url: Self.wire, name: "Wire", pollIntervalSeconds: 900),
                now: clock.read())
            _ = await application.poller.pollDueFeeds()
        }

        let embedder = GatedEmbedder()
        let application = try await JarvisApplication(
            settings: .init(dataDirectory: directory), parser: LineParser(),
            fetcher: fetcher, engines: Self.engines(embedder), clock: { clock.read() })
        defer { application.database.closeSync() }
        let service = try #require(application.storyService)
        try await application.bootstrap()
        try await withLiveServer(application.router()) { server in
            #expect(try await server.client.get("/health").status == 200)
            let response = try await server.client.get("/stories?limit=100")
            #expect(response.status == 200)
            let before = try IOS.decoder().decode(IOS.PaginatedStories.self, from: Data(response.body))
            #expect(before.total > Self.fillerCount / 2, "the stored stories are listed")
            #expect(await service.isIndexReady == false, "answered while the index was being rebuilt")

            // Polled during the rebuild: stored at once, clustered once the index is complete.
            _ = try await application.feeds.create(
                NewFeed(url: Self.journal, name: "Journal", pollIntervalSeconds: 900),
                now: clock.read())
            let poll = Task { await application.poller.pollDueFeeds() }
            embedder.open()
            _ = await poll.value
            #expect(await service.isIndexReady)
            #expect(
                embedder.calls.withLock { $0 } >= Self.fillerCount + 2,
                "the restored articles were embedded, then the new one")

            let listed = try await server.client.get("/stories?limit=100")
            let after = try IOS.decoder().decode(IOS.PaginatedStories.self, from: Data(listed.body))
            #expect(after.total == before.total, "the follow-up joined a restored story")
            let rate = try #require(after.data.first { $0.sourceCount == 2 })
            #expect(Set(rate.sources.map(\.name)) == ["Wire", "Journal"])
            #expect(rate.headline.localizedCaseInsensitiveContains("rate"))
        }
    }
}
