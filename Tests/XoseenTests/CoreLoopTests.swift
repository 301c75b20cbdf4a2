import Foundation
import HTTPServer
import HTTPTesting
import Testing
import Xoseen
import XoseenAPI

/// The core loop through the real server on the seed population: viewers → profile → rank →
/// explain → like → mutual like → matched; cursors, filters, the PII allow-list, auth.
@Suite(.serialized) struct CoreLoopTests {
    struct Envelope: Decodable {
        struct Body: Decodable { let code: String }
        let error: Body
    }

    static func withSeeded(requireAuth: Bool = false, _ body: (XoseenApplication, LiveServer) async throws -> Void) async throws {
        let directory = NSTemporaryDirectory() + "xoseen-loop-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let application = try await XoseenApplication(
            settings: .init(
                dataDirectory: directory, resourcesDirectory: ProfileRoutesTests.resources,
                requireAuth: requireAuth))
        defer { application.database.closeSync() }
        try await application.bootstrap(seedCount: 400)
        try await withLiveServer(application.router(), hub: application.hub) { server in try await body(application, server) }
    }

    func json(_ response: RawHTTPResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
    }

    func post(_ server: LiveServer, _ path: String, _ object: [String: Any], token: String? = nil) async throws -> RawHTTPResponse
    {
        try await server.client.post(
            path, body: Array(try JSONSerialization.data(withJSONObject: object)), contentType: "application/json",
            headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [])
    }

    static var ada: [String: Any] {
        [
            "userId": "usr_ada", "displayName": "Ada", "ageDisplayed": 30, "trustScore": 82.0,
            "intent": "long_term", "interests": ["hiking", "jazz", "cooking"], "cityArea": "Williamsburg",
            "ageMin": 25, "ageMax": 45, "maxDistanceKm": 40.0, "gender": "woman", "orientation": "straight",
        ]
    }

    @Test func theWholeLoop() async throws {
        try await Self.withSeeded { application, server in
            let viewers = try json(try await server.client.get("/ml/viewers"))["viewers"] as? [[String: Any]] ?? []
            #expect(viewers.count == 400)
            let created = try json(try await post(server, "/web/profile", Self.ada))
            let token = try #require(created["token"] as? String)

            let rank = try await post(server, "/ml/rank", ["viewerId": "usr_ada", "limit": 10])
            #expect(rank.status == 200)
            let candidates = try json(rank)["candidates"] as? [[String: Any]] ?? []
            #expect(candidates.count == 10)
            for card in candidates {
                #expect(Set(card.keys).isSubset(of: CandidateDTOKeys.allowed), "PII allow-list: \(card.keys)")
                #expect(card["verifiedBadge"] as? Bool == true)
                #expect((card["photoUrl"] as? String)?.hasPrefix("/app/photos/") == true)
            }
            let scores = candidates.compactMap { $0["score"] as? Double }
            #expect(scores == scores.sorted(by: >))
            let first = try #require(candidates.first?["candidateId"] as? String)

            let photo = try await server.client.get(try #require(candidates.first?["photoUrl"] as? String))
            #expect(photo.status == 200 && photo.headers["Content-Type"] == "image/png")

            let explain = try json(try await post(server, "/ml/explain", ["viewerId": "usr_ada", "candidateId": first]))
            let breakdown = try #require(explain["breakdown"] as? [String: Double])
            #expect(Set(breakdown.keys) == ["trust", "intent", "interests", "texting_style", "location", "p_like_back", "final"])
            #expect(breakdown.values.allSatisfy { (0...1).contains($0) })
            #expect(!(explain["explanation"] as? String ?? "").isEmpty)

            let like = try json(
                try await post(
                    server, "/ml/feedback", ["viewerId": "usr_ada", "candidateId": first, "action": "like"], token: token))
            #expect(like["matched"] as? Bool == false)
            let back = try json(
                try await post(server, "/ml/feedback", ["viewerId": first, "candidateId": "usr_ada", "action": "like"]))
            #expect(back["matched"] as? Bool == true)
            let repeatBack = try json(
                try await post(server, "/ml/feedback", ["viewerId": first, "candidateId": "usr_ada", "action": "like"]))
            #expect(repeatBack["matched"] as? Bool == true, "repeats answer as the first time")
            let events = try await application.database.read { try $0.scalar(Int.self, "SELECT COUNT(*) FROM user_events") }
            #expect(events == 2, "repeats never double-count")

            // Acted-on candidates leave the feed.
            let again =
                try json(try await post(server, "/ml/rank", ["viewerId": "usr_ada", "limit": 100]))["candidates"]
                as? [[String: Any]] ?? []
            #expect(!again.contains { $0["candidateId"] as? String == first })
        }
    }

    @Test func cursorChainsNeverRepeatAndRejectTampering() async throws {
        try await Self.withSeeded { _, server in
            _ = try await post(server, "/web/profile", Self.ada)
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                var body: [String: Any] = ["viewerId": "usr_ada", "limit": 7]
                if let cursor { body["cursor"] = cursor }
                let page = try json(try await post(server, "/ml/rank", body))
                seen += (page["candidates"] as? [[String: Any]] ?? []).compactMap { $0["candidateId"] as? String }
                cursor = page["nextCursor"] as? String
                pages += 1
            } while cursor != nil && pages < 50
            #expect(seen.count == Set(seen).count, "no candidate repeats within a chain")
            #expect(seen.count > 7)

            let page = try json(try await post(server, "/ml/rank", ["viewerId": "usr_ada", "limit": 5]))
            let good = try #require(page["nextCursor"] as? String)
            for bad in [
                "garbage", good + "x", "ch_123.abc", String(good.dropLast(2)), good.replacingOccurrences(of: "ch_", with: "ch_0"),
            ] {
                let response = try await post(server, "/ml/rank", ["viewerId": "usr_ada", "limit": 5, "cursor": bad])
                #expect(response.status == 400)
                #expect(try JSONDecoder().decode(Envelope.self, from: Data(response.body)).error.code == "invalid_cursor")
            }
            _ = try await post(server, "/web/profile", Self.ada.merging(["userId": "usr_eve", "displayName": "Eve"]) { $1 })
            let stolen = try await post(server, "/ml/rank", ["viewerId": "usr_eve", "limit": 5, "cursor": good])
            #expect(stolen.status == 400, "a cursor belongs to its viewer")
        }
    }

    @Test func errorsOfTheFeedEndpoints() async throws {
        try await Self.withSeeded(requireAuth: true) { application, server in
            for limit in [0, 101] {
                let response = try await post(server, "/ml/rank", ["viewerId": "usr_x", "limit": limit])
                #expect(response.status == 422)
            }
            // Strict mode: reads need the viewer's token too (an unknown viewer's, here, to reach the 404).
            let nobody = application.signer.issue(for: "usr_nobody")
            let unknown = try await post(server, "/ml/rank", ["viewerId": "usr_nobody"], token: nobody)
            #expect(unknown.status == 404)
            #expect(try JSONDecoder().decode(Envelope.self, from: Data(unknown.body)).error.code == "viewer_not_found")
            let explainUnknown = try await post(
                server, "/ml/explain", ["viewerId": "usr_nobody", "candidateId": "usr_x"], token: nobody)
            #expect(try JSONDecoder().decode(Envelope.self, from: Data(explainUnknown.body)).error.code == "not_found")

            let viewers = try json(try await server.client.get("/ml/viewers"))["viewers"] as? [[String: Any]] ?? []
            let a = try #require(viewers.first?["id"] as? String)
            let b = try #require(viewers.last?["id"] as? String)
            let noToken = try await post(server, "/ml/feedback", ["viewerId": a, "candidateId": b, "action": "like"])
            #expect(noToken.status == 401)
            #expect(try JSONDecoder().decode(Envelope.self, from: Data(noToken.body)).error.code == "auth_required")
            let otherToken = try await post(
                server, "/ml/feedback", ["viewerId": a, "candidateId": b, "action": "like"],
                token: application.signer.issue(for: b))
            #expect(try JSONDecoder().decode(Envelope.self, from: Data(otherToken.body)).error.code == "invalid_token")
            let ok = try await post(
                server, "/ml/feedback", ["viewerId": a, "candidateId": b, "action": "like"],
                token: application.signer.issue(for: a))
            #expect(ok.status == 200)
            let badAction = try await post(
                server, "/ml/feedback", ["viewerId": a, "candidateId": b, "action": "love"],
                token: application.signer.issue(for: a))
            #expect(badAction.status == 422)
        }
    }

    @Test func blocksHideBothWays() async throws {
        try await Self.withSeeded { _, server in
            _ = try await post(server, "/web/profile", Self.ada)
            let page = try json(try await post(server, "/ml/rank", ["viewerId": "usr_ada", "limit": 3]))
            let target = try #require((page["candidates"] as? [[String: Any]])?.first?["candidateId"] as? String)
            #expect(try await post(server, "/web/block", ["viewerId": "usr_ada", "candidateId": target]).status == 200)
            #expect(
                try await post(server, "/web/block", ["viewerId": "usr_ada", "candidateId": target]).status == 200, "idempotent")
            let mine =
                try json(try await post(server, "/ml/rank", ["viewerId": "usr_ada", "limit": 100]))["candidates"]
                as? [[String: Any]] ?? []
            #expect(!mine.contains { $0["candidateId"] as? String == target })
            let theirs =
                try json(try await post(server, "/ml/rank", ["viewerId": target, "limit": 100]))["candidates"] as? [[String: Any]]
                ?? []
            #expect(!theirs.contains { $0["candidateId"] as? String == "usr_ada" })
            // An edit of Ada's profile does not bring them back.
            #expect(
                try await post(server, "/web/report", ["viewerId": "usr_ada", "candidateId": target, "reason": "spam"]).status
                    == 200)
        }
    }

    @Test func scoresSpreadWithoutSaturation() async throws {
        try await Self.withSeeded { application, server in
            let viewers = try json(try await server.client.get("/ml/viewers"))["viewers"] as? [[String: Any]] ?? []
            var scores: [Double] = []
            for viewer in viewers.prefix(120) {
                let page = try json(
                    try await post(server, "/ml/rank", ["viewerId": viewer["id"] as? String ?? "", "limit": 100]))
                scores += (page["candidates"] as? [[String: Any]] ?? []).compactMap { $0["score"] as? Double }
            }
            #expect(scores.count > 300)
            let mean = scores.reduce(0, +) / Double(scores.count)
            let sd = (scores.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(scores.count)).squareRoot()
            let saturated = Double(scores.filter { $0 >= 0.99 }.count) / Double(scores.count)
            print("seed feed scores: n=\(scores.count) mean=\(mean) sd=\(sd) share>=0.99=\(saturated)")
            #expect(sd >= 0.05)
            #expect(saturated < 0.01)
            _ = application
        }
    }
}

