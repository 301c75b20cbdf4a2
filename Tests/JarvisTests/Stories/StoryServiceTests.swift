import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import JarvisAPI
import Synchronization
import Testing

/// The story service between the poller and the feed: clustering decisions reach the store,
/// stories appear with `story.created`, grow with `story.updated`, leave with `story.stale`.
@Suite struct StoryServiceTests {
    /// Test doubles for the parts other suites cover: topic by feed hint, a plain analysis.
    struct HintClassifier: TopicClassifying {
        func topic(of articles: [StoryArticle], meaning: [String: [Float]]) -> Topic {
            articles.compactMap { $0.topicHint.flatMap(Topic.init) }.first ?? .politics
        }
    }

    struct PlainAnalyzer: StoryAnalyzing {
        func analyze(_ articles: [StoryArticle], topic: Topic, now: Date) -> StoryInsight {
            let sources = Set(articles.map(\.source)).count
            let age = now.timeIntervalSince(articles.map(\.publishedAt).max() ?? now)
            let score = ScoreBreakdown(
                sourceAuthority: 10, freshness: max(0, 25 - Int(age / 3600)), localRelevance: 0,
                crossSourceConfirmation: min(20, sources * 5), topicImportance: 5)
            return StoryInsight(
                headline: articles[0].headline, summary: "Summary: " + articles[0].body, topic: topic,
                consensus: nil, conflict: nil, breaking: Dictionary(uniqueKeysWithValues: articles.map { ($0.id, false) }),
                score: score)
        }
    }

    static func engines() -> JarvisApplication.StoryEngines {
        var configuration = StoryService.Configuration()
        configuration.staleAfter = 24 * 3600
        return .init(
            makeClusterer: { StoryClusterer() }, classifier: HintClassifier(), analyzer: PlainAnalyzer(),
            configuration: configuration)
    }

    static let a = "https://a.example/rss", b = "https://b.example/rss"

    static func items(_ lines: [String]) -> Data { Data((["items"] + lines).joined(separator: "\n").utf8) }

    @Test func reportsOfOneEventFromTwoOutletsBecomeOneStory() async throws {
        let clock = TestClock(Date())
        let fetcher = ScriptedFetcher([
            Self.a: [
                .fetched(
                    body: Self.items([
                        "a1|https://a.example/1|Central Bank of Nigeria raises benchmark rate to 27.5 percent|The Central Bank of Nigeria raised its monetary policy rate to 27.5 percent on Tuesday, citing inflation in Lagos and Abuja.",
                        "a2|https://a.example/2|Kenyan chip startup opens Nairobi design lab|A Kenyan semiconductor startup opened a chip design lab in Nairobi with 40 engineers.",
                    ]), etag: nil, lastModified: nil, movedPermanentlyTo: nil)
            ],
            Self.b: [
                .fetched(
                    body: Self.items([
                        "b1|https://b.example/1|Nigeria's central bank lifts interest rate to 27.5% as inflation bites|Nigeria's central bank increased its benchmark interest rate to 27.5 percent, the Central Bank of Nigeria said in Abuja, pointing to inflation."
                    ]), etag: nil, lastModified: nil, movedPermanentlyTo: nil)
            ],
        ])
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let application = try await JarvisApplication(
            settings: .init(dataDirectory: directory), parser: LineParser(), fetcher: fetcher,
            engines: Self.engines(), clock: { clock.read() })
        defer { application.database.closeSync() }
        let events = application.events.subscribe()
        _ = try await application.feeds.create(
            NewFeed(url: Self.a, name: "Outlet A", pollIntervalSeconds: 900, topicHint: "africa"),
            now: clock.read())
        _ = await application.poller.pollDueFeeds()
        _ = try await application.feeds.create(
            NewFeed(url: Self.b, name: "Outlet B", pollIntervalSeconds: 900), now: clock.read())
        _ = await application.poller.pollDueFeeds()

        try await withLiveServer(application.router()) { server in
            let page = try IOS.decoder().decode(
                IOS.PaginatedStories.self, from: Data(try await server.client.get("/stories").body))
            #expect(page.total == 2, "the rate stories joined; the startup story stands alone")
            let rate = try #require(page.data.first { $0.sourceCount == 2 })
            #expect(Set(rate.sources.map(\.name)) == ["Outlet A", "Outlet B"])
            #expect(rate.topic == .africa)
            let detail = try IOS.decoder().decode(
                IOS.StoryDetail.self, from: Data(try await server.client.get("/stories/\(rate.id)").body))
            #expect(detail.timeline.count == 2)
            #expect(detail.timeline.map(\.source).sorted() == ["Outlet A", "Outlet B"])

            var seen: [JarvisEvent] = []
            for await event in events {
                seen.append(event)
                if seen.count == 3 { break }
            }
            #expect(seen.filter { if case .storyCreated = $0 { true } else { false } }.count == 2)
            #expect(seen.contains(.storyUpdated(storyId: rate.id, signalScore: rate.signalScore, sourceCount: 2)))

            // Quiet for longer than the stale period: the stories leave the feed.
            clock.advance(25 * 3600)
            await application.storyService?.sweep()
            let after = try IOS.decoder().decode(
                IOS.PaginatedStories.self, from: Data(try await server.client.get("/stories").body))
            #expect(after.total == 0)
        }
    }
}

