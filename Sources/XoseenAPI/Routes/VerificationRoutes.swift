import Foundation
import HTTPServer
import Xoseen
import XoseenVerification

/// Stage 1: `POST /verify/verification/verify-live`, `GET /verify/verification/status/{user_id}`,
/// and the operator review queue under `/verify/verification/review` (`X-Operator-Token`).
/// Responses carry the decision, never the date of birth, images or descriptors.
struct VerificationRoutes {
    let context: XoseenContext
    let verifier: IdentityVerifier
    /// `XOSEEN_OPERATOR_TOKEN`; nil disables the operator API.
    let operatorToken: String?

    static let limits = MultipartLimits(maxFileBytes: 12 * 1024 * 1024, maxFiles: 8, maxFields: 16, maxFieldBytes: 1024)

    struct Decision: Encodable {
        let userId: String
        let decision: String
        let trustScore: Double
        let reasons: [String]
        let reverifyBy: String
        let ageOver18: Bool?
        let ageDisplayed: Int?

        init(_ r: VerificationRecord) {
            userId = r.userId
            decision = r.decision.rawValue
            trustScore = r.trustScore
            reasons = r.reasons.map(\.rawValue)
            reverifyBy = r.reverifyBy.iso
            ageOver18 = r.ageOver18
            ageDisplayed = r.ageDisplayed
        }
    }

    struct PendingCase: Encodable {
        let userId: String
        let decision: String
        let trustScore: Double
        let reasons: [String]
        let evidence: VerificationPolicy.EvidenceScores
        let decidedAt: Date
    }

    struct Pending: Encodable { let cases: [PendingCase] }

    struct ReviewBody: Decodable {
        let action: String?
        let note: String?
    }

    struct AuditEntry: Encodable {
        let actor: String
        let from: String?
        let to: String
        let note: String
        let at: Date
    }

    struct Audit: Encodable { let userId: String; let entries: [AuditEntry] }

