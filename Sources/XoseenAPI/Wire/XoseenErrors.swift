import HTTPServer

/// The seed's error codes (clients branch on them, never on messages).
extension ErrorCode {
    static let invalidCursor: ErrorCode = "invalid_cursor"
    static let invalidToken: ErrorCode = "invalid_token"
    static let authRequired: ErrorCode = "auth_required"
    static let verificationRequired: ErrorCode = "verification_required"
    static let viewerNotFound: ErrorCode = "viewer_not_found"
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
}