extension StoryServiceTests {
    /// A Jarvis application on a throwaway data directory whose feeds are `TimedLineParser` documents, with these
    /// story engines and clock; its database is closed and the directory removed once `body` returns.
    static func withTimedApplication<Result>(
        fetcher: any FeedFetching, engines: JarvisApplication.StoryEngines, clock: TestClock,
        _ body: (JarvisApplication) async throws -> Result
    ) async throws -> Result {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let application = try await JarvisApplication(
            settings: .init(dataDirectory: directory), parser: TimedLineParser(), fetcher: fetcher, engines: engines,
            clock: { clock.read() })
        defer { application.database.closeSync() }
        return try await body(application)
    }

    /// Items `guid|link|headline|body|seconds since the epoch`.
    struct TimedLineParser: FeedDocumentParsing {
        func articles(from document: Data, feedURL: URL, now: Date) throws -> [IncomingArticle] {
            String(decoding: document, as: UTF8.self).split(separator: "\n").dropFirst().map { line in
                let parts = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                return IncomingArticle(
                    guid: parts[0], link: parts[1], headline: parts[2], body: parts[3],
                    publishedAt: Date(timeIntervalSince1970: Double(parts[4])!))
            }
        }
    }

    /// The real engine, with a hook called before each decision (to record the order, or to be slow).
    final class HookedEngine: StoryClusteringEngine, @unchecked Sendable {  // used by one service, serially
        let inner = StoryClusterer()
        let beforeAssign: @Sendable (StoryArticle) -> Void
        init(beforeAssign: @escaping @Sendable (StoryArticle) -> Void) { self.beforeAssign = beforeAssign }
        var extractor: ArticleFeatureExtractor { inner.extractor }
        func assign(_ article: StoryArticle, features: ArticleFeatures, proposedStoryId: String?) -> StoryAssignment {
            beforeAssign(article)
            return inner.assign(article, features: features, proposedStoryId: proposedStoryId)
        }
        func restore(article: StoryArticle, features: ArticleFeatures, storyId: String) {
            inner.restore(article: article, features: features, storyId: storyId)
        }
        func remove(storyId: String) { inner.remove(storyId: storyId) }
        func reconsiderLoneArticles() -> [(survivor: String, absorbed: String)] { inner.reconsiderLoneArticles() }
    }

