import Foundation
import HTTPTesting
import Testing
import XoseenAPI
import XoseenVerification

/// The operator queue over the real server (issue 13, item 3): an approval never verifies an
/// age nobody established, the queue pages with a cursor, and assistive-context attempts are
/// rate-limited. Cases are put in the queue through the store (no image work needed).
@Suite struct OperatorQueueTests {
    typealias H = VerificationHarness
    static let operatorHeaders = [("X-Operator-Token", H.operatorToken)]

    /// A pending case whose only date of birth is the typed one (a review; age not established).
    static func queueTypedOnlyCase(_ application: XoseenApplication, _ userId: String, at: Date) async throws {
        let today = CalendarDate(at)
        let evidence = VerificationEvidence(
            selfieFaces: 1, documentFaceFound: true, faceDistance: 0.36, profilePhotos: [],
            document: DocumentReading(documentWords: 3), documentKind: .stateId,
            typedDOB: CalendarDate(iso: "1990-03-14"), duplicateFace: false, assistive: false)
        let outcome = application.verifier.policy.decide(evidence, today: today)
        #expect(outcome.decision == .manualReview && outcome.ageSource == .typed)
        _ = try await application.verifier.store.record(userId: userId, outcome: outcome, selfie: nil, selfieSHA256: nil, at: at)
    }

    func code(_ response: RawHTTPResponse) -> String? {
        try? JSONDecoder().decode(H.Envelope.self, from: Data(response.body)).error.code
    }

    @Test func approvingAnAgeNobodyEstablishedNeedsTheOperatorsDate() async throws {
        try await H.withXoseen { application, server in
            try await Self.queueTypedOnlyCase(application, "usr_typed", at: Date())
            try await Self.queueTypedOnlyCase(application, "usr_minor", at: Date())
            let refused = try await server.client.post(
                "/verify/verification/review/usr_typed", json: ["action": "approve"],
                headers: Self.operatorHeaders)
            #expect(refused.status == 422 && code(refused) == "age_not_established", "\(refused.bodyString)")
            #expect(try await application.verifier.store.record(for: "usr_typed")?.decision == .manualReview)

            let approved = try await server.client.post(
                "/verify/verification/review/usr_typed",
                json: ["action": "approve", "dateOfBirth": "1991-05-02", "note": "passport seen"],
                headers: Self.operatorHeaders)
            #expect(approved.status == 200, "\(approved.bodyString)")
            let record = try #require(try await application.verifier.store.record(for: "usr_typed"))
            #expect(
                record.decision == .verified && record.ageSource == .operator
                    && record.ageDisplayed == CalendarAge.years(since: "1991-05-02"))

            // The date the operator enters decides: a minor's is a rejection, whatever the action said.
            let minor = try await server.client.post(
                "/verify/verification/review/usr_minor",
                json: ["action": "approve", "dateOfBirth": SyntheticDocuments.yearsAgo(15)],
                headers: Self.operatorHeaders)
            #expect(minor.status == 200 && minor.bodyString.contains("\"rejected\""), "\(minor.bodyString)")
            let absurd = try await server.client.post(
                "/verify/verification/review/usr_minor",
                json: ["action": "approve", "dateOfBirth": "1850-01-01"], headers: Self.operatorHeaders)
            #expect(absurd.status == 422)
        }
    }

    struct Page: Decodable {
        struct Case: Decodable { let userId: String }
        let cases: [Case]
        let nextCursor: String?
    }

    @Test func theQueuePagesPastItsFirstPage() async throws {
        try await H.withXoseen { application, server in
            let start = Date(timeIntervalSince1970: 1_790_000_000)
            let ids = (0..<7).map { String(format: "usr_q%02d", $0) }
            for (i, id) in ids.enumerated() {
                try await Self.queueTypedOnlyCase(application, id, at: start.addingTimeInterval(Double(i / 2)))  // ties on time
            }
            var seen: [String] = []
            var cursor: String?
            repeat {
                let path = "/verify/verification/review?limit=3" + (cursor.map { "&cursor=" + $0 } ?? "")
                let response = try await server.client.get(path, headers: Self.operatorHeaders)
                #expect(response.status == 200, "\(response.bodyString)")
                let page = try JSONDecoder().decode(Page.self, from: Data(response.body))
                #expect(page.cases.count <= 3)
                seen += page.cases.map(\.userId)
                cursor = page.nextCursor
            } while cursor != nil && seen.count < 20
            #expect(seen == ids, "every case once, oldest first")
            let bad = try await server.client.get(
                "/verify/verification/review?cursor=bm90LWEtY3Vyc29y", headers: Self.operatorHeaders)
            #expect(bad.status == 400 && code(bad) == "invalid_cursor")
            let tooMany = try await server.client.get("/verify/verification/review?limit=1000", headers: Self.operatorHeaders)
            #expect(tooMany.status == 422)
        }
    }

    @Test func assistiveContextSubmissionsAreRateLimited() async throws {
        let tiny = VerifyLiveInputTests.bombPNG(width: 8, height: 8)
        try await H.withXoseen(environment: ["XOSEEN_ASSISTIVE_PER_USER_DAY": "1", "XOSEEN_ASSISTIVE_PER_ADDRESS_DAY": "2"]) {
            _, server in
            func attempt(_ user: String, assistive: Bool) async throws -> RawHTTPResponse {
                try await server.client.multipart(
                    "/verify/verification/verify-live",
                    fields: [("user_id", user)] + (assistive ? [("assistive_context", "low_vision")] : []),
                    files: [("selfie", "s.png", "image/png", tiny), ("id_document", "d.png", "image/png", tiny)])
            }
            #expect(try await attempt("usr_a1", assistive: true).status == 422)  // counted, then refused for its image
            let again = try await attempt("usr_a1", assistive: true)
            #expect(again.status == 429 && code(again) == "rate_limited", "\(again.bodyString)")
            #expect(Int(again.headers["Retry-After"] ?? "") ?? 0 > 0)
            #expect(try await attempt("usr_a1", assistive: false).status == 422, "attempts without assistive context go on")
            #expect(try await attempt("usr_a2", assistive: true).status == 422)
            let address = try await attempt("usr_a3", assistive: true)
            #expect(address.status == 429, "the address's daily allowance is used up")
        }
    }
}
