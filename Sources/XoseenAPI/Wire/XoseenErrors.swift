import HTTPServer
import Xoseen

/// Every error code Xoseen answers with (clients branch on them, never on messages): HTTP error
/// envelopes, chat `error` frames and the chat socket's close reasons. The HTTP core's own codes
/// (`not_found`, `invalid_request`, `payload_too_large`, …) are in `ErrorCode` itself.
extension ErrorCode {
    // Identity and sessions.
    static let invalidToken: ErrorCode = "invalid_token"
    static let authRequired: ErrorCode = "auth_required"
    static let viewerNotFound: ErrorCode = "viewer_not_found"
    static let claimRequired: ErrorCode = "claim_required"
    static let invalidClaim: ErrorCode = "invalid_claim"

    // The feed.
    static let invalidCursor: ErrorCode = "invalid_cursor"

    // Verification and its operator queue.
    static let verificationRequired: ErrorCode = "verification_required"
    static let invalidImage: ErrorCode = "invalid_image"
    static let verificationUnavailable: ErrorCode = "verification_unavailable"
    static let attemptTooLarge: ErrorCode = "attempt_too_large"
    static let verificationBusy: ErrorCode = "verification_busy"
    static let ageNotEstablished: ErrorCode = "age_not_established"
    static let operatorDisabled: ErrorCode = "operator_disabled"
    static let operatorTokenRequired: ErrorCode = "operator_token_required"
    static let invalidOperatorToken: ErrorCode = "invalid_operator_token"

    /// Verification attempts over their budget, and chat frames over the sender's rate.
    static let rateLimited: ErrorCode = "rate_limited"

    // Chat frames (`{"type":"error","code":…}`).
    static let unsupportedFrame: ErrorCode = "unsupported_frame"
    static let invalidFrame: ErrorCode = "invalid_frame"
    static let unknownType: ErrorCode = "unknown_type"
    static let emptyMessage: ErrorCode = "empty_message"
    static let messageTooLong: ErrorCode = "message_too_long"

    // Chat close reasons (`<code>: <hint>`): a refused join (4401), a closed chat, a flood.
    static let invalidRoom: ErrorCode = "invalid_room"
    static let invalidUser: ErrorCode = "invalid_user"
    static let notPaired: ErrorCode = "not_paired"
    static let notAMember: ErrorCode = "not_a_member"
    static let blocked: ErrorCode = "blocked"
    static let notMatched: ErrorCode = "not_matched"
    static let flood: ErrorCode = "flood"

    /// The close reason code of a refused chat join.
    static func of(_ refusal: ChatAdmission.Refusal.Kind) -> ErrorCode {
        switch refusal {
        case .invalidRoom: .invalidRoom
        case .invalidUser: .invalidUser
        case .notPaired: .notPaired
        case .notAMember: .notAMember
        case .invalidToken: .invalidToken
        case .authRequired: .authRequired
        case .unknownUser: .notFound
        case .blocked: .blocked
        case .notMatched: .notMatched
        }
    }

    /// A WebSocket close reason: the stable code first, then a hint (`invalid_room: room is required`).
    func closeReason(_ hint: String) -> String { "\(rawValue): \(hint)" }
}

extension ChatAdmission.Refusal {
    /// What the 4401 close says: `invalid_room: ids must be sorted: …`.
    var closeReason: String { ErrorCode.of(kind).closeReason(detail) }
}

extension HTTPError {
    static func invalidToken(_ message: String = "The token does not authorise acting for this user.") -> HTTPError {
        HTTPError(.unauthorized, code: .invalidToken, message: message)
    }

    static func authRequired() -> HTTPError {
        HTTPError(.unauthorized, code: .authRequired, message: "A token is required (Authorization: Bearer <token>).")
    }

    static func viewerNotFound(_ id: String) -> HTTPError {
        HTTPError(.notFound, code: .viewerNotFound, message: "Viewer not found.")
    }

    static func invalidCursor() -> HTTPError {
        HTTPError.badRequest(
            "The cursor is malformed or has expired; pass back nextCursor verbatim, or start again without one.",
            code: .invalidCursor, field: "cursor")
    }
}
