import ClusterTesting
import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import JarvisAPI
import SQLStore
import Synchronization
import Testing

/// Full articles over real sockets: a local site serves a feed whose items link to its own
/// pages; the poller stores the feed's teasers, the page service (libcurl, the SSRF guard,
/// robots.txt, the size cap) fetches the pages, and `GET /articles/{id}` serves the full text.
@Suite(.serialized) struct LivePageTests {
    static let paragraphs = [
        "The Central Bank of Nigeria raised its benchmark rate by 25 basis points to 27.75% on Tuesday, its seventh rise "
            + "in two years.",
        "The committee voted eight to three for the increase, the governor told reporters in Abuja after a two-day meeting.",
        "Headline inflation eased to 31.2% in October from 32.7% a month earlier, helped by a stronger naira and a good harvest.",
        "The naira firmed 0.4% against the dollar on the official market after the decision, and bill yields rose.",
    ]
    static let teaser = "The Central Bank of Nigeria raised its benchmark rate on Tuesday."

    static func page(author: String = "Adaeze Okonkwo") -> Data {
        Data(
            """
            <!DOCTYPE html><html><head><meta charset="utf-8"><title>Rates up | Local Ledger</title>
            <meta name="author" content="\(author)"><meta property="og:image" content="/img/cbn.jpg"></head>
            <body><div class="cookie-banner"><p>We use cookies to improve your experience and to show adverts.</p></div>
            <nav><a href="/">Home</a> <a href="/business">Business</a></nav>
            <article><h1>Central bank raises rate</h1><div class="share-bar"><a href="#">Share</a></div>
            \(paragraphs.map { "<p>\($0)</p>" }.joined(separator: "\n"))
            <div class="related-articles"><h2>Related</h2><ul><li><a href="/x">Naira hits six-month high</a></li></ul></div>
            </article><footer>© 2026 Local Ledger</footer></body></html>
            """.utf8)
    }

    static func rss(_ items: [(guid: String, link: String, text: String)]) -> Data {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Local Ledger</title>"#
        for item in items {
            xml +=
                "<item><guid isPermaLink=\"false\">\(item.guid)</guid><title>Central bank raises rate (\(item.guid))</title>"
                + "<link>\(item.link)</link><description>\(item.text)</description>"
                + "<pubDate>Tue, 24 Nov 2026 13:05:00 GMT</pubDate></item>"
        }
        return Data((xml + "</channel></rss>").utf8)
    }

    /// The local site: `/feed.xml` (items set by the test), pages, robots.txt; counts requests per path.
    final class Site: Sendable {
        let items = Mutex<[(guid: String, link: String, text: String)]>([])
        let hits = Mutex<[String: Int]>([:])
        let gateOpen = Atomic<Bool>(false)
        let redirectTarget = Mutex<String>("")
        static let big = Data(count: 50 * 1024 * 1024)

        func count(_ path: String) -> Int { hits.withLock { $0[path, default: 0] } }

        var router: Router {
            var router = Router()
            router.get("/{path...}") { [self] request in
                let path = request.rawPath
                hits.withLock { $0[path, default: 0] += 1 }
                switch path {
                case "/feed.xml":
                    let feed = LivePageTests.rss(items.withLock { $0 })
                    return Response(status: .ok, headers: ["Content-Type": "application/rss+xml"], body: .bytes(feed))
                case "/robots.txt":
                    return Response(
                        status: .ok, headers: ["Content-Type": "text/plain"],
                        body: .bytes(Data("User-agent: *\nDisallow: /private/\n".utf8)))
                case _ where path.hasPrefix("/slow/"):
                    for _ in 0..<1_000 where !gateOpen.load(ordering: .relaxed) { try await Task.sleep(for: .milliseconds(10)) }
                    return Response(status: .ok, headers: ["Content-Type": "text/html"], body: .bytes(LivePageTests.page()))
                case _ where path.hasPrefix("/failing/"):
                    return Response(status: .internalServerError)
                case _ where path.hasPrefix("/big/"):
                    return Response(status: .ok, headers: ["Content-Type": "text/html"], body: .bytes(Site.big))
                case _ where path.hasPrefix("/redirect/"):
                    return Response(status: .found, headers: ["Location": redirectTarget.withLock { $0 }])
                case "/img/cbn.jpg":
                    return Response(status: .ok, headers: ["Content-Type": "image/jpeg"], body: .bytes(Data([0xFF, 0xD8])))
                default:
                    return Response(
                        status: .ok, headers: ["Content-Type": "text/html; charset=utf-8"],
                        body: .bytes(LivePageTests.page()))
                }
            }
            return router
        }
    }

    struct Stored: Decodable {
        let id: String
        let guid: String
    }

