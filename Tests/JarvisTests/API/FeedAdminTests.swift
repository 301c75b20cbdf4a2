import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import JarvisAPI
import Testing

/// Feed management against the real server: the optional admin token on feed writes and
/// the caps on how many feeds exist (in total and per host).
@Suite struct FeedAdminTests {
    struct Submission: Encodable {
        let url: String
        let name: String
        let pollIntervalSeconds: Int
    }

    static let token = "adm-7c1f0e9b2d4a"

    func feedCount(_ server: LiveServer) async throws -> Int {
        try IOS.decoder().decode(IOS.FeedList.self, from: Data(try await server.client.get("/feeds").body)).data.count
    }

    @Test func adminTokenGuardsFeedWritesOnly() async throws {
        try await withJarvis(settings: { $0.adminToken = Self.token }) { _, server in
            let feed = Submission(url: "https://news.example.org/rss", name: "News", pollIntervalSeconds: 900)
            for headers in [
                [], [("Authorization", "Bearer wrong-token-value")], [("Authorization", "Bearer \(Self.token)x")],
                [("Authorization", "Bearer " + Self.token.dropLast())], [("Authorization", Self.token)],
                [("Authorization", "Basic \(Self.token)")],
            ] {
                let refused = try await server.client.post("/feeds", json: feed, headers: headers)
                #expect(refused.status == 401, "\(headers)")
                let envelope = try IOS.decoder().decode(IOS.ErrorEnvelope.self, from: Data(refused.body))
                #expect(envelope.error.code == "unauthorized")
            }
            #expect(try await feedCount(server) == 0, "a refused write stores nothing")

            let created = try await server.client.post("/feeds", json: feed, headers: [("Authorization", "Bearer \(Self.token)")])
            #expect(created.status == 201)
            let id = try IOS.decoder().decode(IOS.Feed.self, from: Data(created.body)).id

            let anonymousDelete = try await server.client.delete("/feeds/\(id)")
            #expect(anonymousDelete.status == 401)
            #expect(
                try IOS.decoder().decode(IOS.ErrorEnvelope.self, from: Data(anonymousDelete.body)).error.code == "unauthorized")
            #expect(try await feedCount(server) == 1, "reads stay open and the feed is still there")

            let deleted = try await server.client.delete("/feeds/\(id)", headers: [("Authorization", "bearer \(Self.token)")])
            #expect(deleted.status == 204)
            #expect(try await feedCount(server) == 0)
        }
    }

    @Test func withoutTokenFeedWritesStayOpen() async throws {
        try await withJarvis { _, server in
            let created = try await server.client.post(
                "/feeds",
                json: Submission(
                    url: "https://a.example/rss", name: "A",
                    pollIntervalSeconds: 900))
            #expect(created.status == 201)
        }
    }

    @Test func capsRefuseFeedsBeyondTheTotalAndPerHost() async throws {
        try await withJarvis(settings: { $0.feedCaps = FeedStore.Caps(maxFeeds: 3, maxFeedsPerHost: 2) }) { _, server in
            func add(_ url: String) async throws -> RawHTTPResponse {
                try await server.client.post("/feeds", json: Submission(url: url, name: "F", pollIntervalSeconds: 900))
            }
            #expect(try await add("https://a.example/one").status == 201)
            #expect(try await add("https://A.example/two").status == 201)
            let thirdOnHost = try await add("https://a.example/three")
            #expect(thirdOnHost.status == 409)
            let hostEnvelope = try IOS.decoder().decode(IOS.ErrorEnvelope.self, from: Data(thirdOnHost.body))
            #expect(hostEnvelope.error.code == "too_many_feeds_for_host")
            #expect(hostEnvelope.error.field == "url")
            #expect(try await add("https://b.example/one").status == 201)
            let full = try await add("https://c.example/one")
            #expect(full.status == 409)
            #expect(try IOS.decoder().decode(IOS.ErrorEnvelope.self, from: Data(full.body)).error.code == "too_many_feeds")
            #expect(try await feedCount(server) == 3)
        }
    }

    @Test func concurrentCreatesCannotOvershootTheCap() async throws {
        try await withJarvis(settings: { $0.feedCaps = FeedStore.Caps(maxFeeds: 5, maxFeedsPerHost: 100) }) { _, server in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await server.client.post(
                            "/feeds",
                            json: Submission(
                                url: "https://h\(index).example/rss", name: "F",
                                pollIntervalSeconds: 900)
                        ).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 5)
            #expect(statuses.filter { $0 == 409 }.count == 15)
            #expect(try await feedCount(server) == 5)
        }
    }
}
