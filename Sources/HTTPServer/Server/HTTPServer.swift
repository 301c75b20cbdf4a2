import CMHDQuiesce
import CMicroHTTPD
import CTLSCertificates
import Foundation
import Logging
import Synchronization

/// A running HTTP + WebSocket server: libmicrohttpd with an internal epoll thread pool.
///
/// ```swift
/// var router = Router()
/// router.get("/health") { _ in try .json(Health(status: "ok")) }
/// let server = HTTPServer(router: router, configuration: .init(port: 8080))
/// try await server.run()   // until the task is cancelled (SIGTERM), then graceful shutdown
/// ```
public final class HTTPServer: Sendable {
    public let configuration: ServerConfiguration
    /// Fan-out to this server's WebSocket connections.
    public let hub: WebSocketHub
    let core: ServerCore
    /// Request, WebSocket and in-flight figures, rendered at `/metrics`.
    public let metrics: ServerMetrics
    private let daemon = Mutex<DaemonHandle?>(nil)
    private let logger = Logger(label: "http")

    struct DaemonHandle: @unchecked Sendable {
        // The MHD daemon pointer; only started and stopped under `daemon`'s lock.
        let pointer: OpaquePointer
        let port: UInt16
    }

    /// `hub`: pass one in when the application needs it before the server exists (chat rooms).
    public init(router: Router, configuration: ServerConfiguration = .init(), hub: WebSocketHub = WebSocketHub()) {
        self.configuration = configuration
        self.hub = hub
        let metrics = ServerMetrics()
        var router = router
        OperationsRoutes(operations: configuration.operations, metrics: metrics).register(on: &router)
        self.metrics = metrics
        let core = ServerCore(router: router, configuration: configuration, hub: hub, metrics: metrics)
        self.core = core
        metrics.attach(
            routes: core.router.statistics, webSockets: core.loop.statistics,
            liveWebSockets: { core.loop.liveConnections }, inFlight: { core.inFlight.total })
    }

    /// A server on its own port answering only `GET /metrics` with this server's figures (so they
    /// can stay off the public port); configure this server with `operations.servesMetrics` off.
    public func metricsServer(host: String, port: UInt16) -> HTTPServer {
        var router = Router()
        OperationsRoutes.registerMetrics(on: &router, metrics: metrics, registry: configuration.operations.registry)
        var configuration = ServerConfiguration(host: host, port: port, threadCount: 1, webSocketThreadCount: 1)
        configuration.operations.servesMetrics = false
        return HTTPServer(router: router, configuration: configuration)
    }

    /// The bound port (useful when configured with port 0); nil before start.
    public var port: Int? { daemon.withLock { $0.map { Int($0.port) } } }

    /// Requests currently being received or handled.
    public var requestsInFlight: Int { core.inFlight.total }

    /// Binds and starts serving. Throws when the address cannot be bound.
    public func start() throws {
        try daemon.withLock { handle in
            guard handle == nil else { return }
            HTTPServer.installPanicHandler
            HTTPServer.ignoreBrokenPipes
            try FileManager.default.createDirectory(
                atPath: configuration.uploadDirectory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            // A spool that already existed must be ours and private (uploads are IDs and selfies).
            var info = stat()
            guard stat(configuration.uploadDirectory, &info) == 0, info.st_uid == geteuid(),
                chmod(configuration.uploadDirectory, 0o700) == 0
            else {
                throw ServerStartError(
                    message:
                        "the upload directory \(configuration.uploadDirectory) is not owned by this user or cannot be made private"
                )
            }
            var storage = sockaddr_storage()
            let ipv6 = try Self.bindAddress(host: configuration.host, port: configuration.port, into: &storage)
            var flags =
                MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
                | MHD_ALLOW_UPGRADE.rawValue | MHD_USE_ERROR_LOG.rawValue
            if ipv6 { flags |= MHD_USE_IPv6.rawValue }
            if let tls = configuration.tls {
                try Self.loadCertificate(tls)
                flags |= MHD_USE_TLS.rawValue
            }
            let started: OpaquePointer? = withUnsafePointer(to: &storage) { address in
                address.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                    var options = cmhd_daemon_options()
                    options.flags = UInt32(flags)
                    options.port = configuration.port
                    options.bind_address = sa
                    options.thread_pool_size = UInt32(max(1, configuration.threadCount))
                    options.connection_limit = UInt32(configuration.connectionLimit)
                    options.connection_memory_limit = configuration.connectionMemoryLimit
                    options.connection_timeout_seconds = UInt32(configuration.idleTimeoutSeconds)
                    options.listen_backlog = 1024
                    options.access_handler = MHDCallbacks.access
                    options.access_context = Unmanaged.passUnretained(core).toOpaque()
                    options.completed_handler = MHDCallbacks.completed
                    options.completed_context = Unmanaged.passUnretained(core).toOpaque()
                    options.log_handler = MHDCallbacks.log
                    options.uri_log_handler = MHDCallbacks.uriLog
                    options.uri_log_context = Unmanaged.passUnretained(core).toOpaque()
                    options.connection_handler = MHDCallbacks.connection
                    options.connection_context = Unmanaged.passUnretained(core).toOpaque()
                    options.per_ip_connection_limit = UInt32(max(0, configuration.perAddressConnectionLimit))
                    // Tolerant parsing stays MHD's default; `RequestFraming` refuses what is
                    // ambiguous, in the product's error envelope (MHD's strict mode answers in its own).
                    options.strict_for_client = 0
                    if configuration.tls != nil {
                        options.https_cert_callback = ctls_retrieve_callback()
                        options.https_priorities = ctls_priorities()
                    }
                    return cmhd_start_daemon(&options)
                }
            }
            guard let started else {
                throw ServerStartError(
                    message: "cannot listen on \(configuration.host):\(configuration.port) (\(String(cString: strerror(errno))))")
            }
            core.loop.start()
            core.deadlines.start()
            handle = DaemonHandle(pointer: started, port: cmhd_bound_port(started))
            logger.notice(
                "listening",
                [
                    "host": configuration.host, "port": "\(handle!.port)",
                    "threads": "\(configuration.threadCount)",
                    "tls": configuration.tls == nil ? "off" : "on",
                ])
        }
    }

