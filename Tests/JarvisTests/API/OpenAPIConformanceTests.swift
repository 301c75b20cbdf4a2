import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import JarvisAPI
import Testing

/// `Resources/jarvis/openapi.json` against the code: every route is documented (and nothing else
/// is), and the live server's answers — successes and errors — match the documented schemas and
/// error codes. A field added to a DTO, a new route or a new error code fails here until the
/// document says so.
@Suite struct OpenAPIConformanceTests {
    static let documentPath = TestPaths.resources.appendingPathComponent("openapi.json").path

    static func checker() throws -> OpenAPIChecker {
        try OpenAPIChecker(data: try Data(contentsOf: URL(fileURLWithPath: documentPath)))
    }

    /// Routes the transport adds to every server (documented too).
    static let operatorRoutes: Set<String> = ["GET /livez", "GET /readyz", "GET /metrics", "GET /openapi.json"]

    @Test func everyRouteIsDocumentedAndNothingElse() async throws {
        let checker = try Self.checker()
        try await withJarvis { application, _ in
            // The offline samples (`JARVIS_SAMPLE_FEEDS`) are a demo, not the contract.
            let routes = Set(
                application.router().routes.filter { !$0.pattern.hasPrefix("/samples") }.map { "\($0.method) \($0.pattern)" })
            #expect(routes.subtracting(checker.operations).sorted() == [], "routes missing from openapi.json")
            #expect(checker.operations.subtracting(routes.union(Self.operatorRoutes)).sorted() == [], "documented but not served")
        }
    }

    @Test func liveAnswersMatchTheDocument() async throws {
        let checker = try Self.checker()
        try await withJarvis { application, _ in
            let ids = try await StoryAPITests.seed(application, now: Date())
            var configuration = LiveServer.testConfiguration()
            configuration.operations = application.operations(registry: .init(), apiDescription: Self.documentPath)
            try await withLiveServer(application.router(), configuration: configuration) { server in
                let client = server.client
                var problems: [String] = []
                func check(_ method: String, _ template: String, _ response: RawHTTPResponse) {
                    problems += checker.problems(method, template, response)
                }
                check("GET", "/health", try await client.get("/health"))
                let created = try await client.post("/feeds", json: ["url": "https://a.example/rss", "name": "A"])
                check("POST", "/feeds", created)
                check("POST", "/feeds", try await client.post("/feeds", json: ["url": "https://a.example/rss", "name": "A"]))
                check("POST", "/feeds", try await client.post("/feeds", json: ["url": "ftp://a.example/rss", "name": "A"]))
                check("POST", "/feeds", try await client.post("/feeds", body: Array("x".utf8), contentType: "text/plain"))
                check("GET", "/feeds", try await client.get("/feeds"))
                let feedId =
                    (try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any])?["id"] as? String ?? "?"
                check("GET", "/feeds.opml", try await client.get("/feeds.opml"))
                let opml =
                    #"<opml version="2.0"><body><outline type="rss" text="B" xmlUrl="https://b.example/rss"/></body></opml>"#
                check(
                    "POST", "/feeds/import",
                    try await client.post("/feeds/import", body: Array(opml.utf8), contentType: "text/x-opml"))
                check(
                    "POST", "/feeds/import",
                    try await client.post("/feeds/import", body: Array("nope".utf8), contentType: "text/x-opml"))
                check("DELETE", "/feeds/{id}", try await client.delete("/feeds/\(feedId)"))
                check("DELETE", "/feeds/{id}", try await client.delete("/feeds/\(feedId)"))
                let stories = try await client.get("/stories?limit=5")
                check("GET", "/stories", stories)
                check("GET", "/stories", try await client.get("/stories?topic=sports"))
                check("GET", "/stories", try await client.get("/stories?after=garbage"))
                check("GET", "/stories", try await client.get("/stories?limit=0"))
                check("GET", "/stories/{id}", try await client.get("/stories/\(ids[0])"))
                check("GET", "/stories/{id}", try await client.get("/stories/nope"))
                let detail =
                    try JSONSerialization.jsonObject(with: Data(try await client.get("/stories/\(ids[0])").body))
                    as? [String: Any]
                let articleId = ((detail?["timeline"] as? [[String: Any]])?.first?["articleId"] as? String) ?? "?"
                check("GET", "/articles/{id}", try await client.get("/articles/\(articleId)"))
                check("GET", "/articles/{id}", try await client.get("/articles/nope"))
                check("GET", "/ws", try await client.get("/ws"))
                check("GET", "/livez", try await client.get("/livez"))
                check("GET", "/readyz", try await client.get("/readyz"))
                check("GET", "/openapi.json", try await client.get("/openapi.json"))
                #expect(problems == [])
            }
        }
    }

    /// The checker itself can fail: a body with an undocumented key, a missing key, a wrong type,
    /// a loose date, or an error code the response does not list.
    @Test func theCheckerCatchesDrift() throws {
        let checker = try Self.checker()
        func problems(_ body: String, status: Int = 200) -> [String] {
            checker.problems("GET", "/health", status: status, contentType: "application/json", body: Array(body.utf8))
        }
        #expect(problems(#"{"status":"ok","version":"1","storiesCount":1,"feedsCount":1,"uptime":3}"#) == [])
        #expect(!problems(#"{"status":"ok","version":"1","storiesCount":1,"feedsCount":1,"uptime":3,"extra":1}"#).isEmpty)
        #expect(!problems(#"{"status":"ok","version":"1","storiesCount":1,"feedsCount":1}"#).isEmpty)
        #expect(!problems(#"{"status":"ok","version":"1","storiesCount":"1","feedsCount":1,"uptime":3}"#).isEmpty)
        #expect(!problems(#"{"status":"ok","version":"1","storiesCount":true,"feedsCount":1,"uptime":3}"#).isEmpty)
        #expect(!problems("{}", status: 418).isEmpty)
        let article =
            #"{"id":"a","storyId":"s","source":"x","sourceUrl":"u","headline":"h","body":"b","publishedAt":"2026-01-01T00:00:00.123Z","imageUrl":null,"author":null}"#
        #expect(
            !checker.problems("GET", "/articles/{id}", status: 200, contentType: "application/json", body: Array(article.utf8))
                .isEmpty)
        let wrongCode = #"{"error":{"code":"duplicate_feed","message":"x"}}"#
        #expect(
            !checker.problems("GET", "/articles/{id}", status: 404, contentType: "application/json", body: Array(wrongCode.utf8))
                .isEmpty)
    }
}
