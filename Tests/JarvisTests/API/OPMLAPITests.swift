import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import JarvisAPI
import Testing

/// `GET /feeds.opml` and `POST /feeds/import` through the real server.
@Suite struct OPMLAPITests {
    struct Submission: Encodable {
        let url: String
        let name: String
        let pollIntervalSeconds: Int
    }

    struct ImportAnswer: Decodable {
        struct Result: Decodable {
            struct Problem: Decodable {
                let code: String
                let message: String
                let field: String?
            }
            let url: String?
            let name: String?
            let result: String
            let feed: IOS.Feed?
            let error: Problem?
        }
        let data: [Result]
        let added: Int
        let duplicates: Int
        let invalid: Int
    }

    /// A reader's export: folders, a feed listed twice, one already stored, names in `title` or
    /// only `text` or nowhere, an entity, and outlines that must be refused.
    static let subscriptions = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0">
          <head><title>My subscriptions</title></head>
          <body>
            <outline text="News">
              <outline type="rss" text="Lagos Ledger" title="Lagos Ledger" xmlUrl="https://ledger.example.ng/rss" htmlUrl="https://ledger.example.ng/"/>
              <outline type="rss" text="Caf&#233; &amp; Co" xmlUrl="https://cafe.example.fr/feed"/>
              <outline text="Deeper">
                <outline type="atom" xmlUrl="https://nameless.example.org/atom.xml"/>
              </outline>
            </outline>
            <outline type="rss" text="Already there" xmlUrl="https://a.example/feed"/>
            <outline type="rss" text="Ledger again" xmlUrl="HTTPS://LEDGER.EXAMPLE.NG:443/rss"/>
            <outline type="rss" text="FTP" xmlUrl="ftp://files.example.org/feed"/>
            <outline type="rss" text="Internal" xmlUrl="http://127.0.0.1:8080/feed"/>
            <outline type="rss" text="No address"/>
            <outline text="A bookmark, not a feed" type="link" url="https://example.org/"/>
          </body>
        </opml>
        """

    @Test func importAddsEachFeedOnceAndSaysWhatHappenedToEveryOutline() async throws {
        try await withJarvis { _, server in
            let existing = try await server.client.post(
                "/feeds",
                json: Submission(
                    url: "https://a.example/feed", name: "A",
                    pollIntervalSeconds: 900))
            #expect(existing.status == 201)

            let response = try await server.client.post(
                "/feeds/import", body: Array(Self.subscriptions.utf8),
                contentType: "text/x-opml")
            #expect(response.status == 200, "\(response.bodyString)")
            let answer = try IOS.decoder().decode(ImportAnswer.self, from: Data(response.body))
            #expect(
                answer.data.map(\.result) == [
                    "added", "added", "added", "duplicate", "duplicate", "invalid", "invalid", "invalid",
                ])
            #expect(answer.added == 3)
            #expect(answer.duplicates == 2)
            #expect(answer.invalid == 3)
            #expect(answer.data[0].feed?.url == "https://ledger.example.ng/rss")
            #expect(answer.data[0].feed?.health == .active)
            #expect(answer.data[1].feed?.name == "Café & Co")
            #expect(answer.data[2].feed?.name == "nameless.example.org")
            #expect(answer.data[3].error?.code == "duplicate_feed")
            #expect(answer.data[4].error?.code == "duplicate_feed")
            #expect(answer.data[5...].allSatisfy { $0.error?.code == "invalid_request" && $0.error?.field == "url" })
            #expect(answer.data[6].error?.message.contains("private") == true)
            // Every key present, null where empty (the Jarvis wire rule).
            let raw = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            let first = try #require((raw["data"] as? [[String: Any]])?.first)
            #expect(Set(first.keys) == ["url", "name", "result", "feed", "error"])
            #expect(first["error"] is NSNull)

            let list = try IOS.decoder().decode(IOS.FeedList.self, from: Data(try await server.client.get("/feeds").body))
            #expect(list.data.count == 4)

            // The export lists every feed; importing it again adds nothing.
            let export = try await server.client.get("/feeds.opml")
            #expect(export.status == 200)
            #expect(export.headers["Content-Type"]?.hasPrefix("text/x-opml") == true)
            let outlines = try OPMLReader.read(Data(export.body), maxFeeds: 100)
            #expect(outlines.map(\.url) == list.data.map(\.url))
            #expect(outlines.map(\.name) == list.data.map(\.name))
            let again = try await server.client.post("/feeds/import", body: export.body, contentType: "text/x-opml")
            let second = try IOS.decoder().decode(ImportAnswer.self, from: Data(again.body))
            #expect(second.added == 0)
            #expect(second.duplicates == 4)
        }
    }

    @Test func exportOfAnEmptyListIsAValidDocumentAndNamesAreEscaped() async throws {
        try await withJarvis { _, server in
            let empty = try await server.client.get("/feeds.opml")
            #expect(empty.status == 200)
            #expect(try OPMLReader.read(Data(empty.body), maxFeeds: 10).isEmpty)
            let created = try await server.client.post(
                "/feeds",
                json: Submission(
                    url: "https://q.example/rss?a=1&b=2",
                    name: "Quotes \"&\" <tags>", pollIntervalSeconds: 900))
            #expect(created.status == 201)
            let export = try await server.client.get("/feeds.opml")
            let outlines = try OPMLReader.read(Data(export.body), maxFeeds: 10)
            #expect(outlines == [OPMLReader.Outline(url: "https://q.example/rss?a=1&b=2", name: "Quotes \"&\" <tags>")])
        }
    }

    @Test(arguments: [
        ("", 422),
        (#"{"url":"https://example.org/feed"}"#, 422),
        ("<html><body>not a subscription list</body></html>", 422),
        ("\u{1}\u{2}binary", 422),
    ])
    func bodiesThatAreNotOPMLAre422AndAddNothing(_ body: String, _ status: Int) async throws {
        try await withJarvis { _, server in
            let response = try await server.client.post("/feeds/import", body: Array(body.utf8), contentType: "application/xml")
            #expect(response.status == status)
            #expect(try IOS.decoder().decode(IOS.ErrorEnvelope.self, from: Data(response.body)).error.code == "invalid_request")
            #expect(
                try IOS.decoder().decode(IOS.FeedList.self, from: Data(try await server.client.get("/feeds").body)).data.isEmpty)
        }
    }

    @Test func tooManyFeedsOrBytesAre413AndAddNothing() async throws {
        try await withJarvis { _, server in
            let outlines = (0...500).map { "<outline type=\"rss\" text=\"F\($0)\" xmlUrl=\"https://f\($0).example.com/rss\"/>" }
            let many = "<opml version=\"2.0\"><body>\(outlines.joined())</body></opml>"
            let response = try await server.client.post("/feeds/import", body: Array(many.utf8), contentType: "text/x-opml")
            #expect(response.status == 413)
            #expect(try IOS.decoder().decode(IOS.ErrorEnvelope.self, from: Data(response.body)).error.code == "payload_too_large")

            let padding = String(repeating: " ", count: 1024 * 1024)
            let huge = "<opml version=\"2.0\"><body>\(padding)</body></opml>"
            let tooBig = try await server.client.post("/feeds/import", body: Array(huge.utf8), contentType: "text/x-opml")
            #expect(tooBig.status == 413)
            #expect(
                try IOS.decoder().decode(IOS.FeedList.self, from: Data(try await server.client.get("/feeds").body)).data.isEmpty)
        }
    }

    /// Entities are never declared for the reader: no expansion, no file read.
    @Test func entityTricksExpandNothing() async throws {
        try await withJarvis { _, server in
            let hostile = """
                <?xml version="1.0"?>
                <!DOCTYPE opml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
                <!ENTITY file SYSTEM "file:///etc/passwd">]>
                <opml version="2.0"><body>
                <outline type="rss" text="&c;&file;" xmlUrl="https://x.example/rss"/>
                </body></opml>
                """
            let response = try await server.client.post("/feeds/import", body: Array(hostile.utf8), contentType: "text/x-opml")
            #expect(response.status == 200, "\(response.bodyString)")
            #expect(!response.bodyString.contains("aaaa"))
            #expect(!response.bodyString.contains("root:"))
        }
    }
}
