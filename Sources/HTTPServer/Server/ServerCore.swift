import CMicroHTTPD
import Foundation
import Logging
import Synchronization

/// The state libmicrohttpd's callbacks reach through their `cls` pointer, and the request
/// cycle they drive. This file and `MHDCallbacks.swift` are the only places where C calls
/// into Swift for HTTP.
final class ServerCore: @unchecked Sendable {
    // @unchecked: immutable after init except `inFlight`/`draining` (atomic); per-request
    // state lives in `Exchange`.
    let router: RouteTable
    let configuration: ServerConfiguration
    let loop: WebSocketLoopGroup
    let logger = Logger(label: "http")
    let accessLogLevel: LogLevel
    let inFlight = InFlightCounter()
    let draining = Atomic<Bool>(false)
    let deadlines: RequestDeadlines
    let metrics: ServerMetrics
    let recordsMetrics: Bool

    init(router: Router, configuration: ServerConfiguration, hub: WebSocketHub, metrics: ServerMetrics) {
        self.router = router.compiled()
        self.metrics = metrics
        self.recordsMetrics = configuration.recordsRequestMetrics
        self.configuration = configuration
        self.loop = WebSocketLoopGroup(hub: hub, count: configuration.webSocketThreadCount)
        self.accessLogLevel = configuration.accessLogLevel == .debug ? .debug : .info
        self.deadlines = RequestDeadlines(
            timeouts: configuration.requestTimeouts, idleTimeoutSeconds: configuration.idleTimeoutSeconds)
    }

    // MARK: - Request cycle (called on MHD worker threads)

    /// A new connection's exchange (called on the worker thread that owns the connection).
    func makeExchange(isOneOff: Bool = false) -> Exchange {
        Exchange(counter: inFlight.slotForCurrentThread, isOneOff: isOneOff)
    }

    func begin(_ exchange: Exchange, target: UnsafeBufferPointer<UInt8>) {
        exchange.counter.begin()
        let now = Self.monotonicNanoseconds()
        exchange.begin(target: target, startedAt: now)
        if !exchange.isOneOff { deadlines.requestLineArrived(exchange, now: now) }
    }

    func access(
        _ exchange: Exchange, connection: OpaquePointer, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?,
        upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        switch exchange.phase {
        case .new:
            exchange.phase = .receiving
            exchange.connection = connection
            exchange.method = method.map(HTTPMethod.init(cString:)) ?? .get
            Self.collectHeaders(of: connection, into: &exchange.headers)
            // HTTP/1.0 is the one version without a required Host.
            let requiresHost = version.map { strcmp($0, "HTTP/1.0") != 0 } ?? true
            deadlines.headersArrived(exchange, expectsBody: Self.declaresBody(exchange.headers), now: Self.monotonicNanoseconds())
            if let problem = RequestFraming.violation(in: exchange.headers, requiresHost: requiresHost) {
                exchange.framingRejected = true
                return queue(
                    configuration.errorRenderer.render(
                        HTTPError(
                            .badRequest, code: .invalidRequest, message: problem,
                            headers: ["Connection": "close"])), for: exchange)
            }
            if let early = prepare(exchange, connection: connection) {
                return queue(configuration.errorRenderer.render(early), for: exchange)
            }
            return MHD_Result.YES
        case .receiving:
            let size = uploadSize.pointee
            if size > 0, let upload {
                exchange.receivedBytes += size
                deadlines.bodyProgressed(exchange, totalBytes: exchange.receivedBytes)
                exchange.receive(upload, count: size)
                uploadSize.pointee = 0
                if exchange.drainedBytes > Self.drainLimit, exchange.pendingError != nil {
                    logger.debug("refused body still arriving, connection closed", ["path": exchange.path])
                    return MHD_Result.NO
                }
                return MHD_Result.YES
            }
            var form: MultipartForm?
            if let reader = exchange.multipart {
                switch reader.finish() {
                case .success(let value): form = value
                case .failure(let error): exchange.pendingError = exchange.pendingError ?? error
                }
            }
            if let error = exchange.pendingError {
                return queue(configuration.errorRenderer.render(error), for: exchange)
            }
            return dispatch(exchange, connection: connection, form: form)
        case .dispatched:
            let response: Response? = exchange.completion.withLock { state in
                if case .finished(let response) = state { return response }
                return nil
            }
            guard let response else { return MHD_Result.YES }
            return queue(response, for: exchange)
        case .responded:
            // A body whose framing we refused is not read at all: where it ends is the question.
            if exchange.framingRejected && uploadSize.pointee > 0 { return MHD_Result.NO }
            uploadSize.pointee = 0
            return MHD_Result.YES
        }
    }

