import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import JarvisAPI
import Testing

/// The story service between the poller and the feed: clustering decisions reach the store,
/// stories appear with `story.created`, grow with `story.updated`, leave with `story.stale`.
@Suite struct StoryServiceTests {
    /// Test doubles for the parts other suites cover: topic by feed hint, a plain analysis.
    struct HintClassifier: TopicClassifying {
        func topic(of articles: [StoryArticle]) -> Topic { articles.compactMap { $0.topicHint.flatMap(Topic.init) }.first ?? .politics }
    }

    struct PlainAnalyzer: StoryAnalyzing {
        func analyze(_ articles: [StoryArticle], topic: Topic, now: Date) -> StoryInsight {
            let sources = Set(articles.map(\.source)).count
            let age = now.timeIntervalSince(articles.map(\.publishedAt).max() ?? now)
            let score = ScoreBreakdown(sourceAuthority: 10, freshness: max(0, 25 - Int(age / 3600)), localRelevance: 0,
                                       crossSourceConfirmation: min(20, sources * 5), topicImportance: 5)
            return StoryInsight(headline: articles[0].headline, summary: "Summary: " + articles[0].body, topic: topic,
                                consensus: nil, conflict: nil, breaking: Dictionary(uniqueKeysWithValues: articles.map { ($0.id, false) }),
                                score: score)
        }
    }

    static func engines() -> JarvisApplication.StoryEngines {
        var configuration = StoryService.Configuration()
        configuration.staleAfter = 24 * 3600
        return .init(makeClusterer: { ClusteringEngine() }, classifier: HintClassifier(), analyzer: PlainAnalyzer(),
                     configuration: configuration)
    }

    static let a = "https://a.example/rss", b = "https://b.example/rss"

    static func items(_ lines: [String]) -> Data { Data((["items"] + lines).joined(separator: "\n").utf8) }

    @Test func reportsOfOneEventFromTwoOutletsBecomeOneStory() async throws {
        let clock = TestClock(Date())
        let fetcher = ScriptedFetcher([
            Self.a: [.fetched(body: Self.items([
                "a1|https://a.example/1|Central Bank of Nigeria raises benchmark rate to 27.5 percent|The Central Bank of Nigeria raised its monetary policy rate to 27.5 percent on Tuesday, citing inflation in Lagos and Abuja.",
                "a2|https://a.example/2|Kenyan chip startup opens Nairobi design lab|A Kenyan semiconductor startup opened a chip design lab in Nairobi with 40 engineers.",
            ]), etag: nil, lastModified: nil, movedPermanentlyTo: nil)],
            Self.b: [.fetched(body: Self.items([
                "b1|https://b.example/1|Nigeria's central bank lifts interest rate to 27.5% as inflation bites|Nigeria's central bank increased its benchmark interest rate to 27.5 percent, the Central Bank of Nigeria said in Abuja, pointing to inflation.",
            ]), etag: nil, lastModified: nil, movedPermanentlyTo: nil)],
        ])
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let application = try await JarvisApplication(settings: .init(dataDirectory: directory), parser: LineParser(), fetcher: fetcher,
                                                      engines: Self.engines(), clock: { clock.read() })
        defer { application.database.closeSync() }
        let events = application.events.subscribe()
        _ = try await application.feeds.create(NewFeed(url: Self.a, name: "Outlet A", pollIntervalSeconds: 900, topicHint: "africa"),
                                               now: clock.read())
        _ = await application.poller.pollDueFeeds()
        _ = try await application.feeds.create(NewFeed(url: Self.b, name: "Outlet B", pollIntervalSeconds: 900), now: clock.read())
        _ = await application.poller.pollDueFeeds()

        try await withLiveServer(application.router()) { server in
            let page = try IOS.decoder().decode(IOS.PaginatedStories.self, from: Data(try await server.client.get("/stories").body))
            #expect(page.total == 2, "the rate stories joined; the startup story stands alone")
            let rate = try #require(page.data.first { $0.sourceCount == 2 })
            #expect(Set(rate.sources.map(\.name)) == ["Outlet A", "Outlet B"])
            #expect(rate.topic == .africa)
            let detail = try IOS.decoder().decode(IOS.StoryDetail.self, from: Data(try await server.client.get("/stories/\(rate.id)").body))
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
            let after = try IOS.decoder().decode(IOS.PaginatedStories.self, from: Data(try await server.client.get("/stories").body))
            #expect(after.total == 0)
        }
    }
}
