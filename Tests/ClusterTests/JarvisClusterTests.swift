import ClusterTesting
import Foundation
import HTTPServer
import HTTPTesting
import Synchronization
import Testing

/// Two `jarvis` processes on one PostgreSQL database and one Redis: a feed added through one is
/// fetched once (one instance takes the poll's lease), and its stories and live events reach the other.
@Suite(.serialized) struct JarvisClusterTests {
    static let root = XoseenClusterTests.root

    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Harbour Gazette</title><link>http://localhost/</link>
        <item><guid>h1</guid><title>Harbour authority approves new ferry terminal</title><link>http://localhost/h1</link>
        <description>The harbour authority approved a new ferry terminal on Tuesday after a year of hearings.</description>
        <pubDate>\(Self.now())</pubDate></item>
        </channel></rss>
        """

    static func now() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: Date())
    }

    @Test func feedAddedOnOneInstanceIsPolledOnceAndReachesTheOther() async throws {
        let fetches = Atomic<Int>(0)
        let racedFetches = Atomic<Int>(0)
        var router = Router()
        router.get("/feed.xml") { _ in
            fetches.add(1, ordering: .relaxed)
            return Response(status: .ok, headers: ["Content-Type": "application/rss+xml"], body: .bytes(Data(Self.rss.utf8)))
        }
        router.get("/raced.xml") { _ in
            racedFetches.add(1, ordering: .relaxed)
            return Response(status: .ok, headers: ["Content-Type": "application/rss+xml"], body: .bytes(Data(Self.rss.utf8)))
        }
        try await withLiveServer(router) { origin in
            let postgres = try ThrowawayPostgres.start()
            let database = try postgres.freshURL(prefix: "jarvis")
            let environment = [
                "DATABASE_URL": database, "REDIS_URL": try ThrowawayRedis.start().url,
                "JARVIS_ALLOW_PRIVATE_FEEDS": "1", "JARVIS_DEFAULT_FEEDS": "0",
                "JARVIS_RESOURCES": Self.root + "/Resources/jarvis",
                "JARVIS_SENTENCE_MODEL": Self.root + "/third_party/sentence-model", "LOG_LEVEL": "warning",
            ]
            let base = NSTemporaryDirectory() + "jarvis-cluster-\(UUID().uuidString.prefix(8))"
            let a = try ProductInstance("jarvis", dataDirectory: base + "/a", environment: environment)
            defer { a.stop() }
            let b = try ProductInstance("jarvis", dataDirectory: base + "/b", environment: environment)
            defer { b.stop() }

            // Both instances cache their empty first page; whichever does not poll must drop it
            // when the other's story event arrives through Redis.
            for port in [a.port, b.port] {
                let page = try await HTTPTestClient(port: port).get("/stories")
                #expect(page.status == 200 && !page.bodyString.contains("ferry terminal"))
            }
            let live = try await WebSocketClient.connect(port: b.port, path: "/ws")
            let body: [String: Any] = [
                "url": "http://127.0.0.1:\(origin.port)/feed.xml", "name": "Harbour Gazette",
                "pollIntervalSeconds": 3600,
            ]
            let created = try await HTTPTestClient(port: a.port).post(
                "/feeds", body: Array(try JSONSerialization.data(withJSONObject: body)), contentType: "application/json")
            #expect(created.status == 201 || created.status == 200, "\(created.bodyString)")

            // A story event from whichever instance polled reaches B's live clients.
            var sawStory = false
            let deadline = ContinuousClock.now + .seconds(30)
            while !sawStory, ContinuousClock.now < deadline {
                guard let text = try? await live.receiveText(timeout: .seconds(30)) else { break }
                sawStory = text.contains("\"story.")
            }
            #expect(sawStory, "no story event reached B's /ws")
            for port in [a.port, b.port] {
                let page = try await HTTPTestClient(port: port).get("/stories").bodyString
                #expect(page.contains("ferry terminal"), "a cached first page outlived another instance's story event")
            }
            // Both pollers have had several chances; the feed was fetched once.
            try await Task.sleep(for: .seconds(3))
            #expect(fetches.load(ordering: .relaxed) == 1)

            // A feed that falls due while both pollers wait for it: both wake at once, one takes the lease.
            let schema = String(database.split(separator: "%3D").last ?? "")
            let due = Int64((Date().timeIntervalSince1970 + 2) * 1000)
            try postgres.psql(
                """
                INSERT INTO \(schema).feeds (id, name, url, poll_interval_seconds, health, next_poll_at, created_at)
                VALUES ('raced', 'Raced', 'http://127.0.0.1:\(origin.port)/raced.xml', 3600, 'active', \(due), \(due))
                """)
            try await Task.sleep(for: .seconds(5))
            #expect(racedFetches.load(ordering: .relaxed) == 1, "both instances fetched a feed that fell due for both")
            let feeds = try await HTTPTestClient(port: b.port).get("/feeds")
            #expect(feeds.bodyString.contains("Harbour Gazette"), "B serves the feed added through A")
        }
    }
}