    func complete(_ exchange: Exchange, termination: MHD_RequestTerminationCode) {
        exchange.multipart?.removeSpooledFiles()
        if !exchange.isOneOff { deadlines.requestCompleted(exchange, now: Self.monotonicNanoseconds()) }
        defer { exchange.end() }
        exchange.counter.end()
        let elapsed = Self.monotonicNanoseconds() &- exchange.startedAt
        // An upgrade was counted when its 101 went out (MHD reports it complete only when the socket closes).
        if exchange.status != 0 && !exchange.isUpgraded && recordsMetrics {
            if let route = exchange.route {
                route.record(status: exchange.status, nanoseconds: elapsed)
            } else {
                metrics.unmatched.record(status: exchange.status, nanoseconds: elapsed)
            }
        }
        guard logger.isEnabled(accessLogLevel) else { return }
        let micros = elapsed / 1000
        let latency = "\(micros / 1000).\(String(micros % 1000 + 1000).dropFirst())"
        if termination == MHD_RequestTerminationCode.REQUEST_TERMINATED_COMPLETED_OK || exchange.status != 0 {
            logger.log(
                accessLogLevel, "request",
                [
                    "method": exchange.method.rawValue, "path": exchange.path, "status": "\(exchange.status)",
                    "bytes": "\(exchange.bytesSent)", "ms": latency,
                ])
        } else {
            logger.log(
                accessLogLevel, "request aborted",
                [
                    "method": exchange.method.rawValue, "path": exchange.path, "reason": Self.describe(termination),
                    "ms": latency,
                ])
        }
    }

    /// Routes the request and sets up its body intake. Returns an error to answer at once
    /// (only for a declared body that is already over its cap: the client sends nothing).
    private func prepare(_ exchange: Exchange, connection: OpaquePointer) -> HTTPError? {
        guard exchange.path.utf8.first == UInt8(ascii: "/") else {
            exchange.pendingError = .badRequest("Request target must be an absolute path.")
            return nil
        }
        let match: RouteMatch
        do {
            match = try router.match(method: exchange.method, path: exchange.path)
        } catch {
            exchange.pendingError = error
            return nil
        }
        let contentLength = exchange.headers["Content-Length"].flatMap { Int($0) }
        switch match {
        case .notFound:
            exchange.pendingError = .notFound("No route for \(exchange.method) \(exchange.path).")
        case .methodNotAllowed(let allowed):
            exchange.pendingError = HTTPError(
                .methodNotAllowed, code: .methodNotAllowed,
                message: "\(exchange.method) is not allowed here; use \(allowed.joined(separator: ", ")).",
                headers: ["Allow": allowed.joined(separator: ", ")])
        case .found(let route, let parameters):
            exchange.route = route
            exchange.parameters = parameters
            switch route.with(\.body) {
            case .none: exchange.bodyLimit = 64 * 1024
            case .default: exchange.bodyLimit = configuration.maxBodyBytes
            case .buffered(let maxBytes): exchange.bodyLimit = maxBytes
            case .multipart(let limits):
                exchange.bodyLimit = limits.maxTotalBytes
                if let length = contentLength, length > limits.maxTotalBytes {
                    return HTTPError(
                        .payloadTooLarge, code: .payloadTooLarge,
                        message: "Upload is larger than \(limits.maxTotalBytes / (1024 * 1024)) MB in total.")
                }
                let contentType = exchange.headers["Content-Type"]?.lowercased() ?? ""
                guard contentType.hasPrefix("multipart/form-data"),
                    let reader = MultipartReader(connection: connection, limits: limits, directory: configuration.uploadDirectory)
                else {
                    exchange.pendingError = HTTPError(
                        .unsupportedMediaType, code: .unsupportedMediaType,
                        message: "Expected a multipart/form-data body.")
                    return nil
                }
                exchange.multipart = reader
                return nil
            }
        }
        if let length = contentLength, length > exchange.bodyLimit {
            let limit = exchange.pendingError == nil ? exchange.bodyLimit : 0
            if exchange.pendingError == nil || length > 1 << 20 {
                return exchange.pendingError
                    ?? HTTPError(
                        .payloadTooLarge, code: .payloadTooLarge,
                        message: "Request body is larger than \(limit) bytes.")
            }
        }
        if exchange.pendingError != nil { exchange.bodyLimit = 0 }
        return nil
    }

    /// How much of an already-refused body is read and dropped so a client that sends its
    /// whole body before reading gets a clean answer; past it the connection is closed
    /// (reading on would let one refused upload hold the connection for as long as it likes).
    static let drainLimit = 1 << 20