    @Test func feedsPolledTogetherAreClusteredTogetherOldestFirst() async throws {
        let clock = TestClock(Date())
        let t = Int(clock.read().timeIntervalSince1970)
        // Each feed lists newest first; the two feeds' items alternate in time.
        func items(_ rows: [(String, Int)]) -> Data {
            Data(
                (["items"]
                    + rows.map {
                        "\($0.0)|https://x.example/\($0.0)|Report \($0.0) on event \($0.0)|Body of \($0.0).|\(t - 3600 + $0.1)"
                    })
                    .joined(separator: "\n").utf8)
        }
        let fetcher = ScriptedFetcher([
            Self.a: [
                .fetched(
                    body: items([("a3", 50), ("a2", 30), ("a1", 10)]), etag: nil, lastModified: nil, movedPermanentlyTo: nil)
            ],
            Self.b: [
                .fetched(
                    body: items([("b3", 60), ("b2", 40), ("b1", 20)]), etag: nil, lastModified: nil, movedPermanentlyTo: nil)
            ],
        ])
        let order = Mutex<[String]>([])
        let engine = HookedEngine { article in order.withLock { $0.append(article.headline) } }
        var configuration = StoryService.Configuration()
        configuration.gatherWindow = .seconds(2)  // generous: a loaded machine must not split the two batches
        let engines = JarvisApplication.StoryEngines(
            makeClusterer: { engine }, classifier: HintClassifier(), analyzer: PlainAnalyzer(),
            configuration: configuration)
        try await Self.withTimedApplication(fetcher: fetcher, engines: engines, clock: clock) { application in
            _ = try await application.feeds.create(
                NewFeed(url: Self.a, name: "Outlet A", pollIntervalSeconds: 900), now: clock.read())
            _ = try await application.feeds.create(
                NewFeed(url: Self.b, name: "Outlet B", pollIntervalSeconds: 900), now: clock.read())
            _ = await application.poller.pollDueFeeds()
            #expect(order.withLock { $0 }.map { String($0.split(separator: " ")[1]) } == ["a1", "b1", "a2", "b2", "a3", "b3"])
            // And every article was placed before the poll returned.
            let stored = try await application.database.read {
                try $0.query("SELECT count(*) AS n FROM stories WHERE analyzed = 1")
            }
            #expect(try stored[0].decode(Int.self, "n") >= 1)
        }
    }
}

extension StoryServiceTests {
    /// Fetches answered at once, with the moment each began.
    final class TimedFetcher: FeedFetching {
        let inner: ScriptedFetcher
        let starts = Mutex<[String: Date]>([:])
        init(_ inner: ScriptedFetcher) { self.inner = inner }
        func fetch(_ request: FetchRequest) async -> FetchOutcome {
            starts.withLock { $0[request.url.absoluteString] = Date() }
            return await inner.fetch(request)
        }
    }

    /// One fetch slot on the host (`maxPerHost` 1), or one in all (`maxConcurrentFetches` 1, two hosts): either way
    /// the second fetch waits for the first answer, not for its clustering.
    @Test(arguments: [true, false])
    func fetchSlotsAreFreedOnceTheAnswerIsInNotAfterClustering(sameHost: Bool) async throws {
        let first = "https://same.example/one"
        let second = sameHost ? "https://same.example/two" : "https://other.example/two"
        let fetcher = TimedFetcher(
            ScriptedFetcher([
                first: [
                    .fetched(
                        body: Self.items([
                            "o1|https://same.example/o1|Quarry collapse traps miners in Shinyanga|Rescuers worked overnight."
                        ]),
                        etag: nil, lastModified: nil, movedPermanentlyTo: nil)
                ],
                second: [
                    .fetched(
                        body: Self.items([
                            "t1|https://same.example/t1|Ferry service resumes on Lake Victoria|The operator said repairs were done."
                        ]),
                        etag: nil, lastModified: nil, movedPermanentlyTo: nil)
                ],
            ]))
        var settings = JarvisApplication.Settings(dataDirectory: temporaryDirectory())
        if sameHost { settings.poller.maxPerHost = 1 } else { settings.poller.maxConcurrentFetches = 1 }
        settings.poller.idleCheck = .milliseconds(50)
        defer { try? FileManager.default.removeItem(atPath: settings.dataDirectory) }
        let engines = JarvisApplication.StoryEngines(
            makeClusterer: { HookedEngine { _ in Thread.sleep(forTimeInterval: 1.5) } }, classifier: HintClassifier(),
            analyzer: PlainAnalyzer())
        let application = try await JarvisApplication(
            settings: settings, parser: LineParser(), fetcher: fetcher, engines: engines)
        defer { application.database.closeSync() }
        _ = try await application.feeds.create(NewFeed(url: first, name: "One", pollIntervalSeconds: 900), now: Date())
        _ = try await application.feeds.create(NewFeed(url: second, name: "Two", pollIntervalSeconds: 900), now: Date())
        let poller = Task { await application.poller.run() }
        for _ in 0..<200 where fetcher.starts.withLock({ $0.count }) < 2 { try await Task.sleep(for: .milliseconds(20)) }
        poller.cancel()
        await poller.value  // the polls under way finish (their clustering too) before the database closes
        let starts = fetcher.starts.withLock { $0 }
        let a = try #require(starts[first])
        let b = try #require(starts[second])
        // The second fetch waits for the first answer, not for its 1.5 s of clustering.
        #expect(abs(a.timeIntervalSince(b)) < 1.0)
    }
}
