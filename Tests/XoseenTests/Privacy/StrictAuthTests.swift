import Foundation
import HTTPServer
import HTTPTesting
import Testing
import Xoseen
import XoseenAPI

/// `XOSEEN_REQUIRE_AUTH=1` covers every user-scoped call, reads included; tokens travel only
/// where the seed says (header on HTTP, `?token=` on WebSocket upgrades); tokens can be revoked.
@Suite(.serialized) struct StrictAuthTests {
    /// Every route that acts on a viewer, as (method, path, body or query) for viewer `v` and another user `c`.
    static func userScopedCalls(_ v: String, _ c: String) -> [(String, String, [String: Any]?)] {
        [
            ("POST", "/ml/rank", ["viewerId": v, "limit": 5]),
            ("POST", "/ml/explain", ["viewerId": v, "candidateId": c]),
            ("POST", "/ml/feedback", ["viewerId": v, "candidateId": c, "action": "pass"]),
            ("POST", "/web/block", ["viewerId": v, "candidateId": c]),
            ("POST", "/web/report", ["viewerId": v, "candidateId": c, "reason": "spam"]),
            ("GET", "/web/suggestions?viewerId=\(v)&candidateId=\(c)", nil),
            ("POST", "/web/reply-suggest", ["user": v, "history": ["hi"]]),
            ("POST", "/web/blind/next", ["viewerId": v]),
            ("POST", "/web/blind/pairings", ["viewerId": v]),
            ("POST", "/web/blind/reveal", ["viewerId": v, "candidateId": "bd_nobody"]),
            ("POST", "/web/logout-all", ["viewerId": v]),
        ]
    }

    func call(_ f: PrivacyFixture, _ method: String, _ path: String, _ body: [String: Any]?, token: String?) async throws
        -> RawHTTPResponse
    {
        method == "GET" ? try await f.get(path, token: token) : try await f.post(path, body ?? [:], token: token)
    }

    @Test func strictModeNeedsTheViewersTokenOnEveryUserScopedCall() async throws {
        try await PrivacyFixture.with(requireAuth: true) { f in
            let ids = try await f.personas()
            let (v, c) = (ids[3], ids[7])
            for (method, path, body) in Self.userScopedCalls(v, c) {
                let none = try await call(f, method, path, body, token: nil)
                #expect(
                    none.status == 401 && PrivacyFixture.code(none) == "auth_required",
                    "\(path) without a token: \(none.status) \(none.bodyString)")
                let other = try await call(f, method, path, body, token: f.token(c))
                #expect(
                    other.status == 401 && PrivacyFixture.code(other) == "invalid_token",
                    "\(path) with another user's token: \(other.status)")
            }
            // With the viewer's own token each call goes through (the bogus alias is simply not a pairing).
            for (method, path, body) in Self.userScopedCalls(v, c) where path != "/web/logout-all" {
                let mine = try await call(f, method, path, body, token: f.token(v))
                #expect(
                    mine.status == (path == "/web/blind/reveal" ? 404 : 200),
                    "\(path) with the viewer's token: \(mine.bodyString)")
            }
        }
    }

    @Test func demoModeStillServesReadsWithoutATokenButNeverWithAWrongOne() async throws {
        try await PrivacyFixture.with { f in
            let ids = try await f.personas()
            let (v, c) = (ids[3], ids[7])
            #expect(try await f.post("/ml/rank", ["viewerId": v, "limit": 5]).status == 200)
            #expect(try await f.get("/web/suggestions?viewerId=\(v)&candidateId=\(c)").status == 200)
            for (method, path, body) in Self.userScopedCalls(v, c) {
                let other = try await call(f, method, path, body, token: f.token(c))
                #expect(PrivacyFixture.code(other) == "invalid_token", "\(path): a token present must match, demo mode included")
            }
        }
    }

    @Test func aQueryTokenIsIgnoredOnHTTPRoutes() async throws {
        try await PrivacyFixture.with(requireAuth: true) { f in
            let ids = try await f.personas()
            let (v, c) = (ids[3], ids[7])
            let token = f.token(v)
            let rank = try await f.post("/ml/rank?token=\(token)", ["viewerId": v, "limit": 5])
            #expect(rank.status == 401 && PrivacyFixture.code(rank) == "auth_required", "HTTP routes take the header only")
            let like = try await f.post("/ml/feedback?token=\(token)", ["viewerId": v, "candidateId": c, "action": "like"])
            #expect(like.status == 401 && PrivacyFixture.code(like) == "auth_required")
            let suggestions = try await f.get("/web/suggestions?viewerId=\(v)&candidateId=\(c)&token=\(token)")
            #expect(suggestions.status == 401)
            #expect(try await f.post("/ml/rank", ["viewerId": v, "limit": 5], token: token).status == 200)
        }
    }

    @Test func logoutAllRevokesEveryEarlierTokenOverHTTPAndWebSocket() async throws {
        try await ChatFixture.with { f in
            try await ChatMessagingTests.matchedPair(&f)
            let old = try #require(f.tokens["usr_a"])
            #expect(
                try await f.post("/web/logout-all", ["viewerId": "usr_a"]).status == 401, "revoking needs the user's own token")
            let wrong = try await f.post("/web/logout-all", ["viewerId": "usr_a"], as: "usr_b")
            #expect(PrivacyFixture.code(wrong) == "invalid_token")

            let answer = try f.json(try await f.post("/web/logout-all", ["viewerId": "usr_a"], as: "usr_a"))
            let fresh = try #require(answer["token"] as? String)
            #expect(answer["ok"] as? Bool == true && fresh != old)

            let like = ["viewerId": "usr_a", "candidateId": "usr_b", "action": "like"]
            let stale = try await f.server.client.post(
                "/ml/feedback", body: Array(try JSONSerialization.data(withJSONObject: like)),
                contentType: "application/json", headers: [("Authorization", "Bearer \(old)")])
            #expect(stale.status == 401 && PrivacyFixture.code(stale) == "invalid_token", "the old token is revoked")
            try await f.expectRefused(room: ChatMessagingTests.room, user: "usr_a", token: old, code: "invalid_token")

            f.tokens["usr_a"] = fresh
            #expect(try await f.post("/ml/feedback", like, as: "usr_a").status == 200, "the token from logout-all works")
            let (socket, _) = try await f.join(room: ChatMessagingTests.room, user: "usr_a")
            try await socket.close()
            // Profile edits hand out tokens under the new version too.
            let edited = try f.json(try await f.post("/web/profile", ["userId": "usr_a", "displayName": "Ada L."], as: "usr_a"))
            let edit = try #require(edited["token"] as? String)
            #expect(f.application.signer.verify(edit, version: f.application.tokenVersions.version(of:)) == .success("usr_a"))
        }
    }
}
