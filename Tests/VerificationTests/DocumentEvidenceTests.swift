import Foundation
import HTTPTesting
import Testing

/// `verified` rests on the document itself (issue 13, item 2), over the real server: a plain
/// portrait sent as the ID with a typed adult date is not a document, and a typed date that
/// only an unlabelled reading agrees with is at most a review.
@Suite(.serialized) struct DocumentEvidenceTests {
    typealias H = VerificationHarness

    func decision(_ response: RawHTTPResponse) throws -> H.Decision {
        try JSONDecoder().decode(H.Decision.self, from: Data(response.body))
    }

    @Test func aPlainPortraitWithATypedDateIsNoDocument() async throws {
        try await H.withXoseen { application, server in
            let response = try await H.verify(
                server, user: "usr_portrait", document: ThirdParty.photo("obama.jpg"),
                selfie: ThirdParty.photo("obama2.jpg"), fields: [("dob", "1990-03-14")])
            #expect(response.status == 200, "\(response.bodyString)")
            let outcome = try decision(response)
            #expect(outcome.decision == "rejected", "\(outcome.reasons)")
            #expect(outcome.reasons.contains("no_document_detected"))
            #expect(try await application.verifier.store.record(for: "usr_portrait")?.decision != .verified)
        }
    }

    @Test func aTypedDateOnlyAnUnlabelledReadingAgreesWithIsAReview() async throws {
        let card = try SyntheticDocuments.render(
            kind: "state_id", photo: "obama.jpg", dob: "1990-03-14", extra: ["--dob-label", ""])
        try await H.withXoseen { _, server in
            let outcome = try decision(
                try await H.verify(
                    server, user: "usr_weak", document: card, selfie: ThirdParty.photo("obama2.jpg"),
                    fields: [("dob", "1990-03-14")]))
            #expect(outcome.decision != "verified", "\(outcome.reasons)")
        }
    }
}