    private func dispatch(_ exchange: Exchange, connection: OpaquePointer, form: MultipartForm?) -> MHD_Result {
        deadlines.handling(exchange)
        guard let route = exchange.route else {
            return queue(configuration.errorRenderer.render(.notFound()), for: exchange)
        }
        exchange.phase = .dispatched
        let query: QueryParameters
        do {
            query = try QueryParameters(parsing: exchange.query)
        } catch {
            return queue(configuration.errorRenderer.render(error), for: exchange)
        }
        let request = Request(
            method: exchange.method, rawPath: exchange.path, rawQuery: exchange.query,
            headers: exchange.headers, query: query, parameters: exchange.parameters,
            body: exchange.body, form: form, peer: PeerAddress(connection), attributes: RequestAttributes())
        exchange.body = Data()
        return route.with { route in
            switch route.action {
            case .synchronous(let handler):
                // Nothing on the way can wait: answer in place, no task.
                return queue(
                    Self.respond(request, handler: handler, renderer: configuration.errorRenderer, logger: logger),
                    for: exchange)
            case .asynchronous(let chain):
                return run(chain, request: request, exchange: exchange, connection: connection)
            case nil:
                return queue(configuration.errorRenderer.render(.notFound()), for: exchange)
            }
        }
    }

    /// Runs the middleware chain in a task that starts right here on the MHD thread and
    /// keeps going until its first real suspension: a chain that never suspends answers
    /// without a thread hop. One that does leaves the connection suspended until it is done.
    private func run(_ chain: Responder, request: Request, exchange: Exchange, connection: OpaquePointer) -> MHD_Result {
        let renderer = configuration.errorRenderer
        let logger = self.logger
        let pending = PendingResume(connection)
        Task.immediate {
            let response = await Self.respond(request, chain: chain, renderer: renderer, logger: logger)
            if exchange.finish(response) { MHD_resume_connection(pending.connection) }
        }
        let finished: Response? = exchange.completion.withLock { state in
            if case .finished(let response) = state { return response }
            MHD_suspend_connection(connection)
            state = .suspended
            return nil
        }
        if let finished { return queue(finished, for: exchange) }
        return MHD_Result.YES
    }

    static func respond(_ request: Request, chain: Responder, renderer: any ErrorRenderer, logger: Logger) async -> Response {
        do {
            return try await chain(request)
        } catch {
            return render(error, for: request, renderer: renderer, logger: logger)
        }
    }

    static func respond(
        _ request: Request, handler: Router.SynchronousHandler, renderer: any ErrorRenderer,
        logger: Logger
    ) -> Response {
        do {
            return try handler(request)
        } catch {
            return render(error, for: request, renderer: renderer, logger: logger)
        }
    }

    /// A handler's failure as an answer: its `HTTPError`, or a 500 that tells the client
    /// nothing (the log line has the details).
    private static func render(_ error: any Error, for request: Request, renderer: any ErrorRenderer, logger: Logger) -> Response
    {
        if let error = error as? HTTPError { return renderer.render(error) }
        logger.error("handler failed", ["method": request.method.rawValue, "path": request.rawPath, "error": "\(error)"])
        return renderer.render(HTTPError(.internalServerError, code: .internalError, message: "Internal server error."))
    }

    // MARK: - Answers