    /// Serves until the surrounding task is cancelled, then shuts down gracefully.
    public func run() async throws {
        try start()
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        await shutdown()
    }

    /// Graceful stop: refuse new connections, close WebSockets with 1001, let in-flight
    /// requests finish (up to the grace period), then stop the daemon.
    public func shutdown() async {
        guard let handle = daemon.withLock({ $0 }) else { return }
        core.draining.store(true, ordering: .relaxed)
        // Stop accepting. The listening socket comes back to us but must stay open until the
        // daemon has stopped: MHD's worker threads still remove it from their epoll sets, and
        // closing it early makes that fail (MHD aborts the process) or hits a reused fd.
        var raced: Int32 = 0
        let listener = cmhd_quiesce_daemon(handle.pointer, &raced)
        if raced != 0 { logger.notice("survived libmicrohttpd's quiesce race; the daemon closes the listener") }
        logger.notice(
            "shutting down",
            [
                "inFlight": "\(core.inFlight.total)",
                "websockets": "\(core.loop.liveConnections)",
            ])
        let deadline = ContinuousClock.now + configuration.shutdownGracePeriod
        await core.loop.shutdown(
            code: .goingAway, reason: "server shutting down",
            timeout: min(configuration.shutdownGracePeriod, .seconds(3)))
        while core.inFlight.total > 0 && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        daemon.withLock { current in
            guard let current else { return }
            MHD_stop_daemon(current.pointer)
        }
        if listener >= 0 { close(listener) }
        core.deadlines.stop()
        daemon.withLock { $0 = nil }
        logger.notice("stopped")
    }

    /// Reads the certificate and key files again (SIGHUP): handshakes from now on present the new
    /// certificate; open connections keep theirs. A file that cannot be used leaves the old one serving.
    public func reloadCertificate() throws {
        guard let tls = configuration.tls else { return }
        try Self.loadCertificate(tls)
        logger.notice("certificate reloaded", ["certificate": tls.certificateFile])
    }

    static func loadCertificate(_ tls: TLSSettings) throws {
        guard cmhd_tls_supported() != 0 else {
            throw ServerStartError(message: "this libmicrohttpd was built without HTTPS support")
        }
        var error = [CChar](repeating: 0, count: 512)
        guard ctls_load(tls.certificateFile, tls.keyFile, &error, error.count) == 0 else {
            let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ServerStartError(message: message)
        }
    }

    /// Once per process (MHD's panic handler is global).
    static let installPanicHandler: Void = cmhd_install_panic(MHDCallbacks.panic)

    /// A write to a peer that went away (a client closing during sendfile, a Redis server that restarted under
    /// hiredis's plain `write`) must fail with EPIPE, not end the process: SIGPIPE's default action. Ignored
    /// for the whole process once a server starts, as libmicrohttpd's manual asks of its applications.
    static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    static func bindAddress(host: String, port: UInt16, into storage: inout sockaddr_storage) throws -> Bool {
        let resolvedHost = host == "localhost" ? "127.0.0.1" : host
        if resolvedHost.contains(":") {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, resolvedHost, &address.sin6_addr) == 1 else {
                throw ServerStartError(message: "invalid IPv6 address \(host)")
            }
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: sockaddr_in6.self) }
            return true
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, resolvedHost, &address.sin_addr) == 1 else {
            throw ServerStartError(message: "invalid IPv4 address \(host)")
        }
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: sockaddr_in.self) }
        return false
    }
}

public struct ServerStartError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