    /// A Jarvis whose feed fetcher may reach the site (a trusted origin) and whose page fetcher
    /// may reach only the site's origin, never another private address.
    func withPages(_ site: Site, _ body: (JarvisApplication, LiveServer, String, TestClock) async throws -> Void) async throws {
        let clock = TestClock()
        try await withLiveServer(site.router) { origin in
            let base = "http://127.0.0.1:\(origin.port)"
            let feeds = CurlFeedFetcher(configuration: FetchConfiguration(totalTimeout: .seconds(5)))
            try await withJarvis(
                allowPrivate: false, fetcher: feeds,
                parser: StandardFeedDocumentParser(), clock: clock,
                settings: { settings in
                    settings.poller.trustedOrigins = [base]
                    settings.fetchPages = true
                    settings.pages.trustedOrigins = [base]
                    settings.pages.hostSpacing = 0
                }
            ) { application, server in
                let feed = NewFeed(url: base + "/feed.xml", name: "Local Ledger", pollIntervalSeconds: 600)
                _ = try await application.feeds.create(feed, now: clock.read())
                try await body(application, server, base, clock)
            }
        }
    }

    func stored(_ application: JarvisApplication) async throws -> [String: String] {
        let rows = try await application.database.read { try $0.query(Stored.self, "SELECT id, guid FROM articles") }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.guid, $0.id) })
    }

    func article(_ server: LiveServer, _ id: String) async throws -> IOS.Article {
        let response = try await server.client.get("/articles/\(id)")
        #expect(response.status == 200)
        return try IOS.decoder().decode(IOS.Article.self, from: Data(response.body))
    }

    @Test func feedItemsGetTheirPagesFullText() async throws {
        let site = Site()
        try await withPages(site) { application, server, base, clock in
            site.items.withLock { $0 = [("a1", base + "/news/a1", Self.teaser), ("a2", "/news/a2", Self.teaser)] }
            let reports = await application.poller.pollDueFeeds()
            #expect(reports.first?.inserted == 2)
            let ids = try await stored(application)
            #expect(try await article(server, ids["a1"]!).body == Self.teaser, "the feed's text until the page is in")
            await application.pageService!.drain()
            for guid in ["a1", "a2"] {
                let full = try await article(server, ids[guid]!)
                #expect(full.body == Self.paragraphs.joined(separator: "\n\n"), "relative links resolve against the feed")
                #expect(full.author == "Adaeze Okonkwo", "the page's author when the feed had none")
                #expect(full.imageUrl == base + "/img/cbn.jpg")
            }
            #expect(site.count("/robots.txt") == 1, "robots.txt cached per origin")

            // The same feed again: unchanged items keep the page's text and are not fetched again.
            clock.advance(601)
            #expect(await application.poller.pollDueFeeds().first?.updated == 0)
            await application.pageService!.drain()
            #expect(site.count("/news/a1") == 1)
            #expect(try await article(server, ids["a1"]!).body.hasPrefix(Self.paragraphs[0]))

            // The feed says a1 changed: its page is fetched again.
            site.items.withLock { $0[0].text = Self.teaser + " Updated." }
            clock.advance(601)
            #expect(await application.poller.pollDueFeeds().first?.updated == 1)
            await application.pageService!.drain()
            #expect(site.count("/news/a1") == 2)
            #expect(try await article(server, ids["a1"]!).body.hasPrefix(Self.paragraphs[0]))
            #expect(try await application.articles.pageState(articleId: ids["a1"]!)?.status == "extracted")
        }
    }

    @Test func robotsDisallowIsRespected() async throws {
        let site = Site()
        try await withPages(site) { application, server, base, _ in
            site.items.withLock { $0 = [("p1", base + "/private/p1", Self.teaser), ("p2", base + "/private/p2", Self.teaser)] }
            _ = await application.poller.pollDueFeeds()
            await application.pageService!.drain()
            let ids = try await stored(application)
            #expect(site.count("/private/p1") == 0 && site.count("/private/p2") == 0)
            #expect(site.count("/robots.txt") == 1)
            #expect(try await article(server, ids["p1"]!).body == Self.teaser)
            #expect(try await application.articles.pageState(articleId: ids["p1"]!)?.status == "robots")
        }
    }

    @Test func aSlowOrFailingPageHostDoesNotHoldUpPolling() async throws {
        let site = Site()
        defer { site.gateOpen.store(true, ordering: .relaxed) }
        try await withPages(site) { application, server, base, clock in
            site.items.withLock { $0 = [("s1", base + "/slow/s1", Self.teaser), ("f1", base + "/failing/f1", Self.teaser)] }
            let pages = Task { await application.pageService!.run() }
            defer { pages.cancel() }
            #expect(await application.poller.pollDueFeeds().first?.inserted == 2)
            // Wait until the slow page is being fetched (its host holds the request open).
            for _ in 0..<500 where site.count("/slow/s1") == 0 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(site.count("/slow/s1") == 1)
            // Polling goes on while that page hangs: a new item is stored at once.
            site.items.withLock { $0.append(("n1", base + "/news/n1", Self.teaser)) }
            clock.advance(601)
            #expect(await application.poller.pollDueFeeds().first?.inserted == 1)
            #expect(try await stored(application).count == 3)
            let ids = try await stored(application)
            #expect(try await article(server, ids["s1"]!).body == Self.teaser, "still waiting for its page")
            site.gateOpen.store(true, ordering: .relaxed)
            for _ in 0..<500 where (try await application.articles.pageState(articleId: ids["f1"]!)?.status) == nil {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(try await application.articles.pageState(articleId: ids["f1"]!)?.status == "http_500")
            #expect(try await article(server, ids["f1"]!).body == Self.teaser, "a failed page leaves the feed's text")
        }
    }

    @Test func privateAddressesAreRefusedForPageLinksAndTheirRedirects() async throws {
        let site = Site()
        let other = Site()
        try await withLiveServer(other.router) { inner in
            let target = "http://127.0.0.1:\(inner.port)/news/secret"
            site.redirectTarget.withLock { $0 = target }
            try await withPages(site) { application, server, base, _ in
                site.items.withLock { $0 = [("d1", target, Self.teaser), ("r1", base + "/redirect/r1", Self.teaser)] }
                _ = await application.poller.pollDueFeeds()
                await application.pageService!.drain()
                let ids = try await stored(application)
                #expect(site.count("/redirect/r1") == 1, "the trusted origin is asked")
                #expect(other.hits.withLock { $0.isEmpty }, "nothing reaches the internal address, robots.txt included")
                for guid in ["d1", "r1"] {
                    #expect(try await application.articles.pageState(articleId: ids[guid]!)?.status == "blocked")
                    #expect(try await article(server, ids[guid]!).body == Self.teaser)
                }
            }
        }
    }

    @Test func aFiftyMegabytePageIsRefusedAtTheCap() async throws {
        let site = Site()
        try await withPages(site) { application, server, base, _ in
            site.items.withLock { $0 = [("b1", base + "/big/b1", Self.teaser)] }
            _ = await application.poller.pollDueFeeds()
            await application.pageService!.drain()
            let id = try await stored(application)["b1"]!
            #expect(try await application.articles.pageState(articleId: id)?.status == "failed")
            #expect(try await article(server, id).body == Self.teaser)
        }
    }

    /// `make run` offline: the shipped sample outlets' links are answered from `samples/pages/`, so
    /// their articles get full texts without internet.
    @Test func shippedSamplesGetFullArticlesOffline() async throws {
        let resources = TestPaths.resources.path
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let port = try FreePort.pick()
        let origin = "http://127.0.0.1:\(port)"
        var settings = JarvisApplication.Settings(
            dataDirectory: data, resourcesDirectory: resources, loadDefaultFeeds: false,
            sampleFeeds: true, selfOrigin: origin)
        settings.fetchPages = true
        settings.pages.hostSpacing = 0
        let application = try await JarvisApplication(settings: settings, parser: StandardFeedDocumentParser())
        defer { application.database.closeSync() }
        try await application.bootstrap()
        // Only the outlets with pages: the others' links point at hosts this machine cannot reach.
        for feed in try await application.feeds.all() where !["Kilima Times", "Volta Gazette"].contains(feed.name) {
            _ = try await application.feeds.delete(id: feed.id)
        }
        let configuration = LiveServer.testConfiguration { $0.port = UInt16(port) }
        let server = HTTPServer(router: application.router(), configuration: configuration)
        try server.start()
        do {
            let reports = await application.poller.pollDueFeeds()
            #expect(reports.map(\.inserted).reduce(0, +) == 10)
            await application.pageService!.drain()
            let rows = try await application.database.read { connection in
                try connection.query("SELECT body, page_status, source_url FROM articles")
            }
            let statuses = try rows.map { try $0.decode(String?.self, "page_status") ?? "none" }
            #expect(statuses.filter { $0 == "extracted" }.count == 10, "\(statuses)")
            let bodies = try rows.map { try $0.decode(String.self, "body") }
            #expect(bodies.contains { $0.contains("Kenya Association of Manufacturers said it would hold briefings") })
            #expect(!bodies.contains { $0.contains("We use cookies") || $0.contains("morning briefing") })
            #expect(
                try rows.allSatisfy { try !$0.decode(String.self, "source_url").contains("/samples/") },
                "articles keep the outlets' own links")
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }
}