/// The allow-list the feed may emit (mirrors `CandidateDTO.allowedKeys`, kept here so the
/// test fails if the server starts emitting anything else).
enum CandidateDTOKeys {
    static let allowed: Set<String> = [
        "candidateId", "displayName", "ageDisplayed", "cityArea", "verifiedBadge", "sharedInterests",
        "explanation", "score", "photoUrl", "bio",
    ]
}

@Suite struct FeedbackConcurrencyTests {
    @Test func concurrentRepeatsCountOnce() async throws {
        try await CoreLoopTests.withSeeded { application, server in
            let viewers =
                try JSONSerialization.jsonObject(with: Data(try await server.client.get("/ml/viewers").body)) as? [String: Any]
            let ids = (viewers?["viewers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            let pair = (ids[10], ids[20])
            let body = Array(
                try JSONSerialization.data(withJSONObject: ["viewerId": pair.0, "candidateId": pair.1, "action": "like"]))
            let before = try await application.database.read { try $0.scalar(Int.self, "SELECT COUNT(*) FROM user_events") } ?? 0
            let answers = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        try await server.client.post("/ml/feedback", body: body, contentType: "application/json").bodyString
                    }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(Set(answers).count == 1, "every repeat answers the same: \(Set(answers))")
            let after = try await application.database.read { try $0.scalar(Int.self, "SELECT COUNT(*) FROM user_events") } ?? 0
            let decided = try await application.database.read { connection in
                try connection.scalar(
                    Int.self, "SELECT COUNT(*) FROM decisions WHERE viewer_id = $1 AND candidate_id = $2", pair.0, pair.1)
            }
            #expect(decided == 1)
            #expect(after - before <= 1, "at most one training event, even under concurrent repeats")
        }
    }
}
