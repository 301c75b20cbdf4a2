import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import JarvisAPI
import Testing

/// The poller's state machine and ingestion, with scripted fetch outcomes and a test clock.
@Suite struct PollerTests {
    static let feedURL = "https://feeds.example.org/world.xml"

    static func items(_ lines: [String]) -> Data { Data((["items"] + lines).joined(separator: "\n").utf8) }

    static func addFeed(
        _ application: JarvisApplication, url: String = feedURL, interval: Int = 900,
        now: Date
    ) async throws -> Feed {
        try await application.feeds.create(NewFeed(url: url, name: "World Desk", pollIntervalSeconds: interval), now: now)
    }

    func collect(_ stream: AsyncStream<JarvisEvent>, count: Int) async -> [JarvisEvent] {
        var events: [JarvisEvent] = []
        for await event in stream {
            events.append(event)
            if events.count == count { break }
        }
        return events
    }

    @Test func healthGoesFailingThenDeadThenActiveAgain() async throws {
        let clock = TestClock()
        let body = Self.items(["g1|https://example.org/a|Headline one|Body one"])
        var script: [FetchOutcome] = Array(repeating: .httpError(status: 500, retryAfter: nil), count: 10)
        script.append(.fetched(body: body, etag: "\"e1\"", lastModified: nil, movedPermanentlyTo: nil))
        let fetcher = ScriptedFetcher([Self.feedURL: script])
        try await withJarvis(fetcher: fetcher, clock: clock) { application, server in
            let feed = try await Self.addFeed(application, now: clock.read())
            let healthEvents = application.events.subscribe()
            var seen: [(FeedHealth, Int)] = []
            for attempt in 1...10 {
                let reports = await application.poller.pollDueFeeds()
                #expect(reports.count == 1, "attempt \(attempt): the feed is due")
                let stored = try #require(try await application.feeds.feed(id: feed.id))
                seen.append((stored.health, stored.failureCount))
                #expect(stored.lastFetchedAt == nil)
                // Backoff: not due again until its next poll time.
                #expect(await application.poller.pollDueFeeds().isEmpty)
                clock.advance(stored.nextPollAt.timeIntervalSince(clock.read()) + 1)
            }
            #expect(
                seen.map(\.0) == [.active, .failing, .failing, .failing, .failing, .failing, .failing, .failing, .failing, .dead])
            #expect(seen.map(\.1) == Array(1...10))
            let dead = try #require(try await application.feeds.feed(id: feed.id))
            #expect(dead.lastError == "HTTP 500")

            let reports = await application.poller.pollDueFeeds()
            #expect(reports.first?.health == .active)
            #expect(reports.first?.inserted == 1)
            let revived = try #require(try await application.feeds.feed(id: feed.id))
            #expect(revived.health == .active)
            #expect(revived.failureCount == 0)
            #expect(revived.lastFetchedAt == clock.read())
            #expect(revived.etag == "\"e1\"")

            // The wire shows it too, and every change of health was an event.
            let list = try IOS.decoder().decode(IOS.FeedList.self, from: Data(try await server.client.get("/feeds").body))
            #expect(list.data.first?.health == .active)
            #expect(list.data.first?.articleCountToday == 1)
            let events = await collect(healthEvents, count: 3)
            #expect(events.contains(.feedHealth(feedId: feed.id, health: .failing, failureCount: 2)))
            #expect(events.contains(.feedHealth(feedId: feed.id, health: .failing, failureCount: 3)))
        }
    }

    @Test func backoffGrowsExponentiallyAndIsCapped() {
        var policy = FeedHealthPolicy()
        policy.random = { 0.5 }  // no jitter
        let now = Date(timeIntervalSince1970: 0)
        var feed = Feed(id: "f", name: "n", url: Self.feedURL, pollIntervalSeconds: 600, nextPollAt: now, createdAt: now)
        var delays: [TimeInterval] = []
        for _ in 0..<8 {
            feed = policy.afterFailure(feed, now: now, reason: "x")
            delays.append(feed.nextPollAt.timeIntervalSince(now))
        }
        #expect(delays == [600, 1200, 2400, 4800, 9600, 19_200, 21_600, 21_600])
        feed = policy.afterFailure(feed, now: now, reason: "x")
        feed = policy.afterFailure(feed, now: now, reason: "x")
        #expect(feed.health == .dead)
        #expect(feed.nextPollAt.timeIntervalSince(now) == 24 * 3600, "dead feeds are retried daily")
    }

    @Test func jitterSpreadsSchedules() {
        var policy = FeedHealthPolicy()
        let now = Date(timeIntervalSince1970: 0)
        let feed = Feed(id: "f", name: "n", url: Self.feedURL, pollIntervalSeconds: 1000, nextPollAt: now, createdAt: now)
        let delays = Set(
            (0..<50).map { _ in policy.afterSuccess(feed, now: now, etag: nil, lastModified: nil, movedTo: nil).nextPollAt })
        #expect(delays.count > 10)
        #expect(delays.allSatisfy { (900...1100).contains($0.timeIntervalSince(now)) })
        policy.random = { 0.5 }
        #expect(
            policy.afterSuccess(feed, now: now, etag: nil, lastModified: nil, movedTo: nil).nextPollAt.timeIntervalSince(now)
                == 1000)
    }

    @Test func goneIsDeadAtOnceAndRetryAfterIsHonoured() async throws {
        let clock = TestClock()
        let other = "https://other.example.org/feed.xml"
        let fetcher = ScriptedFetcher([
            Self.feedURL: [.httpError(status: 410, retryAfter: nil)],
            other: [.httpError(status: 429, retryAfter: 7200)],
        ])
        try await withJarvis(fetcher: fetcher, clock: clock) { application, _ in
            let gone = try await Self.addFeed(application, now: clock.read())
            let limited = try await Self.addFeed(application, url: other, interval: 600, now: clock.read())
            _ = await application.poller.pollDueFeeds()
            let goneAfter = try #require(try await application.feeds.feed(id: gone.id))
            #expect(goneAfter.health == .dead)
            #expect(goneAfter.failureCount == 1)
            let limitedAfter = try #require(try await application.feeds.feed(id: limited.id))
            #expect(limitedAfter.health == .active, "one failure is not yet failing")
            #expect(limitedAfter.nextPollAt.timeIntervalSince(clock.read()) >= 7200, "Retry-After beats the 600 s backoff")
        }
    }

    @Test func notModifiedIsSuccessAndValidatorsAreSent() async throws {
        let clock = TestClock()
        let body = Self.items(["g1|https://example.org/a|Headline|Body"])
        let fetcher = ScriptedFetcher([
            Self.feedURL: [
                .fetched(body: body, etag: "\"v1\"", lastModified: "Sat, 28 Nov 2026 10:00:00 GMT", movedPermanentlyTo: nil),
                .notModified(movedPermanentlyTo: nil),
            ]
        ])
        try await withJarvis(fetcher: fetcher, clock: clock) { application, _ in
            let feed = try await Self.addFeed(application, now: clock.read())
            _ = await application.poller.pollDueFeeds()
            clock.advance(2000)
            let second = await application.poller.pollDueFeeds()
            #expect(second.first?.outcome == "not_modified")
            #expect(fetcher.requests.last?.etag == "\"v1\"")
            #expect(fetcher.requests.last?.lastModified == "Sat, 28 Nov 2026 10:00:00 GMT")
            let stored = try #require(try await application.feeds.feed(id: feed.id))
            #expect(stored.health == .active)
            #expect(stored.lastFetchedAt == clock.read())
        }
    }

    @Test func permanentRedirectUpdatesTheStoredURL() async throws {
        let clock = TestClock()
        let moved = URL(string: "https://new.example.org/world.xml")!
        let fetcher = ScriptedFetcher([Self.feedURL: [.notModified(movedPermanentlyTo: moved)]])
        try await withJarvis(fetcher: fetcher, clock: clock) { application, _ in
            let feed = try await Self.addFeed(application, now: clock.read())
            _ = await application.poller.pollDueFeeds()
            #expect(try await application.feeds.feed(id: feed.id)?.url == moved.absoluteString)
        }
    }

    @Test func itemsSeenAgainUpdateInsteadOfDuplicatingAndArticlesAreServed() async throws {
        let clock = TestClock()
        let first = Self.items([
            "g1|https://example.org/a?utm_source=rss|Headline one|Body one",
            "g2|https://example.org/b|Headline two|Body two",
        ])
        let second = Self.items([
            "g1|https://example.org/a|Headline one (updated)|Body one, now longer",
            "g2|https://example.org/b|Headline two|Body two",
            "g3|https://example.org/c|Headline three|Body three",
        ])
        let fetcher = ScriptedFetcher([
            Self.feedURL: [
                .fetched(body: first, etag: nil, lastModified: nil, movedPermanentlyTo: nil),
                .fetched(body: second, etag: nil, lastModified: nil, movedPermanentlyTo: nil),
            ]
        ])
        try await withJarvis(fetcher: fetcher, clock: clock) { application, server in
            _ = try await Self.addFeed(application, now: clock.read())
            let r1 = await application.poller.pollDueFeeds()
            #expect(r1.first?.inserted == 2)
            clock.advance(1000)
            let r2 = await application.poller.pollDueFeeds()
            #expect(r2.first?.inserted == 1)
            #expect(r2.first?.updated == 1)
            #expect(try await application.articles.count() == 3)

            let health = try IOS.decoder().decode(IOS.ServerHealth.self, from: Data(try await server.client.get("/health").body))
            #expect(health.storiesCount == 3, "every article belongs to a story from the moment it is stored")
        }
    }

    @Test func unparseableDocumentsMarkTheFeedFailingWithAReason() async throws {
        let clock = TestClock()
        let fetcher = ScriptedFetcher([
            Self.feedURL: [
                .fetched(
                    body: Data("<html>not a feed</html>".utf8), etag: nil,
                    lastModified: nil, movedPermanentlyTo: nil)
            ]
        ])
        try await withJarvis(fetcher: fetcher, clock: clock) { application, _ in
            let feed = try await Self.addFeed(application, now: clock.read())
            _ = await application.poller.pollDueFeeds()
            clock.advance(100_000)
            _ = await application.poller.pollDueFeeds()
            let stored = try #require(try await application.feeds.feed(id: feed.id))
            #expect(stored.health == .failing)
            #expect(stored.lastError?.hasPrefix("unparseable") == true)
        }
    }

    @Test func deletedFeedsLeavePollingAtOnceAndKeepTheirArticles() async throws {
        let clock = TestClock()
        let body = Self.items(["g1|https://example.org/a|Headline one|Body one"])
        let fetcher = ScriptedFetcher([
            Self.feedURL: [.fetched(body: body, etag: nil, lastModified: nil, movedPermanentlyTo: nil)]
        ])
        try await withJarvis(fetcher: fetcher, clock: clock) { application, server in
            let feed = try await Self.addFeed(application, now: clock.read())
            _ = await application.poller.pollDueFeeds()
            #expect(try await server.client.delete("/feeds/\(feed.id)").status == 204)
            clock.advance(100_000)
            #expect(await application.poller.pollDueFeeds().isEmpty)
            #expect(fetcher.requests.count == 1)
            #expect(try await application.articles.count() == 1)
        }
    }
}
