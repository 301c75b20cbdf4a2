import Foundation

/// Everything an operator may tune about the transport. Products build one from their
/// command line and environment; defaults suit one small machine.
public struct ServerConfiguration: Sendable {
    public var host: String
    /// 0 picks a free port (tests); read it back from `HTTPServer.port`.
    public var port: UInt16
    /// MHD worker threads (each runs its own epoll loop).
    public var threadCount: Int
    /// Open connections at most, WebSockets included; beyond it new ones are refused.
    public var connectionLimit: Int
    /// Per-connection memory for request line, headers and buffers; larger headers get 431.
    public var connectionMemoryLimit: Int
    /// Open connections from one client address at most (0: no limit); beyond it new ones
    /// from that address are refused at accept, so one client cannot take every slot.
    /// Mobile carriers put many users behind one address (CGNAT), hence a generous default.
    public var perAddressConnectionLimit: Int
    /// Seconds a connection may sit silent before it is closed.
    public var idleTimeoutSeconds: Int
    /// Whole-request deadlines, which the idle timeout alone is not (a client sending one
    /// header line every few seconds is never silent): see `RequestTimeouts`.
    public var requestTimeouts: RequestTimeouts
    /// Threads serving upgraded WebSocket sockets, each with its own epoll set.
    public var webSocketThreadCount: Int
    /// Default cap for buffered (JSON) request bodies.
    public var maxBodyBytes: Int
    /// Where multipart uploads are spooled while a request is in flight.
    public var uploadDirectory: String
    /// How long shutdown waits for in-flight requests and WebSocket close handshakes.
    public var shutdownGracePeriod: Duration
    /// Renders every error into the product's envelope.
    public var errorRenderer: any ErrorRenderer
    /// One log line per request at this level (`info` by default).
    public var accessLogLevel: LogLevelSetting
    /// Count every answered request by route and status for `/metrics` (off only to measure its cost).
    public var recordsRequestMetrics = true
    /// HTTPS and WSS with this certificate (nil: plain HTTP). See `TLSSettings`.
    public var tls: TLSSettings?
    /// Probes and metrics (`/livez`, `/readyz`, `/metrics`): the readiness checks and the product's registry.
    public var operations = Operations()

    public init(
        host: String = "0.0.0.0", port: UInt16 = 8080,
        threadCount: Int = max(2, ProcessInfo.processInfo.activeProcessorCount),
        connectionLimit: Int = 10_000, connectionMemoryLimit: Int = 32 * 1024, perAddressConnectionLimit: Int = 256,
        idleTimeoutSeconds: Int = 30, requestTimeouts: RequestTimeouts = RequestTimeouts(), webSocketThreadCount: Int = 2,
        maxBodyBytes: Int = 1 << 20, uploadDirectory: String? = nil, shutdownGracePeriod: Duration = .seconds(10),
        errorRenderer: any ErrorRenderer = EnvelopeErrorRenderer(), accessLogLevel: LogLevelSetting = .info
    ) {
        self.host = host
        self.port = port
        self.threadCount = threadCount
        self.connectionLimit = connectionLimit
        self.connectionMemoryLimit = connectionMemoryLimit
        self.perAddressConnectionLimit = perAddressConnectionLimit
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.requestTimeouts = requestTimeouts
        self.webSocketThreadCount = webSocketThreadCount
        self.maxBodyBytes = maxBodyBytes
        self.uploadDirectory = uploadDirectory ?? Self.privateSpool
        self.shutdownGracePeriod = shutdownGracePeriod
        self.errorRenderer = errorRenderer
        self.accessLogLevel = accessLogLevel
    }
}

