import Foundation
import HTTPServer
import Xoseen
import XoseenVerification

/// Stage 1: `POST /verify/verification/verify-live`, `GET /verify/verification/status/{user_id}`,
/// and the operator review queue under `/verify/verification/review` (`X-Operator-Token`).
/// Responses carry the decision, never the date of birth, images or descriptors.
///
/// A verification belongs to whoever uploaded it: for an id with a profile, that user's token;
/// before a profile exists, the claim secret the first attempt returned (`claimToken`, sent back
/// as `X-Verification-Claim`). See `ClaimAuthorization`.
struct VerificationRoutes {
    let context: XoseenContext
    let verifier: IdentityVerifier
    /// `XOSEEN_OPERATOR_TOKEN`; nil disables the operator API.
    let operatorToken: String?
    let limits: VerificationLimits

    static let limits = MultipartLimits(maxFileBytes: 12 * 1024 * 1024, maxFiles: 8, maxFields: 16, maxFieldBytes: 1024)

    func register(on router: inout Router) {
        let context = context
        let verifier = verifier
        let operatorToken = operatorToken
        let limits = limits

        router.post("/verify/verification/verify-live", body: .multipart(Self.limits)) { request in
            guard let form = request.form else { throw HTTPError.invalid("Send multipart/form-data.") }
            let userId = try form.requireField("user_id")
            guard ProfileValidation.isValidUserId(userId) else {
                throw HTTPError.invalid("user_id must be 1–64 letters, digits, '_' or '-'.", field: "user_id")
            }
            let binding = try await ClaimAuthorization(context: context).attemptBinding(request, userId)
            let document = try form.requireFile("id_document")
            let selfie = try form.requireFile("selfie")
            let photos = form.files("profile_photos")
            if let empty = photos.first(where: { $0.size == 0 }) {
                throw HTTPError.invalid("profile_photos '\(empty.filename)' is empty.", field: "profile_photos")
            }
            var typedDOB: CalendarDate?
            if let text = form.field("dob"), !text.isEmpty {
                guard let date = CalendarDate(iso: text) else {
                    throw HTTPError.invalid("dob must be a real date as YYYY-MM-DD.", field: "dob")
                }
                guard verifier.policy.isPlausibleBirthDate(date, today: CalendarDate(context.clock())) else {
                    throw HTTPError.invalid(
                        "dob must be a past date at most \(verifier.policy.oldestAge) years ago.", field: "dob")
                }
                typedDOB = date
            }
            let kindText = form.field("doc_type").flatMap { $0.isEmpty ? nil : $0 } ?? DocumentKind.stateId.rawValue
            guard let kind = DocumentKind(rawValue: kindText) else {
                throw HTTPError.invalid(
                    "doc_type must be one of \(DocumentKind.allCases.map(\.rawValue).joined(separator: ", ")).", field: "doc_type"
                )
            }
            let assistiveText = (form.field("assistive_context") ?? "none").trimmingCharacters(in: .whitespaces)
            guard assistiveText.count <= 200 else {
                throw HTTPError.invalid("assistive_context is longer than 200 characters.", field: "assistive_context")
            }
            let assistive = !assistiveText.isEmpty && assistiveText.lowercased() != "none"
            try await limits.admit(userId: userId, address: request.remoteAddress, assistive: assistive, now: context.clock())
            let attempt = VerificationRequest(
                userId: userId, documentPath: document.path, selfiePath: selfie.path,
                profilePhotoPaths: photos.map(\.path), typedDOB: typedDOB, documentKind: kind,
                assistive: assistive, binding: binding)
            do {
                let recorded = try await verifier.verify(attempt)
                try await context.reindex(recorded.record.userId)
                return try .json(DecisionAnswer(recorded.record, claimToken: recorded.claimSecret))
            } catch let failure as VerificationFailure {
                switch failure {
                case .unusableImage(let field, let message):
                    throw HTTPError(.unprocessableContent, code: .invalidImage, message: message, field: field)
                case .unavailable(let message):
                    throw HTTPError(.serviceUnavailable, code: .verificationUnavailable, message: message)
                case .attemptTooLarge(let pixels, let limit, let field):
                    throw HTTPError(
                        .unprocessableContent, code: .attemptTooLarge,
                        message:
                            "The images declare \(pixels / 1_000_000) megapixels together; one attempt may send at most \(limit / 1_000_000).",
                        field: field)
                case .busy(let seconds):
                    throw HTTPError(
                        .serviceUnavailable, code: .verificationBusy, message: "The verifier is busy; try again shortly.",
                        headers: ["Retry-After": String(seconds)])
                }
            } catch let refused as VerificationClaim.Refused {
                throw ClaimAuthorization.error(for: refused.check)
            }
        }

        router.get("/verify/verification/status/{user_id}") { request in
            let userId = try request.parameter("user_id")
            try await ClaimAuthorization(context: context).authorizeRead(request, userId)
            guard let record = try await verifier.store.record(for: userId) else {
                throw HTTPError.notFound("No verification for this user.")
            }
            return try .json(DecisionAnswer(record))
        }

        router.get("/verify/verification/review") { request in
            try authorizeOperator(request, operatorToken)
            let limit =
                try request.query["limit"].map { text -> Int in
                    guard let n = Int(text), (1...100).contains(n) else {
                        throw HTTPError.invalid("limit must be 1..100.", field: "limit")
                    }
                    return n
                } ?? 50
            var after: ReviewCursor?
            if let text = request.query["cursor"], !text.isEmpty {
                guard let cursor = ReviewCursor(text) else {
                    throw HTTPError.badRequest("The cursor is not valid.", code: .invalidCursor)
                }
                after = cursor
            }
            let page = try await verifier.store.pending(limit: limit + 1, after: after.map { ($0.decidedAtMillis, $0.userId) })
            let shown = page.prefix(limit)
            let cases = shown.map {
                PendingCase(
                    userId: $0.record.userId, decision: $0.record.decision.rawValue, trustScore: $0.record.trustScore,
                    reasons: $0.record.reasons.map(\.rawValue), evidence: $0.record.evidence, decidedAt: $0.record.decidedAt)
            }
            let next =
                page.count > limit
                ? shown.last.map { ReviewCursor(decidedAtMillis: $0.decidedAtMillis, userId: $0.record.userId).text } : nil
            return try .json(PendingAnswer(cases: Array(cases), nextCursor: next))
        }

        router.post("/verify/verification/review/{user_id}", body: .buffered(maxBytes: 4 * 1024)) { request in
            try authorizeOperator(request, operatorToken)
            let userId = try request.parameter("user_id")
            let body = try request.decode(ReviewBody.self)
            guard let action = body.action, action == "approve" || action == "reject" else {
                throw HTTPError.invalid("action must be approve or reject.", field: "action")
            }
            var entered: CalendarDate?
            if let text = body.dateOfBirth, !text.isEmpty {
                guard let date = CalendarDate(iso: text),
                    verifier.policy.isPlausibleBirthDate(date, today: CalendarDate(context.clock()))
                else {
                    throw HTTPError.invalid("dateOfBirth must be a real past date as YYYY-MM-DD.", field: "dateOfBirth")
                }
                entered = date
            }
            let note = String((body.note ?? "").prefix(1000))
            let outcome = try await verifier.store.review(
                userId: userId, approve: action == "approve", note: note, enteredDOB: entered,
                policy: verifier.policy, at: context.clock())
            switch outcome {
            case .noPendingCase: throw HTTPError.notFound("No pending verification for this user.")
            case .ageNotEstablished:
                throw HTTPError(
                    .unprocessableContent, code: .ageNotEstablished,
                    message:
                        "No document established this user's age; enter the date of birth you checked to approve.",
                    field: "dateOfBirth")
            case .reviewed(let record):
                try await context.reindex(userId)
                return try .json(DecisionAnswer(record))
            }
        }

        router.get("/verify/verification/review/{user_id}/audit") { request in
            try authorizeOperator(request, operatorToken)
            let userId = try request.parameter("user_id")
            let entries = try await verifier.store.audit(for: userId)
            guard !entries.isEmpty else { throw HTTPError.notFound("No verification for this user.") }
            return try .json(
                AuditAnswer(
                    userId: userId,
                    entries: entries.map { AuditEntry(actor: $0.actor, from: $0.from, to: $0.to, note: $0.note, at: $0.at) }))
        }
    }
}

/// The review queue's keyset cursor: the last case shown (decision time, user id), opaque to
/// clients (base64url of `millis:userId`).
struct ReviewCursor {
    let decidedAtMillis: Int64
    let userId: String

    init(decidedAtMillis: Int64, userId: String) {
        self.decidedAtMillis = decidedAtMillis
        self.userId = userId
    }

    init?(_ text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard text.count <= 200, let data = Data(base64Encoded: base64), let plain = String(data: data, encoding: .utf8) else {
            return nil
        }
        let parts = plain.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let millis = Int64(parts[0]), ProfileValidation.isValidUserId(String(parts[1])) else {
            return nil
        }
        self.init(decidedAtMillis: millis, userId: String(parts[1]))
    }

    var text: String {
        Data("\(decidedAtMillis):\(userId)".utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
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
    let a = Array(sent.utf8)
    let b = Array(configured.utf8)
    var difference = a.count ^ b.count
    for i in 0..<min(a.count, b.count) { difference |= Int(a[i] ^ b[i]) }
    guard difference == 0 else {
        throw HTTPError(.unauthorized, code: .invalidOperatorToken, message: "The operator token is not valid.")
    }
}
