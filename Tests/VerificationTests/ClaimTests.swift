import Foundation
import HTTPTesting
import Testing

/// A verification belongs to whoever uploaded it (issue 13, item 1): the attempt on an id
/// without a profile returns a claim secret, and only its holder may read the status, verify
/// again or create the profile; afterwards only the profile's token may. Both auth modes.
@Suite(.serialized) struct ClaimTests {
    typealias H = VerificationHarness

    func error(_ response: RawHTTPResponse) -> String? {
        try? JSONDecoder().decode(H.Envelope.self, from: Data(response.body)).error.code
    }

    @Test(arguments: [false, true])
    func aVerifiedIdentityCannotBeTakenOver(requireAuth: Bool) async throws {
        let card = try SyntheticDocuments.render(kind: "state_id", photo: "obama.jpg", dob: "1990-03-14")
        try await H.withXoseen(requireAuth: requireAuth) { application, server in
            // The victim verifies usr_v (no profile yet) and is handed the claim, once.
            let attempt = try await H.verify(server, user: "usr_v", document: card, selfie: ThirdParty.photo("obama2.jpg"))
            #expect(attempt.status == 200, "\(attempt.bodyString)")
            let decision = try JSONDecoder().decode(H.Decision.self, from: Data(attempt.body))
            #expect(decision.decision == "verified", "\(decision.reasons)")
            let claim = try #require(decision.claimToken)
            #expect(claim.count >= 40)

            // The attacker, without the claim: no profile, no status, no new attempt.
            let takeover = try await H.createProfile(server, user: "usr_v")
            #expect(takeover.status == 401 && error(takeover) == "claim_required", "\(takeover.bodyString)")
            let forged = try await H.createProfile(
                server, user: "usr_v", headers: H.claim("vc_" + String(repeating: "A", count: 43)))
            #expect(forged.status == 401 && error(forged) == "invalid_claim")
            let peek = try await server.client.get("/verify/verification/status/usr_v")
            #expect(peek.status == 401 && !peek.bodyString.contains("verified"), "\(peek.bodyString)")
            let overwrite = try await H.verify(server, user: "usr_v", document: card, selfie: ThirdParty.photo("obama3.jpg"))
            #expect(overwrite.status == 401 && error(overwrite) == "claim_required")
            #expect(try await application.profiles.profile("usr_v") == nil)

            // The holder reads the status and creates the account; the claim is then used up.
            let status = try await server.client.get("/verify/verification/status/usr_v", headers: H.claim(claim))
            #expect(status.status == 200 && status.bodyString.contains("\"verified\""))
            let created = try await H.createProfile(server, user: "usr_v", headers: H.claim(claim))
            #expect(created.status == 200, "\(created.bodyString)")
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any])
            let token = try #require(answer["token"] as? String)
            #expect(try await application.profiles.profile("usr_v")?.verified == true)

            // From now on the account's token is the credential, in both modes; the old claim opens nothing.
            let replay = try await H.createProfile(server, user: "usr_v", headers: H.claim(claim))
            #expect(replay.status == 401)
            let statusWithClaim = try await server.client.get("/verify/verification/status/usr_v", headers: H.claim(claim))
            #expect(statusWithClaim.status == 401)
            let statusWithToken = try await server.client.get(
                "/verify/verification/status/usr_v",
                headers: [("Authorization", "Bearer \(token)")])
            #expect(statusWithToken.status == 200, "\(statusWithToken.bodyString)")
            let reverify = try await H.verify(
                server, user: "usr_v", document: card, selfie: ThirdParty.photo("obama3.jpg"), headers: H.claim(claim))
            #expect(reverify.status == 401)
        }
    }

    @Test func anUnclaimedIdsStatusRevealsNothing() async throws {
        try await H.withXoseen { _, server in
            let none = try await server.client.get("/verify/verification/status/usr_nobody")
            #expect(none.status == 401 && error(none) == "claim_required")
            let guessed = try await server.client.get("/verify/verification/status/usr_nobody", headers: H.claim("vc_guess"))
            #expect(guessed.status == 401 && error(guessed) == "invalid_claim")
        }
    }
}
