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
    /// Seconds a connection may sit idle (or dribble a request) before it is closed —
    /// what makes slowloris harmless.
    public var idleTimeoutSeconds: Int
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

    public init(host: String = "0.0.0.0", port: UInt16 = 8080,
                threadCount: Int = max(2, ProcessInfo.processInfo.activeProcessorCount),
                connectionLimit: Int = 10_000, connectionMemoryLimit: Int = 32 * 1024, idleTimeoutSeconds: Int = 30,
                maxBodyBytes: Int = 1 << 20, uploadDirectory: String? = nil, shutdownGracePeriod: Duration = .seconds(10),
                errorRenderer: any ErrorRenderer = EnvelopeErrorRenderer(), accessLogLevel: LogLevelSetting = .info) {
        self.host = host
        self.port = port
        self.threadCount = threadCount
        self.connectionLimit = connectionLimit
        self.connectionMemoryLimit = connectionMemoryLimit
        self.idleTimeoutSeconds = idleTimeoutSeconds
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
    /// user could create first. Made once per process, on first use.
    public static let privateSpool: String = {
        var template = Array(((NSTemporaryDirectory() as NSString).appendingPathComponent("http-uploads-XXXXXX")).utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            guard let made = mkdtemp(buffer.baseAddress!) else {
                // No writable temporary directory: `HTTPServer.start` reports the failure to create it.
                return (NSTemporaryDirectory() as NSString).appendingPathComponent("http-uploads-\(getpid())")
            }
            return String(cString: made)
        }
    }()
}

/// The level access-log lines are written at (so an operator can silence them).
public enum LogLevelSetting: Sendable {
    case debug, info
}
