import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import JarvisAPI
import Testing

/// The operators' console through the real server: `GET /ops/api/ingest` (admin token when
/// set, every feed with an hourly series of the asked length) and the reader's static pages.
@Suite struct OpsAPITests {
    static let token = "adm-ops-41c2"
    static let resources = TestPaths.resources.path

    struct Ingest: Decodable {
        struct Feed: Decodable {
            let id: String
            let health: String
            let failureCount: Int
            let lastError: String?
            let hourly: [Int]
        }
        struct Clustering: Decodable {
            let articles: Int
            let liveStories: Int
            let sourceCountHistogram: [Int]
        }
        let hours: Int
        let since: String
        let feeds: [Feed]
        let clustering: Clustering
    }

    @Test func ingestFiguresNeedTheAdminTokenWhenSetAndCoverEveryFeed() async throws {
        try await withJarvis(settings: { $0.adminToken = Self.token }) { _, server in
            let auth = [("Authorization", "Bearer \(Self.token)")]
            let created = try await server.client.post(
                "/feeds", json: ["url": "https://news.example.org/rss", "name": "News"],
                headers: auth)
            #expect(created.status == 201)
            #expect(try await server.client.get("/ops/api/ingest").status == 401)
            let answer = try await server.client.get("/ops/api/ingest?hours=6", headers: auth)
            #expect(answer.status == 200, "\(answer.bodyString)")
            let ingest = try JSONDecoder().decode(Ingest.self, from: Data(answer.body))
            #expect(ingest.hours == 6)
            #expect(ingest.since.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:00:00Z$"#, options: .regularExpression) != nil)
            #expect(ingest.feeds.count == 1)
            #expect(ingest.feeds.first?.hourly == [0, 0, 0, 0, 0, 0])
            #expect(ingest.feeds.first?.health == "active")
            #expect(ingest.clustering.sourceCountHistogram.count == 10)
            #expect(ingest.clustering.articles == 0)
            #expect(try await server.client.get("/ops/api/ingest?hours=0", headers: auth).status == 400)
        }
    }

    @Test func readerAndConsolePagesAreStaticFilesWithTheirTypes() async throws {
        try await withJarvis(settings: { $0.resourcesDirectory = Self.resources }) { _, server in
            for (path, type) in [
                ("/", "text/html"), ("/reader/reader.js", "text/javascript"), ("/reader/reader.css", "text/css"),
                ("/ops", "text/html"), ("/ops/ops.js", "text/javascript"), ("/shared/charts.js", "text/javascript"),
            ] {
                let page = try await server.client.get(path)
                #expect(page.status == 200, "\(path)")
                #expect(page.headers["Content-Type"]?.hasPrefix(type) == true, "\(path)")
                #expect(page.headers["ETag"] != nil && page.headers["Cache-Control"] == "no-cache", "\(path)")
            }
            #expect(try await server.client.get("/reader/../default-feeds.json").status == 404)
            #expect(try await server.client.get("/ops/api/ingest").status == 200, "open when no admin token is set")
        }
    }
}
