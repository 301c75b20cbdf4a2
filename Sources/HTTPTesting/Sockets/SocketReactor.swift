import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Which readiness a task waits for.
enum SocketReadiness: Sendable {
    case readable
    case writable
}

/// One poll thread, shared by every test client, that resumes tasks waiting for socket readiness.
///
/// Sockets are non-blocking; a client tries the system call first and only parks here on `EAGAIN`,
/// so a thousand idle WebSocket clients cost a thousand parked continuations, not a thousand threads,
/// and no cooperative-pool thread ever blocks. A wake-up is a hint (callers retry the system call),
/// which makes spurious wake-ups harmless. It uses poll(2) with a self-pipe because Swift's Glibc
/// module does not export epoll and this module cannot add a C shim; rebuilding the poll set costs
/// O(connections) per change, which is nothing at test scale.
final class SocketReactor: Sendable {
    static let shared: SocketReactor = {
        let reactor = SocketReactor()
        let thread = Thread { reactor.run() }
        thread.name = "HTTPTesting.SocketReactor"
        thread.start()
        return reactor
    }()

    private struct Waiter {
        let id: UInt64
        let readiness: SocketReadiness
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Table {
        var nextID: UInt64 = 0
        var waiters: [Int32: [Waiter]] = [:]
        /// What the poll(2) call in progress watches; a new interest outside it needs a wake-up.
        var polled: [Int32: Int16] = [:]
        var wakePending = false
    }

    private let wakeReader: Int32
    private let wakeWriter: Int32
    private let table = Mutex(Table())

    private init() {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0, "pipe failed: errno \(errno)")
        for fd in fds {
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeReader = fds[0]
        wakeWriter = fds[1]
    }

    /// Suspends until `socket` is ready (or has an error/hang-up), the timeout passes, or the socket is closed.
    func wait(for readiness: SocketReadiness, on socket: TCPSocket, timeout: Duration?) async throws {
        let fd = socket.fd
        let id = table.withLock { table in
            table.nextID += 1
            return table.nextID
        }
        let abandon: @Sendable (any Error) -> Void = { [self] error in
            let removed = table.withLock { table -> Waiter? in
                guard let index = table.waiters[fd]?.firstIndex(where: { $0.id == id }) else { return nil }
                let waiter = table.waiters[fd]!.remove(at: index)
                if table.waiters[fd]!.isEmpty { table.waiters[fd] = nil }
                return waiter
            }
            removed?.continuation.resume(throwing: error)
        }
        try await suspend(
            timeout: timeout, timeoutError: TestSocketError.timedOut,
            park: { continuation in
                let parked = table.withLock { table -> Bool in
                    // Checked under the table lock, which `retire` also holds while closing: no waiter
                    // can be left behind on a closed (and possibly reused) descriptor.
                    guard !socket.isClosed else { return false }
                    table.waiters[fd, default: []].append(Waiter(id: id, readiness: readiness, continuation: continuation))
                    let wanted = Self.events(for: readiness)
                    if (table.polled[fd] ?? 0) & wanted != wanted, !table.wakePending {
                        table.wakePending = true
                        var byte: UInt8 = 1
                        _ = Glibc.write(wakeWriter, &byte, 1)
                    }
                    return true
                }
                if !parked { continuation.resume(throwing: TestSocketError.closed) }
            }, abandon: abandon)
    }

    /// Fails every waiter on `fd` and runs `close` while no new waiter can register on it.
    func retire(_ fd: Int32, close: () -> Void) {
        let orphans = table.withLock { table -> [Waiter] in
            close()
            // The poll in progress may still watch the closed file under this number; forget it, so
            // that a new socket reusing the number wakes the reactor when it registers.
            table.polled[fd] = nil
            return table.waiters.removeValue(forKey: fd) ?? []
        }
        for waiter in orphans { waiter.continuation.resume(throwing: TestSocketError.closed) }
    }

    private static func events(for readiness: SocketReadiness) -> Int16 {
        readiness == .readable ? Int16(POLLIN) : Int16(POLLOUT)
    }

    private func run() {
        var pollSet: [pollfd] = []
        while true {
            pollSet = table.withLock { table in
                table.polled.removeAll(keepingCapacity: true)
                var set = [pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0)]
                for (fd, waiters) in table.waiters {
                    let events = waiters.reduce(Int16(0)) { $0 | Self.events(for: $1.readiness) }
                    table.polled[fd] = events
                    set.append(pollfd(fd: fd, events: events, revents: 0))
                }
                return set
            }
            let count = poll(&pollSet, nfds_t(pollSet.count), -1)
            if count < 0 {
                if errno == EINTR { continue }
                fatalError("poll failed: errno \(errno)")
            }
            if pollSet[0].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 256)
                while Glibc.read(wakeReader, &drain, drain.count) > 0 {}
            }
            var ready: [CheckedContinuation<Void, any Error>] = []
            table.withLock { table in
                if pollSet[0].revents != 0 { table.wakePending = false }
                for entry in pollSet.dropFirst() where entry.revents != 0 {
                    let failed = entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
                    let readable = failed || entry.revents & Int16(POLLIN) != 0
                    let writable = failed || entry.revents & Int16(POLLOUT) != 0
                    var remaining: [Waiter] = []
                    for waiter in table.waiters[entry.fd] ?? [] {
                        let isReady = waiter.readiness == .readable ? readable : writable
                        if isReady { ready.append(waiter.continuation) } else { remaining.append(waiter) }
                    }
                    table.waiters[entry.fd] = remaining.isEmpty ? nil : remaining
                }
            }
            for continuation in ready { continuation.resume() }
        }
    }
}
