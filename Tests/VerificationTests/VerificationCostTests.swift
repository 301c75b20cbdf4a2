import Foundation
import HTTPTesting
import Testing

/// What one client can make the verifier spend (issue 13, item 4), over the real server: the
/// pixels of one attempt together, the queue's depth (503 + Retry-After in the error envelope),
/// and attempts per user id and per client address (429 + Retry-After).
@Suite(.serialized) struct VerificationCostTests {
    typealias H = VerificationHarness

    func error(_ response: RawHTTPResponse) -> H.Envelope.Body? {
        try? JSONDecoder().decode(H.Envelope.self, from: Data(response.body)).error
    }

    @Test func anAttemptsPixelsAreBoundedTogether() async throws {
        // Eight images each just under the per-image cap (40 MP), 320 MP together.
        let big = VerifyLiveInputTests.bombPNG(width: 6_300, height: 6_300)
        try await H.withXoseen { _, server in
            let files =
                [("selfie", "s.png", "image/png", big), ("id_document", "d.png", "image/png", big)]
                + (0..<6).map { ("profile_photos", "p\($0).png", "image/png", big) }
            let response = try await server.client.multipart(
                "/verify/verification/verify-live", fields: [("user_id", "usr_px")], files: files)
            #expect(response.status == 422, "\(response.bodyString)")
            #expect(error(response)?.code == "attempt_too_large")
        }
    }

    @Test func aFullQueueAnswers503WithRetryAfter() async throws {
        let card = try SyntheticDocuments.render(kind: "state_id", photo: "obama.jpg", dob: "1990-03-14")
        try await H.withXoseen(environment: ["XOSEEN_VERIFY_QUEUE": "1"]) { _, server in
            let responses = try await withThrowingTaskGroup(of: RawHTTPResponse.self) { group in
                for i in 0..<4 {
                    group.addTask {
                        try await H.verify(server, user: "usr_q\(i)", document: card, selfie: ThirdParty.photo("obama2.jpg"))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let busy = responses.filter { $0.status == 503 }
            #expect(responses.contains { $0.status == 200 }, "\(responses.map(\.status))")
            #expect(!busy.isEmpty, "\(responses.map(\.status))")
            for response in busy {
                #expect(error(response)?.code == "verification_busy")
                #expect(Int(response.headers["Retry-After"] ?? "") ?? 0 >= 1)
            }
            // The queue frees up: the next attempt is served.
            let after = try await H.verify(server, user: "usr_q9", document: card, selfie: ThirdParty.photo("obama2.jpg"))
            #expect(after.status == 200)
        }
    }

    @Test func attemptsPerUserAndPerAddressAreLimited() async throws {
        let tiny = VerifyLiveInputTests.bombPNG(width: 8, height: 8)
        try await H.withXoseen(environment: ["XOSEEN_VERIFY_PER_USER_HOUR": "2", "XOSEEN_VERIFY_PER_ADDRESS_HOUR": "4"]) {
            _, server in
            func attempt(_ user: String) async throws -> RawHTTPResponse {
                try await server.client.multipart(
                    "/verify/verification/verify-live", fields: [("user_id", user)],
                    files: [("selfie", "s.png", "image/png", tiny), ("id_document", "d.png", "image/png", tiny)])
            }
            #expect(try await attempt("usr_l1").status == 422)
            #expect(try await attempt("usr_l1").status == 422)
            let user = try await attempt("usr_l1")
            #expect(user.status == 429 && error(user)?.code == "rate_limited")
            #expect(Int(user.headers["Retry-After"] ?? "") ?? 0 > 0)
            #expect(try await attempt("usr_l2").status == 422)
            #expect(try await attempt("usr_l3").status == 422)
            let address = try await attempt("usr_l4")
            #expect(address.status == 429, "a fresh user id from the same address: \(address.bodyString)")
        }
    }
}
