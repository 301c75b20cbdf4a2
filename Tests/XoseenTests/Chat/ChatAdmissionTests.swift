import Foundation
import HTTPTesting
import Testing
import Xoseen
import XoseenAPI

/// Who may join which room, over the real socket: every refusal is a 4401 with a reason.
@Suite(.serialized) struct ChatAdmissionTests {
    @Test func theAdmissionMatrix() async throws {
        try await ChatFixture.with { f in
            try await f.user("usr_a", "Ada")
            try await f.user("usr_b", "Bo")
            try await f.user("usr_c", "Cy")
            try await f.user("usr_d", "Di")
            try await f.match("usr_a", "usr_b")
            try await f.match("usr_a", "usr_d")
            _ = try await f.post("/web/block", ["viewerId": "usr_d", "candidateId": "usr_a"], as: "usr_d")

            try await f.expectRefused(room: "match:usr_b:usr_a", user: "usr_a", code: "invalid_room")
            try await f.expectRefused(room: "garbage", user: "usr_a", code: "invalid_room")
            try await f.expectRefused(room: "dm:usr_a:usr_b", user: "usr_a", code: "invalid_room")
            try await f.expectRefused(room: "match:usr_a:usr_a", user: "usr_a", code: "invalid_room")
            try await f.expectRefused(room: "match:usr_a:usr_b:usr_c", user: "usr_a", code: "invalid_room")
            try await f.expectRefused(room: "", user: "usr_a", code: "invalid_room")
            try await f.expectRefused(room: "match:usr_a:usr_b", user: "", code: "invalid_user")
            try await f.expectRefused(room: "match:usr_a:usr_b", user: "usr_c", code: "not_a_member")
            try await f.expectRefused(room: "match:usr_a:usr_b", user: "usr_a", token: f.tokens["usr_b"], code: "invalid_token")
            try await f.expectRefused(
                room: "match:usr_a:usr_b", user: "usr_a", token: f.tokens["usr_a"]! + "x", code: "invalid_token")
            try await f.expectRefused(room: "match:usr_a:usr_b", user: "usr_a", token: "garbage", code: "invalid_token")
            try await f.expectRefused(room: "match:usr_a:usr_c", user: "usr_a", code: "not_matched")
            try await f.expectRefused(room: "blind:usr_a:usr_b", user: "usr_a", code: "not_paired")
            try await f.expectRefused(room: "match:usr_a:usr_d", user: "usr_a", code: "blocked")
            try await f.expectRefused(room: "match:usr_a:usr_zz", user: "usr_a", code: "not_found")

            // Demo mode: no token is allowed; the user's own token is too.
            let (open, _) = try await f.join(room: "match:usr_a:usr_b", user: "usr_a", token: "")
            let (signed, _) = try await f.join(room: "match:usr_a:usr_b", user: "usr_b")
            try await open.close()
            try await signed.close()
        }
    }

    @Test func requireAuthModeNeedsTheUsersToken() async throws {
        try await ChatFixture.with(requireAuth: true) { f in
            // Under require-auth, profiles need verification; create the pair in the store directly.
            try await Self.seedPair(f.application)
            let tokenA = f.application.signer.issue(for: "usr_a")
            try await f.expectRefused(room: "match:usr_a:usr_b", user: "usr_a", token: "", code: "auth_required")
            try await f.expectRefused(room: "match:usr_a:usr_b", user: "usr_b", token: tokenA, code: "invalid_token")
            let (socket, _) = try await f.join(room: "match:usr_a:usr_b", user: "usr_a", token: tokenA)
            try await socket.close()
        }
    }

    static func seedPair(_ application: XoseenApplication) async throws {
        for (id, name) in [("usr_a", "Ada"), ("usr_b", "Bo")] {
            let now = Date()
            try await application.profiles.save(
                Profile(
                    userId: id, displayName: name, ageDisplayed: 30, trustScore: 90, intent: .longTerm, interests: ["jazz"],
                    cityArea: "Williamsburg", ageMin: 21, ageMax: 50, maxDistanceKm: 50, gender: .woman, seeking: [.woman, .man],
                    asexual: false, asexualOnly: false, bio: "", textingStyle: nil, photoSeed: id, verified: true, isSeed: false,
                    createdAt: now, updatedAt: now))
        }
        let matching = application.matching
        for (v, c) in [("usr_a", "usr_b"), ("usr_b", "usr_a")] {
            _ = try await matching.decide(
                viewer: v, candidate: c, action: .like, at: Date(), scores: "{}",
                ranker: "rule_based", isTest: true)
        }
    }
}
