import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import JarvisAPI
import Synchronization
import Testing

/// The whole ingestion path for real: feeds added through `POST /feeds`, fetched with libcurl
/// from a local server, parsed with libxml2, stored, and served back through `/articles`.
@Suite struct LivePollerTests {
    static func rss(_ items: [(guid: String, title: String, html: String)]) -> Data {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
            <channel><title>Local Desk</title><link>http://local.test/</link>
            """
        for item in items {
            xml += """
                <item><guid isPermaLink="false">\(item.guid)</guid><title>\(item.title)</title>
                <link>http://local.test/news/\(item.guid)</link><dc:creator>Ada Obi</dc:creator>
                <pubDate>Sat, 28 Nov 2026 09:30:00 GMT</pubDate>
                <content:encoded><![CDATA[\(item.html)]]></content:encoded></item>
                """
        }
        return Data((xml + "</channel></rss>").utf8)
    }

    /// A feed origin whose `/flaky.xml` fails `failures` times before answering.
    static func origin(failures: Int) -> Router {
        let attempts = Mutex(0)
        let document = rss([
            (
                "a1", "Central bank holds rates at 27.5%",
                "<p>The <b>central bank</b> held its rate.</p><script>track()</script><p>Markets &amp; traders reacted.</p><img src=\"/img/cb.jpg\">"
            ),
            ("a2", "Chip maker opens plant", "<p>A new plant opened.</p>"),
        ])
        var router = Router()
        router.get("/rss.xml") { request in
            if request.headers["If-None-Match"] == "\"r1\"" { return Response(status: .notModified) }
            return Response(
                status: .ok, headers: ["Content-Type": "application/rss+xml", "ETag": "\"r1\""], body: .bytes(document))
        }
        router.get("/rss2.xml") { _ in Response(status: .ok, body: .bytes(document)) }
        router.get("/moved.xml") { _ in Response(status: .movedPermanently, headers: ["Location": "/rss2.xml"]) }
        router.get("/dup-moved.xml") { _ in Response(status: .movedPermanently, headers: ["Location": "/rss.xml"]) }
        router.get("/limited.xml") { _ in Response(status: .tooManyRequests, headers: ["Retry-After": "3600"]) }
        router.get("/slow.xml") { _ in
            try await Task.sleep(for: .seconds(3))
            return Response(status: .ok, body: .bytes(document))
        }
        router.get("/flaky.xml") { _ in
            let attempt = attempts.withLock {
                $0 += 1
                return $0
            }
            if attempt <= failures { return Response(status: .internalServerError) }
            return Response(status: .ok, body: .bytes(document))
        }
        router.get("/page.html") { _ in
            Response(
                status: .ok, headers: ["Content-Type": "text/html"],
                body: .bytes(Data("<html><body>hi</body></html>".utf8)))
        }
        return router
    }

    struct Submission: Encodable {
        let url: String
        let name: String
        let pollIntervalSeconds: Int
    }

    @Test func ingestionEndToEnd() async throws {
        let clock = TestClock()
        try await withLiveServer(Self.origin(failures: 10)) { origin in
            let fetcher = CurlFeedFetcher(
                configuration: FetchConfiguration(totalTimeout: .seconds(1), allowPrivateAddresses: true))
            try await withJarvis(allowPrivate: true, fetcher: fetcher, parser: StandardFeedDocumentParser(), clock: clock) {
                application, server in
                var ids: [String: String] = [:]
                for path in ["rss.xml", "moved.xml", "dup-moved.xml", "limited.xml", "slow.xml", "flaky.xml", "page.html"] {
                    let response = try await server.client.post(
                        "/feeds",
                        json: Submission(
                            url: "http://127.0.0.1:\(origin.port)/\(path)", name: path, pollIntervalSeconds: 600))
                    #expect(response.status == 201)
                    ids[path] = try IOS.decoder().decode(IOS.Feed.self, from: Data(response.body)).id
                }
                let reports = Dictionary(uniqueKeysWithValues: await application.poller.pollDueFeeds().map { ($0.feedId, $0) })
                #expect(reports[ids["rss.xml"]!]?.inserted == 2)
                #expect(reports[ids["moved.xml"]!]?.inserted == 2, "a second feed carrying the same items stores its own copies")
                #expect(reports[ids["limited.xml"]!]?.outcome == "http_429")
                #expect(reports[ids["slow.xml"]!]?.outcome == "failed")
                #expect(reports[ids["flaky.xml"]!]?.outcome == "http_500")
                #expect(reports[ids["page.html"]!]?.outcome == "unparseable")

                let moved = try #require(try await application.feeds.feed(id: ids["moved.xml"]!))
                #expect(moved.url == "http://127.0.0.1:\(origin.port)/rss2.xml", "a permanent redirect updates the stored URL")
                let duplicate = try #require(try await application.feeds.feed(id: ids["dup-moved.xml"]!))
                #expect(
                    duplicate.url == "http://127.0.0.1:\(origin.port)/dup-moved.xml",
                    "…unless another feed already has the target URL")
                let limited = try #require(try await application.feeds.feed(id: ids["limited.xml"]!))
                #expect(limited.nextPollAt.timeIntervalSince(clock.read()) >= 3600)

                // Articles as the app reads them.
                let feeds = try IOS.decoder().decode(IOS.FeedList.self, from: Data(try await server.client.get("/feeds").body))
                    .data
                let rssFeed = try #require(feeds.first { $0.id == ids["rss.xml"] })
                #expect(rssFeed.articleCountToday == 2)
                #expect(rssFeed.lastFetchedAt != nil)
                let raw = try WireCheck.object(try await server.client.get("/feeds").body)
                for feed in raw["data"] as? [[String: Any]] ?? [] where !(feed["lastFetchedAt"] is NSNull) {
                    #expect(WireCheck.isWireDate(feed["lastFetchedAt"]))
                }

                let rssID = ids["rss.xml"]!
                let stored = try await application.database.read { connection in
                    try connection.query("SELECT id FROM articles WHERE feed_id = $1 ORDER BY guid", rssID)
                        .map { try $0.decode(String.self, "id") }
                }
                let response = try await server.client.get("/articles/\(stored[0])")
                #expect(response.status == 200)
                let article = try IOS.decoder().decode(IOS.Article.self, from: Data(response.body))
                #expect(article.headline == "Central bank holds rates at 27.5%")
                #expect(article.source == "rss.xml")
                #expect(article.author == "Ada Obi")
                #expect(article.sourceUrl == "http://local.test/news/a1")
                #expect(!article.body.contains("track()"), "scripts are stripped")
                #expect(article.body.contains("Markets & traders reacted."))
                #expect(article.publishedAt == Date(timeIntervalSince1970: 1_795_858_200))
                #expect(article.imageUrl != nil)
                let articleRaw = try WireCheck.object(response.body)
                #expect(
                    WireCheck.hasKeys(
                        articleRaw,
                        [
                            "id", "storyId", "source", "sourceUrl", "headline", "body", "publishedAt",
                            "imageUrl", "author",
                        ]
                    ).isEmpty)
                #expect(WireCheck.isWireDate(articleRaw["publishedAt"]))

                // Failing → dead → active again for the flaky origin (10 failures, then it recovers).
                var healths: [FeedHealth] = []
                for _ in 0..<10 {
                    let feed = try #require(try await application.feeds.feed(id: ids["flaky.xml"]!))
                    healths.append(feed.health)
                    clock.advance(feed.nextPollAt.timeIntervalSince(clock.read()) + 1)
                    _ = await application.poller.pollDueFeeds()
                }
                let revived = try #require(try await application.feeds.feed(id: ids["flaky.xml"]!))
                #expect(healths.contains(.failing))
                #expect(healths.last == .dead)
                #expect(revived.health == .active)
                #expect(revived.failureCount == 0)

                // The conditional GET: the second poll of rss.xml is a 304 and stores nothing new.
                let again = await application.poller.poll(try #require(try await application.feeds.feed(id: ids["rss.xml"]!)))
                #expect(again?.outcome == "not_modified")
            }
        }
    }
}
