import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import JarvisAPI
import Testing

/// `/feeds`, `/articles/{id}` and `/health` through the real server, decoded with the iOS
/// app's own rules.
@Suite struct FeedAPITests {
    struct Submission: Encodable {
        let url: String
        let name: String
        let pollIntervalSeconds: Int
    }

    @Test func createListAndDeleteAFeed() async throws {
        try await withJarvis { _, server in
            let created = try await server.client.post(
                "/feeds",
                json: Submission(
                    url: "https://News.Example.org/rss#top",
                    name: "  Example News ", pollIntervalSeconds: 900))
            #expect(created.status == 201)
            let feed = try IOS.decoder().decode(IOS.Feed.self, from: Data(created.body))
            #expect(feed.url == "https://news.example.org/rss")
            #expect(feed.name == "Example News")
            #expect(feed.health == .active)
            #expect(feed.failureCount == 0)
            #expect(feed.lastFetchedAt == nil)
            #expect(feed.articleCountToday == 0)
            let raw = try WireCheck.object(created.body)
            #expect(
                WireCheck.hasKeys(
                    raw,
                    [
                        "id", "name", "url", "health", "pollIntervalSeconds", "failureCount",
                        "lastFetchedAt", "articleCountToday",
                    ]
                ).isEmpty)
            #expect(raw["lastFetchedAt"] is NSNull)

            let list = try await server.client.get("/feeds")
            #expect(list.status == 200)
            let feeds = try IOS.decoder().decode(IOS.FeedList.self, from: Data(list.body)).data
            #expect(feeds.map(\.id) == [feed.id])

            let deleted = try await server.client.delete("/feeds/\(feed.id)")
            #expect(deleted.status == 204)
            #expect(deleted.body.isEmpty)
            let again = try await server.client.delete("/feeds/\(feed.id)")
            #expect(again.status == 404)
            #expect(try IOS.decoder().decode(IOS.ErrorEnvelope.self, from: Data(again.body)).error.code == "not_found")
            let empty = try IOS.decoder().decode(IOS.FeedList.self, from: Data(try await server.client.get("/feeds").body))
            #expect(empty.data.isEmpty)
        }
    }

    @Test func duplicateURLIs409AndCreatesNothing() async throws {
        try await withJarvis { _, server in
            let first = try await server.client.post(
                "/feeds",
                json: Submission(
                    url: "https://a.example/feed", name: "A",
                    pollIntervalSeconds: 900))
            #expect(first.status == 201)
            let second = try await server.client.post(
                "/feeds",
                json: Submission(
                    url: "HTTPS://A.EXAMPLE:443/feed", name: "A again",
                    pollIntervalSeconds: 600))
            #expect(second.status == 409)
            let envelope = try IOS.decoder().decode(IOS.ErrorEnvelope.self, from: Data(second.body))
            #expect(envelope.error.code == "duplicate_feed")
            let feeds = try IOS.decoder().decode(IOS.FeedList.self, from: Data(try await server.client.get("/feeds").body))
            #expect(feeds.data.count == 1)
        }
    }

    @Test(arguments: [
        (#"{"name":"x","pollIntervalSeconds":900}"#, 422, "url"),
        (#"{"url":"","name":"x","pollIntervalSeconds":900}"#, 422, "url"),
        (#"{"url":"ftp://example.org/feed","name":"x","pollIntervalSeconds":900}"#, 422, "url"),
        (#"{"url":"javascript:alert(1)","name":"x","pollIntervalSeconds":900}"#, 422, "url"),
        (#"{"url":"/relative/feed","name":"x","pollIntervalSeconds":900}"#, 422, "url"),
        (#"{"url":"http://127.0.0.1/feed","name":"x","pollIntervalSeconds":900}"#, 422, "url"),
        (#"{"url":"http://169.254.169.254/latest","name":"x","pollIntervalSeconds":900}"#, 422, "url"),
        (#"{"url":"http://localhost:8080/feed","name":"x","pollIntervalSeconds":900}"#, 422, "url"),
        (#"{"url":"http://127.1/feed","name":"x","pollIntervalSeconds":900}"#, 422, "url"),
        (#"{"url":"http://0x7f000001/feed","name":"x","pollIntervalSeconds":900}"#, 422, "url"),
        (#"{"url":"http://2130706433/feed","name":"x","pollIntervalSeconds":900}"#, 422, "url"),
        (#"{"url":"http://feeds.localhost./feed","name":"x","pollIntervalSeconds":900}"#, 422, "url"),
        (#"{"url":"http://127.0.0.1./feed","name":"x","pollIntervalSeconds":900}"#, 422, "url"),
        (#"{"url":"https://user:pw@example.org/feed","name":"x","pollIntervalSeconds":900}"#, 422, "url"),
        (#"{"url":"https://example.org/feed","pollIntervalSeconds":900}"#, 422, "name"),
        (#"{"url":"https://example.org/feed","name":"   ","pollIntervalSeconds":900}"#, 422, "name"),
        (#"{"url":"https://example.org/feed","name":"x","pollIntervalSeconds":1}"#, 422, "pollIntervalSeconds"),
        (#"{"url":"https://example.org/feed","name":"x","pollIntervalSeconds":99999999}"#, 422, "pollIntervalSeconds"),
        (#"{"url":"https://example.org/feed","name":"x","pollIntervalSeconds":-5}"#, 422, "pollIntervalSeconds"),
        (#"{"url":"https://example.org/feed","name":"x","pollIntervalSeconds":"900"}"#, 422, "pollIntervalSeconds"),
        (#"{"url":42,"name":"x","pollIntervalSeconds":900}"#, 422, "url"),
        (#"{"url":"https://example.org/feed","name":null,"pollIntervalSeconds":900}"#, 422, "name"),
        (#"not json"#, 422, ""),
        (#"[]"#, 422, ""),
    ])
    func badSubmissionsAreRefusedWithTheField(_ body: String, _ status: Int, _ field: String) async throws {
        try await withJarvis { _, server in
            let response = try await server.client.post("/feeds", body: Array(body.utf8), contentType: "application/json")
            #expect(response.status == status, "\(body) → \(response.bodyString)")
            let envelope = try IOS.decoder().decode(IOS.ErrorEnvelope.self, from: Data(response.body))
            #expect(envelope.error.code == "invalid_request")
            #expect((envelope.error.field ?? "") == field)
            let feeds = try IOS.decoder().decode(IOS.FeedList.self, from: Data(try await server.client.get("/feeds").body))
            #expect(feeds.data.isEmpty, "nothing half-created")
        }
    }

    @Test func oversizedAndWrongTypeBodies() async throws {
        try await withJarvis { _, server in
            let huge = #"{"url":"https://example.org/"# + String(repeating: "a", count: 20_000) + #"","name":"x"}"#
            let tooBig = try await server.client.post("/feeds", body: Array(huge.utf8), contentType: "application/json")
            #expect(tooBig.status == 413)
            let form = try await server.client.post(
                "/feeds", body: Array("url=x".utf8), contentType: "application/x-www-form-urlencoded")
            #expect(form.status == 415)
            let longURL = Submission(
                url: "https://example.org/" + String(repeating: "a", count: 3000), name: "x",
                pollIntervalSeconds: 900)
            #expect(try await server.client.post("/feeds", json: longURL).status == 422)
        }
    }

    @Test func intervalDefaultsTo900WhenOmitted() async throws {
        try await withJarvis { _, server in
            let response = try await server.client.post(
                "/feeds", body: Array(#"{"url":"https://example.org/f","name":"F"}"#.utf8),
                contentType: "application/json")
            #expect(response.status == 201)
            #expect(try IOS.decoder().decode(IOS.Feed.self, from: Data(response.body)).pollIntervalSeconds == 900)
        }
    }

    @Test func healthHasEveryKeyAsIntegers() async throws {
        try await withJarvis { _, server in
            let response = try await server.client.get("/health")
            #expect(response.status == 200)
            let health = try IOS.decoder().decode(IOS.ServerHealth.self, from: Data(response.body))
            #expect(health.status == "ok")
            #expect(health.storiesCount == 0)
            #expect(health.feedsCount == 0)
            _ = try await server.client.post(
                "/feeds",
                json: Submission(
                    url: "https://example.org/f", name: "F",
                    pollIntervalSeconds: 900))
            let after = try IOS.decoder().decode(IOS.ServerHealth.self, from: Data(try await server.client.get("/health").body))
            #expect(after.feedsCount == 1)
        }
    }

    @Test func unknownArticleIs404InTheEnvelope() async throws {
        try await withJarvis { _, server in
            let response = try await server.client.get("/articles/art_missing")
            #expect(response.status == 404)
            #expect(try IOS.decoder().decode(IOS.ErrorEnvelope.self, from: Data(response.body)).error.code == "not_found")
        }
    }
}
