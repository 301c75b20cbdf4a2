import Foundation
import HTTPServer
import HTTPTesting
import Testing
import Xoseen
import XoseenAPI

/// What the web app and the operators' console read, through the real server: the static
/// pages (types, revalidation, no escape from the web root), `POST /web/matches` (user-scoped,
/// allow-listed, sorted rooms, blocks respected) and the operator figures behind the token.
@Suite struct WebAppTests {
    static let operatorToken = "op-web-5b1d"

    static func withXoseen(_ body: (XoseenApplication, LiveServer) async throws -> Void) async throws {
        let directory = NSTemporaryDirectory() + "xoseen-web-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var settings = XoseenApplication.Settings(dataDirectory: directory, resourcesDirectory: ProfileRoutesTests.resources)
        settings.operatorToken = Self.operatorToken
        let application = try await XoseenApplication(settings: settings)
        defer { application.database.closeSync() }
        try await withLiveServer(application.router(), hub: application.hub) { server in try await body(application, server) }
    }

    func json(_ response: RawHTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    func create(_ server: LiveServer, _ id: String, _ name: String, gender: String, seeking: [String]) async throws -> String {
        let body = ProfileRoutesTests.body(
            ProfileRoutesTests.ada,
            changing: [
                "userId": id, "displayName": name, "gender": gender,
                "seeking": seeking,
            ])
        let answer = try await server.client.post("/web/profile", body: body, contentType: "application/json")
        #expect(answer.status == 200, "\(answer.bodyString)")
        return try json(answer)["token"] as! String
    }

    func post(_ server: LiveServer, _ path: String, _ fields: [String: Any], token: String?) async throws -> RawHTTPResponse {
        try await server.client.post(
            path, body: Array(try JSONSerialization.data(withJSONObject: fields)), contentType: "application/json",
            headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [])
    }

    @Test func pagesAreServedWithTheirTypesAndRevalidate() async throws {
        try await Self.withXoseen { _, server in
            for (path, type) in [
                ("/app", "text/html"), ("/app/", "text/html"), ("/app/app.js", "text/javascript"),
                ("/app/app.css", "text/css"), ("/ops", "text/html"), ("/ops/ops.js", "text/javascript"),
                ("/shared/http.js", "text/javascript"), ("/shared/base.css", "text/css"),
            ] {
                let page = try await server.client.get(path)
                #expect(page.status == 200, "\(path)")
                #expect(page.headers["Content-Type"]?.hasPrefix(type) == true, "\(path)")
                #expect(page.headers["Cache-Control"] == "no-cache", "\(path)")
                let etag = try #require(page.headers["ETag"])
                let again = try await server.client.get(path, headers: [("If-None-Match", etag)])
                #expect(again.status == 304, "\(path)")
            }
            for path in [
                "/app/../Package.swift", "/app/%2e%2e/README.md", "/app/.hidden", "/shared/../xoseen/neighbourhoods.json",
                "/app/photos/usr_x.png", "/app/nothing.js",
            ] {
                #expect(try await server.client.get(path).status == 404, "\(path)")
            }
        }
    }

    @Test func matchesListTheUsersMatchesWithSortedRoomsAndOnlyAllowListedKeys() async throws {
        try await Self.withXoseen { _, server in
            let zed = try await create(server, "usr_zed", "Zed", gender: "man", seeking: ["woman"])
            let ada = try await create(server, "usr_ada", "Ada", gender: "woman", seeking: ["man"])
            _ = try await post(
                server, "/ml/feedback", ["viewerId": "usr_zed", "candidateId": "usr_ada", "action": "like"], token: zed)
            let liked = try await post(
                server, "/ml/feedback", ["viewerId": "usr_ada", "candidateId": "usr_zed", "action": "like"], token: ada)
            #expect(try json(liked)["matched"] as? Bool == true)

            let answer = try await post(server, "/web/matches", ["viewerId": "usr_zed"], token: zed)
            #expect(answer.status == 200, "\(answer.bodyString)")
            let matches = try #require(try json(answer)["matches"] as? [[String: Any]])
            #expect(matches.count == 1)
            let match = try #require(matches.first)
            #expect(match["candidateId"] as? String == "usr_ada")
            #expect(match["displayName"] as? String == "Ada")
            #expect(match["room"] as? String == "match:usr_ada:usr_zed", "ids sorted, whoever asks")
            #expect(
                Set(match.keys) == ["candidateId", "displayName", "ageDisplayed", "cityArea", "photoUrl", "room", "matchedAt"])
            #expect((match["photoUrl"] as? String)?.hasPrefix("/app/photos/") == true)

            let foreign = try await post(server, "/web/matches", ["viewerId": "usr_zed"], token: ada)
            #expect(foreign.status == 401)
            #expect(try (json(foreign)["error"] as? [String: Any])?["code"] as? String == "invalid_token")
            #expect(try await post(server, "/web/matches", ["viewerId": "usr_nobody"], token: nil).status == 404)

            _ = try await post(server, "/web/block", ["viewerId": "usr_ada", "candidateId": "usr_zed"], token: ada)
            let afterBlock = try await post(server, "/web/matches", ["viewerId": "usr_zed"], token: zed)
            #expect((try json(afterBlock)["matches"] as? [Any])?.isEmpty == true, "a block hides the match from both")
        }
    }

    @Test func operatorFiguresNeedTheOperatorToken() async throws {
        try await Self.withXoseen { application, server in
            let store = ChatStore(database: application.database)
            let room = ChatRoom(kind: .match, between: "usr_a", and: "usr_b")
            try await store.flag(room: room, senderId: "usr_a", category: "money_scam", reason: "wire_transfer", at: Date())
            try await store.flag(room: room, senderId: "usr_a", category: "money_scam", reason: "gift_card", at: Date())
            try await store.flag(room: room, senderId: "usr_b", category: "off_platform", reason: "phone_number", at: Date())
            try await store.flag(
                room: room, senderId: "usr_b", category: "off_platform", reason: "old",
                at: Date().addingTimeInterval(-40 * 86_400))

            for path in ["/ops/api/models", "/ops/api/safety-flags"] {
                #expect(try await server.client.get(path).status == 401, "\(path)")
                #expect(try await server.client.get(path, headers: [("X-Operator-Token", "wrong")]).status == 401, "\(path)")
            }
            let auth = [("X-Operator-Token", Self.operatorToken)]
            let models = try json(try await server.client.get("/ops/api/models", headers: auth))
            #expect((models["serving"] as? [String: Any])?["servingRanker"] as? String == "rule_based")
            #expect((models["models"] as? [Any])?.isEmpty == true)

            #expect(try await server.client.get("/ops/api/safety-flags?days=0", headers: auth).status == 422)
            let flags = try json(try await server.client.get("/ops/api/safety-flags?days=30", headers: auth))
            #expect(flags["categories"] as? [String] == ["money_scam", "off_platform"])
            let series = try #require(flags["series"] as? [[String: Any]])
            #expect(series.count == 1, "the 40-day-old flag is outside the window")
            #expect((series.first?["counts"] as? [String: Int]) == ["money_scam": 2, "off_platform": 1])
            #expect(
                !String(decoding: try await server.client.get("/ops/api/safety-flags", headers: auth).body, as: UTF8.self)
                    .contains("usr_"), "counts only: no sender")
        }
    }
}
