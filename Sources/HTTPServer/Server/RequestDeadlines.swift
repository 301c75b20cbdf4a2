import CMicroHTTPD
import Foundation
import Synchronization

/// Enforces `RequestTimeouts`: libmicrohttpd only knows an idle timeout, which a client that
/// sends a byte now and then never trips (slowloris).
///
/// Each connection's `Exchange` carries its current deadline, which the MHD thread moves as
/// the request goes from headers to body to handling. This registry knows every open
/// connection's socket; one thread sweeps it a few times a second and shuts down
/// (`shutdown(2)`) the sockets whose deadline has passed. MHD then sees the client gone and
/// closes the connection the usual way, on its own thread.
///
/// The lock orders the sweep against MHD closing a connection: MHD sends the
/// connection-closed notice (which untracks it, under the lock) before it closes the socket,
/// and the sweep shuts sockets down only while holding the lock, so a descriptor that has
/// been closed and reused is never touched.
final class RequestDeadlines: @unchecked Sendable {
    // @unchecked: `thread` is set once in `start`; everything else is a Mutex or atomic.
    private let connections = Mutex<[ObjectIdentifier: Exchange]>([:])
    private let running = Atomic<Bool>(false)
    private var thread: Thread?
    private let timeouts: RequestTimeouts
    private let idleTimeout: UInt64
    /// Connections cut so far (for the log and tests).
    let cut = Atomic<Int>(0)

    init(timeouts: RequestTimeouts, idleTimeoutSeconds: Int) {
        self.timeouts = timeouts
        self.idleTimeout = UInt64(max(0, idleTimeoutSeconds)) * 1_000_000_000
    }

    var headerAllowance: UInt64 { Self.nanoseconds(timeouts.headers) }

    // MARK: - MHD threads

    /// A connection was accepted: its first request line and headers are due.
    func track(_ exchange: Exchange, fd: Int32, now: UInt64) {
        exchange.socket = fd
        exchange.deadline.store(now + headerAllowance, ordering: .relaxed)
        connections.withLock { $0[ObjectIdentifier(exchange)] = exchange }
    }

    func untrack(_ exchange: Exchange) {
        connections.withLock { $0[ObjectIdentifier(exchange)] = nil }
        exchange.socket = -1
    }

    /// The request line is in: its headers are due within the header timeout (no later than
    /// the deadline already set).
    func requestLineArrived(_ exchange: Exchange, now: UInt64) {
        guard !exchange.isUpgraded else { return }
        let due = now + headerAllowance
        let current = exchange.deadline.load(ordering: .relaxed)
        if current == 0 || due < current { exchange.deadline.store(due, ordering: .relaxed) }
    }

    /// Bytes a body must deliver within each body window (`body` × minimum rate).
    var bodyWindowBytes: Int {
        let seconds = max(1, Int(timeouts.body.components.seconds))
        return seconds * timeouts.bodyMinimumBytesPerSecond
    }

    /// Headers complete; `expectsBody` when a body is declared (length > 0 or chunked).
    func headersArrived(_ exchange: Exchange, expectsBody: Bool, now: UInt64) {
        exchange.bodyWindowStartBytes = 0
        exchange.deadline.store(expectsBody ? now + Self.nanoseconds(timeouts.body) : 0, ordering: .relaxed)
    }

    /// More body arrived. Each time another window's worth (`body` × minimum rate) is in, the
    /// deadline moves to a full `body` from now; a burst earns one window, not credit for a
    /// dribble afterwards.
    func bodyProgressed(_ exchange: Exchange, totalBytes: Int) {
        guard totalBytes - exchange.bodyWindowStartBytes >= bodyWindowBytes else { return }
        exchange.bodyWindowStartBytes = totalBytes
        exchange.deadline.store(ServerCore.monotonicNanoseconds() + Self.nanoseconds(timeouts.body), ordering: .relaxed)
    }

    /// The request is being handled or answered: no deadline (the handler and the idle
    /// timeout govern that part).
    func handling(_ exchange: Exchange) {
        exchange.deadline.store(0, ordering: .relaxed)
    }

    /// The answer is out; a kept-alive connection may idle, then must send its next request.
    func requestCompleted(_ exchange: Exchange, now: UInt64) {
        guard !exchange.isUpgraded, exchange.socket >= 0 else { return }
        exchange.deadline.store(now + idleTimeout + headerAllowance, ordering: .relaxed)
    }

    // MARK: - Sweeper

    func start() {
        guard !running.exchange(true, ordering: .relaxed) else { return }
        let thread = Thread { [self] in
            while running.load(ordering: .relaxed) {
                usleep(250_000)
                sweep(now: ServerCore.monotonicNanoseconds())
            }
        }
        thread.name = "http-deadlines"
        thread.start()
        self.thread = thread
    }

    func stop() {
        running.store(false, ordering: .relaxed)
    }

    private func sweep(now: UInt64) {
        var count = 0
        connections.withLock { table in
            for exchange in table.values {
                let deadline = exchange.deadline.load(ordering: .relaxed)
                guard deadline != 0, now > deadline, exchange.socket >= 0 else { continue }
                // Once: MHD closes the connection on its next turn.
                exchange.deadline.store(0, ordering: .relaxed)
                shutdown(exchange.socket, Int32(SHUT_RDWR))
                count += 1
            }
        }
        if count > 0 { cut.wrappingAdd(count, ordering: .relaxed) }
    }

    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}