extension ServerConfiguration {
    /// The default upload spool: a directory of this process's own, made by `mkdtemp` (0700,
    /// an unpredictable name), never a fixed shared path under `$TMPDIR` that another local
    /// user could create first. Made once per process, on first use, and removed when the process
    /// exits normally if it is empty (every upload deletes its own file), so restarts leave nothing behind.
    public static let privateSpool: String = {
        var template = Array(((NSTemporaryDirectory() as NSString).appendingPathComponent("http-uploads-XXXXXX")).utf8CString)
        let path = template.withUnsafeMutableBufferPointer { buffer in
            guard let made = mkdtemp(buffer.baseAddress!) else {
                // No writable temporary directory: `HTTPServer.start` reports the failure to create it.
                return (NSTemporaryDirectory() as NSString).appendingPathComponent("http-uploads-\(getpid())")
            }
            return String(cString: made)
        }
        atexit { _ = rmdir(ServerConfiguration.privateSpool) }
        return path
    }()

    /// Applies the transport limits an operator sets in the environment (each optional):
    /// `HTTP_PER_ADDRESS_CONNECTIONS` (0 = no limit), `HTTP_MAX_CONNECTIONS`, `HTTP_IDLE_TIMEOUT_SEC`,
    /// `HTTP_HEADER_TIMEOUT_SEC`, `HTTP_BODY_TIMEOUT_SEC`, `HTTP_BODY_MIN_BYTES_PER_SEC`,
    /// `HTTP_WEBSOCKET_THREADS`. Values that are not whole numbers in range are ignored.
    public mutating func apply(environment: [String: String]) {
        func number(_ name: String, _ range: ClosedRange<Int>) -> Int? {
            environment[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap { range.contains($0) ? $0 : nil }
        }
        if let value = number("HTTP_PER_ADDRESS_CONNECTIONS", 0...1_000_000) { perAddressConnectionLimit = value }
        if let value = number("HTTP_MAX_CONNECTIONS", 1...1_000_000) { connectionLimit = value }
        if let value = number("HTTP_IDLE_TIMEOUT_SEC", 1...86_400) { idleTimeoutSeconds = value }
        if let value = number("HTTP_HEADER_TIMEOUT_SEC", 1...86_400) { requestTimeouts.headers = .seconds(value) }
        if let value = number("HTTP_BODY_TIMEOUT_SEC", 1...86_400) { requestTimeouts.body = .seconds(value) }
        if let value = number("HTTP_BODY_MIN_BYTES_PER_SEC", 1...(1 << 30)) { requestTimeouts.bodyMinimumBytesPerSecond = value }
        if let value = number("HTTP_WEBSOCKET_THREADS", 1...64) { webSocketThreadCount = value }
    }

    /// A copy with `apply(environment:)` applied (the process environment by default).
    public func applying(environment: [String: String] = ProcessInfo.processInfo.environment) -> ServerConfiguration {
        var copy = self
        copy.apply(environment: environment)
        return copy
    }
}

/// How long a request may take to arrive, whatever its pace (slowloris defence).
///
/// - The header block must be complete within `headers` of the connection opening, or of
///   the request line arriving on a kept-alive connection (which may first sit idle for up to
///   the idle timeout).
/// - A body must deliver `body` × `bodyMinimumBytesPerSecond` bytes (30 KiB by default) within
///   each `body` window; each time it has, the deadline moves to a full window from then. A large
///   upload on a slow link goes through; a dribble does not, even after a fast start.
///
/// A request past its deadline is cut (the socket shut down); one being handled or answered
/// has no deadline.
public struct RequestTimeouts: Sendable, Equatable {
    public var headers: Duration
    public var body: Duration
    public var bodyMinimumBytesPerSecond: Int

    public init(headers: Duration = .seconds(15), body: Duration = .seconds(30), bodyMinimumBytesPerSecond: Int = 1024) {
        self.headers = headers
        self.body = body
        self.bodyMinimumBytesPerSecond = max(1, bodyMinimumBytesPerSecond)
    }
}

/// The level access-log lines are written at (so an operator can silence them).
public enum LogLevelSetting: Sendable {
    case debug, info
}
