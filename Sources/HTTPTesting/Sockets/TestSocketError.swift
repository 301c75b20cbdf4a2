#if canImport(Glibc)
import Glibc
#endif

/// Failures of the test kit's TCP layer, shared by the raw HTTP and WebSocket clients.
public enum TestSocketError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing happened on the socket before the deadline.
    case timedOut
    /// The socket was already closed by this side.
    case closed
    /// The peer closed the connection (EOF) before the expected bytes arrived.
    case closedByPeer
    /// A system call failed; `errno` says why (e.g. `ECONNREFUSED`).
    case system(call: String, errno: Int32)
    /// The host is not an IPv4 literal or "localhost".
    case unsupportedHost(String)

    static func lastError(_ call: String) -> TestSocketError { .system(call: call, errno: errno) }

    public var description: String {
        switch self {
        case .timedOut: "timed out"
        case .closed: "socket closed by this side"
        case .closedByPeer: "connection closed by peer"
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
        case .unsupportedHost(let host): "unsupported host \(host) (use an IPv4 literal or localhost)"
        }
    }
}