    func register(on router: inout Router) {
        let context = context, verifier = verifier, operatorToken = operatorToken

        router.post("/verify/verification/verify-live", body: .multipart(Self.limits)) { request in
            guard let form = request.form else { throw HTTPError.invalid("Send multipart/form-data.") }
            let userId = try form.requireField("user_id")
            guard ProfileValidation.isValidUserId(userId) else {
                throw HTTPError.invalid("user_id must be 1–64 letters, digits, '_' or '-'.", field: "user_id")
            }
            try await authorize(request, userId)
            let document = try form.requireFile("id_document")
            let selfie = try form.requireFile("selfie")
            let photos = form.files("profile_photos")
            if let empty = photos.first(where: { $0.size == 0 }) { throw HTTPError.invalid("profile_photos '\(empty.filename)' is empty.", field: "profile_photos") }
            var typedDOB: CalendarDate?
            if let text = form.field("dob"), !text.isEmpty {
                guard let date = CalendarDate(iso: text) else { throw HTTPError.invalid("dob must be a real date as YYYY-MM-DD.", field: "dob") }
                typedDOB = date
            }
            let kindText = form.field("doc_type").flatMap { $0.isEmpty ? nil : $0 } ?? DocumentKind.stateId.rawValue
            guard let kind = DocumentKind(rawValue: kindText) else {
                throw HTTPError.invalid("doc_type must be one of \(DocumentKind.allCases.map(\.rawValue).joined(separator: ", ")).", field: "doc_type")
            }
            let assistiveText = (form.field("assistive_context") ?? "none").trimmingCharacters(in: .whitespaces)
            guard assistiveText.count <= 200 else { throw HTTPError.invalid("assistive_context is longer than 200 characters.", field: "assistive_context") }
            let assistive = !assistiveText.isEmpty && assistiveText.lowercased() != "none"
            let attempt = VerificationRequest(userId: userId, documentPath: document.path, selfiePath: selfie.path,
                                              profilePhotoPaths: photos.map(\.path), typedDOB: typedDOB, documentKind: kind,
                                              assistive: assistive)
            do {
                let record = try await verifier.verify(attempt)
                try await context.reindex(record.userId)
                return try .json(Decision(record))
            } catch let failure as VerificationFailure {
                switch failure {
                case .unusableImage(let field, let message): throw HTTPError(.unprocessableContent, code: .invalidImage, message: message, field: field)
                case .unavailable(let message): throw HTTPError(.serviceUnavailable, code: .verificationUnavailable, message: message)
                }
            }
        }

        router.get("/verify/verification/status/{user_id}") { request in
            let userId = try request.parameter("user_id")
            try await authorize(request, userId)
            guard let record = try await verifier.store.record(for: userId) else {
                throw HTTPError.notFound("No verification for this user.")
            }
            return try .json(Decision(record))
        }

        router.get("/verify/verification/review") { request in
            try authorizeOperator(request, operatorToken)
            let cases = try await verifier.store.pending().map {
                PendingCase(userId: $0.userId, decision: $0.decision.rawValue, trustScore: $0.trustScore, reasons: $0.reasons.map(\.rawValue),
                            evidence: $0.evidence, decidedAt: $0.decidedAt)
            }
            return try .json(Pending(cases: cases))
        }

        router.post("/verify/verification/review/{user_id}", body: .buffered(maxBytes: 4 * 1024)) { request in
            try authorizeOperator(request, operatorToken)
            let userId = try request.parameter("user_id")
            let body = try request.decode(ReviewBody.self)
            guard let action = body.action, action == "approve" || action == "reject" else {
                throw HTTPError.invalid("action must be approve or reject.", field: "action")
            }
            let note = String((body.note ?? "").prefix(1000))
            guard let record = try await verifier.store.review(userId: userId, approve: action == "approve", note: note, at: context.clock()) else {
                throw HTTPError.notFound("No pending verification for this user.")
            }
            try await context.reindex(userId)
            return try .json(Decision(record))
        }

        router.get("/verify/verification/review/{user_id}/audit") { request in
            try authorizeOperator(request, operatorToken)
            let userId = try request.parameter("user_id")
            let entries = try await verifier.store.audit(for: userId)
            guard !entries.isEmpty else { throw HTTPError.notFound("No verification for this user.") }
            return try .json(Audit(userId: userId, entries: entries.map { AuditEntry(actor: $0.actor, from: $0.from, to: $0.to, note: $0.note, at: $0.at) }))
        }

        /// A user with a profile acts under the auth policy; before a profile exists (verification
        /// comes first) no token exists yet, but one that is sent must still be this user's.
        @Sendable func authorize(_ request: Request, _ userId: String) async throws {
            if try await context.profiles.profile(userId) != nil {
                try context.authorizer.authorize(request, actingOn: userId)
            } else {
                try context.authorizer.authorizeSignup(request, of: userId)
            }
        }
    }
}

/// The operator API's credential: `X-Operator-Token`, compared in constant time.
func authorizeOperator(_ request: Request, _ configured: String?) throws(HTTPError) {
    guard let configured, !configured.isEmpty else {
        throw HTTPError(.forbidden, code: .operatorDisabled, message: "The operator API is off (set XOSEEN_OPERATOR_TOKEN).")
    }
    guard let sent = request.headers["X-Operator-Token"], !sent.isEmpty else {
        throw HTTPError(.unauthorized, code: .operatorTokenRequired, message: "X-Operator-Token is required.")
    }
    let a = Array(sent.utf8), b = Array(configured.utf8)
    var difference = a.count ^ b.count
    for i in 0..<min(a.count, b.count) { difference |= Int(a[i] ^ b[i]) }
    guard difference == 0 else { throw HTTPError(.unauthorized, code: .invalidOperatorToken, message: "The operator token is not valid.") }
}

extension ErrorCode {
    static let invalidImage: ErrorCode = "invalid_image"
    static let verificationUnavailable: ErrorCode = "verification_unavailable"
    static let operatorDisabled: ErrorCode = "operator_disabled"
    static let operatorTokenRequired: ErrorCode = "operator_token_required"
    static let invalidOperatorToken: ErrorCode = "invalid_operator_token"
}
