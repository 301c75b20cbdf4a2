/// Why a raw HTTP exchange failed (socket-level failures are `TestSocketError`).
public enum RawHTTPError: Error, Equatable, Sendable {
    /// The bytes received are not a parseable HTTP/1.1 response.
    case malformedResponse(String)
}