    func queue(_ response: Response, for exchange: Exchange) -> MHD_Result {
        guard let connection = exchange.connection else { return MHD_Result.NO }
        exchange.phase = .responded
        deadlines.handling(exchange)
        if let upgrade = response.upgrade {
            return queueUpgrade(upgrade, response: response, exchange: exchange, connection: connection)
        }
        let created: OpaquePointer?
        switch response.body {
        case .empty:
            created = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        case .bytes(let data):
            created = data.withUnsafeBytes { raw in
                MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .buffer(let bytes):
            // MHD sends straight from the buffer and keeps it alive until `releaseBody`.
            let retained = Unmanaged.passRetained(bytes.storage)
            created = bytes.storage.withUnsafeMutablePointerToElements { elements in
                MHD_create_response_from_buffer_with_free_callback_cls(
                    bytes.count, elements, MHDCallbacks.releaseBody,
                    retained.toOpaque())
            }
            if created == nil { retained.release() }
        case .file(let descriptor, let offset, let length):
            created = MHD_create_response_from_fd_at_offset64(length, descriptor, offset)
            if created == nil { close(descriptor) }
        }
        guard let mhdResponse = created else { return MHD_Result.NO }
        defer { MHD_destroy_response(mhdResponse) }
        for field in response.headers { Self.add(field, to: mhdResponse) }
        if draining.load(ordering: .relaxed) {
            _ = MHD_add_response_header(mhdResponse, "Connection", "close")
        }
        exchange.status = response.status.rawValue
        exchange.bytesSent = exchange.method == .head ? 0 : response.bodyLength
        return MHD_queue_response(connection, UInt32(response.status.rawValue), mhdResponse)
    }

    private func queueUpgrade(
        _ upgrade: WebSocketUpgrade, response: Response, exchange: Exchange,
        connection: OpaquePointer
    ) -> MHD_Result {
        let key = exchange.headers["Sec-WebSocket-Key"] ?? ""
        let request = Request(
            method: exchange.method, rawPath: exchange.path, rawQuery: exchange.query,
            headers: exchange.headers, query: nil, parameters: exchange.parameters, body: Data(),
            form: nil, peer: PeerAddress(connection), attributes: RequestAttributes())
        let context = Unmanaged.passRetained(UpgradeContext(core: self, request: request, upgrade: upgrade)).toOpaque()
        guard let mhdResponse = MHD_create_response_for_upgrade(MHDCallbacks.upgrade, context) else {
            Unmanaged<UpgradeContext>.fromOpaque(context).release()
            return MHD_Result.NO
        }
        defer { MHD_destroy_response(mhdResponse) }
        _ = MHD_add_response_header(mhdResponse, "Upgrade", "websocket")
        _ = MHD_add_response_header(mhdResponse, "Sec-WebSocket-Accept", WebSocketHandshake.acceptValue(for: key))
        for field in response.headers { Self.add(field, to: mhdResponse) }
        exchange.status = 101
        exchange.isUpgraded = true
        exchange.route?.record(status: 101, nanoseconds: Self.monotonicNanoseconds() &- exchange.startedAt)
        deadlines.handling(exchange)
        return MHD_queue_response(connection, 101, mhdResponse)
    }

    // MARK: - Helpers

    /// A body follows the headers: a non-zero `Content-Length`, or any `Transfer-Encoding`.
    static func declaresBody(_ headers: HTTPHeaders) -> Bool {
        if headers.contains("Transfer-Encoding") { return true }
        guard let length = headers["Content-Length"] else { return false }
        return length != "0"
    }

    /// For the access log's latency: the clock read straight from the vDSO (the request path
    /// then runs no libdispatch code).
    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Explicit `withCString`: the implicit String-to-pointer conversion heap-copies short
    /// (inline) strings such as "Content-Type"; this copies them on the stack.
    static func add(_ field: (name: String, value: String), to response: OpaquePointer) {
        field.name.withCString { name in
            field.value.withCString { value in _ = MHD_add_response_header(response, name, value) }
        }
    }

    /// Replaces `headers` with the request's, reusing the list's storage when it can.
    static func collectHeaders(of connection: OpaquePointer, into headers: inout HTTPHeaders) {
        headers.removeAll()
        headers.reserveCapacity(16)
        withUnsafeMutablePointer(to: &headers) { pointer in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, MHDCallbacks.collectHeader, pointer)
        }
    }

    static func describe(_ termination: MHD_RequestTerminationCode) -> String {
        switch termination {
        case MHD_RequestTerminationCode.REQUEST_TERMINATED_COMPLETED_OK: "completed"
        case MHD_RequestTerminationCode.REQUEST_TERMINATED_WITH_ERROR: "error"
        case MHD_RequestTerminationCode.REQUEST_TERMINATED_TIMEOUT_REACHED: "timeout"
        case MHD_RequestTerminationCode.REQUEST_TERMINATED_DAEMON_SHUTDOWN: "shutdown"
        case MHD_RequestTerminationCode.REQUEST_TERMINATED_READ_ERROR: "read_error"
        case MHD_RequestTerminationCode.REQUEST_TERMINATED_CLIENT_ABORT: "client_abort"
        default: "unknown"
        }
    }
}

/// The client's IP address, copied at dispatch (16 bytes at most) and formatted only when asked for.
enum PeerAddress: Sendable {
    case text(String)
    case ipv4(in_addr)
    case ipv6(in6_addr)

    init(_ connection: OpaquePointer) {
        guard let address = cmhd_client_address(connection) else {
            self = .text("")
            return
        }
        switch Int32(address.pointee.sa_family) {
        case AF_INET: self = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { .ipv4($0.pointee.sin_addr) }
        case AF_INET6: self = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { .ipv6($0.pointee.sin6_addr) }
        default: self = .text("")
        }
    }

    var text: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch self {
        case .text(let text): return text
        case .ipv4(var address): _ = inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count))
        case .ipv6(var address): _ = inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count))
        }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

/// What the upgrade callback needs, carried through MHD's `void *`.
final class UpgradeContext {
    let core: ServerCore
    let request: Request
    let upgrade: WebSocketUpgrade
    init(core: ServerCore, request: Request, upgrade: WebSocketUpgrade) {
        self.core = core
        self.request = request
        self.upgrade = upgrade
    }
}

/// A suspended MHD connection handle, carried into the handler's task so it can be resumed.
/// MHD allows `MHD_resume_connection` from any thread.
struct PendingResume: @unchecked Sendable {
    let connection: OpaquePointer
    init(_ connection: OpaquePointer) { self.connection = connection }
}
