import Foundation
import HTTPTesting
import Testing

/// The whole pipeline over the real server, on documents rendered for the test and photos we may
/// use (third_party/face-photos). Each attempt costs a few seconds, so the cases are grouped.
@Suite(.serialized) struct VerifyLiveVisionTests {
    typealias H = VerificationHarness

    func decision(_ response: RawHTTPResponse) throws -> H.Decision {
        try JSONDecoder().decode(H.Decision.self, from: Data(response.body))
    }

    @Test func verifiedThenDuplicateThenStatusAndProfile() async throws {
        let card = try SyntheticDocuments.render(kind: "state_id", photo: "obama.jpg", dob: "1990-03-14")
        try await H.withXoseen(requireAuth: true) { application, server in
            // Before verification, profile creation is refused.
            let profile: [String: Any] = [
                "userId": "usr_live", "displayName": "Lee", "ageDisplayed": 20, "trustScore": 99.0,
                "intent": "long_term", "cityArea": "Manhattan", "gender": "man",
            ]
            let early = try await server.client.post(
                "/web/profile", body: Array(try JSONSerialization.data(withJSONObject: profile)),
                contentType: "application/json")
            #expect(early.status == 403)

            let response = try await H.verify(
                server, user: "usr_live", document: card, selfie: ThirdParty.photo("obama2.jpg"),
                photos: [ThirdParty.photo("obama3.jpg")])
            #expect(response.status == 200, "\(response.bodyString)")
            let verified = try decision(response)
            #expect(verified.decision == "verified", "\(verified.reasons)")
            #expect(verified.ageOver18 == true)
            #expect(verified.ageDisplayed == CalendarAge.years(since: "1990-03-14"))
            #expect(verified.trustScore >= 70 && verified.trustScore <= 100)
            #expect(!response.bodyString.contains("1990"), "the date of birth never leaves the verifier")

            let claim = H.claim(verified.claimToken)
            let status = try decision(try await server.client.get("/verify/verification/status/usr_live", headers: claim))
            #expect(status.decision == "verified" && status.trustScore == verified.trustScore)

            // Now the profile can be created (by the claim's holder); the verifier's score and age
            // win over the submitted ones.
            let created = try await server.client.post(
                "/web/profile", body: Array(try JSONSerialization.data(withJSONObject: profile)),
                contentType: "application/json", headers: claim)
            #expect(created.status == 200, "\(created.bodyString)")
            let stored = try #require(try await application.profiles.profile("usr_live"))
            #expect(stored.verified && stored.trustScore == verified.trustScore && stored.ageDisplayed == verified.ageDisplayed)

            // The same face for another account goes to review.
            let second = try decision(
                try await H.verify(server, user: "usr_other", document: card, selfie: ThirdParty.photo("obama2.jpg")))
            #expect(second.decision == "manual_review")
            #expect(second.reasons.contains("duplicate_face"))
        }
    }

