/// The one error type handlers throw: an HTTP status, a stable machine-readable code that
/// clients branch on, and a human message. Rendered into the product's envelope by its
/// `ErrorRenderer`, in one place (`Server/ServerCore.swift`).
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    public var status: HTTPStatus
    public var code: ErrorCode
    public var message: String
    /// The request field a validation failure is about, when there is one.
    public var field: String?
    /// Extra headers the answer needs (`Allow` on a 405, `Retry-After`, …).
    public var headers: HTTPHeaders

    public init(_ status: HTTPStatus, code: ErrorCode, message: String, field: String? = nil, headers: HTTPHeaders = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.headers = headers
    }

    public var description: String { "\(status.rawValue) \(code.rawValue): \(message)" }

    public static func notFound(_ message: String = "Not found.", code: ErrorCode = .notFound) -> HTTPError {
        HTTPError(.notFound, code: code, message: message)
    }

    public static func invalid(_ message: String, field: String? = nil) -> HTTPError {
        HTTPError(.unprocessableContent, code: .invalidRequest, message: message, field: field)
    }

    public static func badRequest(_ message: String, code: ErrorCode = .invalidRequest, field: String? = nil) -> HTTPError {
        HTTPError(.badRequest, code: code, message: message, field: field)
    }
}

/// Stable error codes. A struct with static members, so products add their own
/// (`extension ErrorCode { static let invalidToken = ErrorCode("invalid_token") }`)
/// without breaking anyone.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let notFound: ErrorCode = "not_found"
    public static let methodNotAllowed: ErrorCode = "method_not_allowed"
    public static let invalidRequest: ErrorCode = "invalid_request"
    public static let payloadTooLarge: ErrorCode = "payload_too_large"
    public static let fileTooLarge: ErrorCode = "file_too_large"
    public static let unsupportedMediaType: ErrorCode = "unsupported_media_type"
    public static let conflict: ErrorCode = "conflict"
    public static let internalError: ErrorCode = "internal_error"
    public static let serviceUnavailable: ErrorCode = "service_unavailable"
    public static let upgradeRequired: ErrorCode = "upgrade_required"
}