    @Test func passportCheckDigitsUnderageAndOperatorReview() async throws {
        let broken = try SyntheticDocuments.render(
            kind: "passport", photo: "obama.jpg", dob: "1988-07-04", extra: ["--break-check-digit"])
        let minor = try SyntheticDocuments.render(kind: "passport", photo: "obama.jpg", dob: SyntheticDocuments.yearsAgo(16))
        try await H.withXoseen { _, server in
            let pending = try decision(
                try await H.verify(
                    server, user: "usr_pass", document: broken, selfie: ThirdParty.photo("obama3.jpg"),
                    fields: [("doc_type", "passport")]))
            #expect(pending.decision == "manual_review")
            #expect(pending.reasons.contains("mrz_check_failed"), "\(pending.reasons)")

            let young = try decision(
                try await H.verify(
                    server, user: "usr_young", document: minor, selfie: ThirdParty.photo("obama2.jpg"),
                    fields: [("doc_type", "passport"), ("assistive_context", "low_vision")]))
            #expect(young.decision == "rejected")
            #expect(young.reasons.contains("underage"))
            #expect(young.ageOver18 == false)

            // The operator sees the pending case with its evidence and approves it.
            let operatorHeaders = [("X-Operator-Token", H.operatorToken)]
            let queue = try await server.client.get("/verify/verification/review", headers: operatorHeaders)
            #expect(queue.bodyString.contains("usr_pass") && queue.bodyString.contains("mrz_check_failed"))
            #expect(queue.bodyString.contains("\"evidence\""))
            #expect(!queue.bodyString.contains("usr_young"))
            let approve = try await server.client.post(
                "/verify/verification/review/usr_pass", json: ["action": "approve", "note": "checked by hand"],
                headers: operatorHeaders)
            #expect(approve.status == 200, "\(approve.bodyString)")
            let status = try decision(
                try await server.client.get("/verify/verification/status/usr_pass", headers: H.claim(pending.claimToken)))
            #expect(status.decision == "verified" && status.reasons.contains("operator_approved"))
            let audit = try await server.client.get("/verify/verification/review/usr_pass/audit", headers: operatorHeaders)
            #expect(audit.bodyString.contains("\"actor\":\"operator\"") && audit.bodyString.contains("checked by hand"))
            // Nothing left to review for this user.
            let again = try await server.client.post(
                "/verify/verification/review/usr_pass", json: ["action": "reject"], headers: operatorHeaders)
            #expect(again.status == 404)
        }
    }

    @Test func mismatchesReprintsTypedDOBAndAssistiveContext() async throws {
        let card = try SyntheticDocuments.render(
            kind: "drivers_license", photo: "biden.jpg", dob: "1985-11-20",
            extra: ["--date-format", "%d.%m.%Y", "--dob-label", "DATE OF BIRTH"])
        let obamaCard = try SyntheticDocuments.render(kind: "state_id", photo: "obama.jpg", dob: "1990-03-14")
        try await H.withXoseen { _, server in
            // Someone else's face on the selfie.
            let other = try decision(
                try await H.verify(
                    server, user: "usr_m1", document: card, selfie: ThirdParty.photo("obama2.jpg"),
                    fields: [("doc_type", "drivers_license")]))
            #expect(other.decision == "rejected" && other.reasons.contains("face_mismatch"))

            // The document's own portrait as the selfie: not a live face.
            let reprint = try decision(
                try await H.verify(server, user: "usr_m2", document: obamaCard, selfie: ThirdParty.photo("obama.jpg")))
            #expect(reprint.decision != "verified" && reprint.reasons.contains("selfie_is_document_photo"))

            // A typed date that disagrees with the document; a catfish profile photo.
            let typed = try decision(
                try await H.verify(
                    server, user: "usr_m3", document: obamaCard, selfie: ThirdParty.photo("obama3.jpg"),
                    photos: [ThirdParty.photo("astronaut.png")], fields: [("dob", "1992-03-14")]))
            #expect(typed.decision == "manual_review")
            #expect(typed.reasons.contains("dob_mismatch") && typed.reasons.contains("profile_photo_mismatch"))
            #expect(typed.ageDisplayed == CalendarAge.years(since: "1990-03-14"), "the document's date wins")

            // No face in the selfie: rejected, but with assistive context a review instead.
            let cat = try decision(
                try await H.verify(server, user: "usr_m4", document: obamaCard, selfie: ThirdParty.photo("chelsea.png")))
            #expect(cat.decision == "rejected" && cat.reasons.contains("no_face_in_selfie"))
            let assisted = try decision(
                try await H.verify(
                    server, user: "usr_m4", document: obamaCard, selfie: ThirdParty.photo("chelsea.png"),
                    fields: [("assistive_context", "cannot_hold_camera")], headers: H.claim(cat.claimToken)))
            #expect(assisted.decision == "manual_review" && assisted.reasons.contains("assistive_context_review"))
        }
    }
}

enum CalendarAge {
    /// Whole years from an ISO date to today (UTC).
    static func years(since iso: String) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = iso.split(separator: "-").map { Int($0)! }
        let born = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!
        return calendar.dateComponents([.year], from: born, to: Date()).year!
    }
}
