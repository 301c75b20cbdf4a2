import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a pool needs from a backend's connection (SQLite or PostgreSQL).
protocol PoolableConnection: AnyObject, SendableMetatype {
    func close()
}

/// One connection and the serial queue (hence its own thread) its async work runs on.
///
/// `@unchecked Sendable`: the connection is used only by the current holder of its lease, and
/// `ConnectionPool` hands each lease to exactly one holder at a time. This is the one place where
/// work crosses from Swift tasks onto the threads that make blocking engine calls.
final class PooledConnection<Connection: PoolableConnection>: @unchecked Sendable {
    let connection: Connection
    let queue: DispatchQueue

    init(_ connection: Connection, label: String) {
        self.connection = connection
        self.queue = DispatchQueue(label: label, qos: .userInitiated)
    }
}

/// Leases connections to one holder at a time, first come first served.
/// Async callers get the body run on the connection's own queue; sync callers run it on their own thread.
final class ConnectionPool<Connection: PoolableConnection>: Sendable {
    /// Called with the connection handed over, or nil when the pool closed first.
    private typealias Waiter = @Sendable (PooledConnection<Connection>?) -> Void

    private struct State {
        var idle: [PooledConnection<Connection>]
        var waiters: [Waiter] = []
        var closed = false
    }

    private let state: Mutex<State>
    private let connections: [PooledConnection<Connection>]
    private let holders: LeaseHolders

    init(_ connections: [PooledConnection<Connection>], holders: LeaseHolders) {
        self.connections = connections
        self.state = Mutex(State(idle: connections.reversed()))
        self.holders = holders
    }

    /// Runs `body` with a leased connection on that connection's thread and resumes with its result.
    func run<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try Task.checkCancellation()
        return try await withCheckedThrowingContinuation { continuation in
            let job: @Sendable (PooledConnection<Connection>?) -> Void = { pooled in
                guard let pooled else {
                    continuation.resume(throwing: SQLStoreError(.closed, "database is closed"))
                    return
                }
                pooled.queue.async {
                    let result = self.withHolder { Result { try body(pooled.connection) } }
                    self.release(pooled)
                    continuation.resume(with: result)
                }
            }
            let immediate: PooledConnection<Connection>?? = state.withLock { state in
                if state.closed { return .some(nil) }
                if let pooled = state.idle.popLast() { return .some(pooled) }
                state.waiters.append(job)
                return .none
            }
            if let immediate { job(immediate) }
        }
    }

    /// Runs `body` with a leased connection on the calling thread, blocking until one is free.
    func runSync<T>(_ body: (Connection) throws -> T) throws -> T {
        guard !holders.currentThreadHoldsLease else {
            throw SQLStoreError(
                .reentrantCall, "readSync/writeSync called inside a read or write body; use the body's connection")
        }
        let pooled = try acquireBlocking()
        defer { release(pooled) }
        return try withHolder { try body(pooled.connection) }
    }

    /// Refuses new work, fails waiters, waits for leases in flight, then closes every connection.
    func close() {
        let waiters: [Waiter] = state.withLock { state in
            state.closed = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter(nil) }
        guard !holders.currentThreadHoldsLease else {
            // Called from inside a body: waiting would deadlock. Connections close when the pool is freed.
            storeLogger.error("close called inside a read or write body; not waiting for work in flight")
            return
        }
        // Every lease returns its connection to `idle` even when closed. Polling is fine here:
        // it runs once, at shutdown, and leases are short.
        while state.withLock({ $0.idle.count }) < connections.count {
            usleep(1_000)
        }
        for pooled in connections { pooled.connection.close() }
    }

    private func acquireBlocking() throws(SQLStoreError) -> PooledConnection<Connection> {
        let semaphore = DispatchSemaphore(value: 0)
        let slot = Handoff<Connection>()
        let immediate: PooledConnection<Connection>?? = state.withLock { state in
            if state.closed { return .some(nil) }
            if let pooled = state.idle.popLast() { return .some(pooled) }
            state.waiters.append { pooled in
                slot.connection.withLock { $0 = pooled }
                semaphore.signal()
            }
            return .none
        }
        let pooled: PooledConnection<Connection>?
        if let immediate {
            pooled = immediate
        } else {
            semaphore.wait()
            pooled = slot.connection.withLock { $0 }
        }
        guard let pooled else { throw SQLStoreError(.closed, "database is closed") }
        return pooled
    }

    private func release(_ pooled: PooledConnection<Connection>) {
        let next: Waiter? = state.withLock { state in
            if !state.closed, !state.waiters.isEmpty { return state.waiters.removeFirst() }
            state.idle.append(pooled)
            return nil
        }
        if let next { next(pooled) }
    }

    private func withHolder<R>(_ body: () throws -> R) rethrows -> R {
        holders.enter()
        defer { holders.leave() }
        return try body()
    }
}

/// Carries a connection from the releasing thread to a blocked `runSync` caller.
private final class Handoff<Connection: PoolableConnection>: Sendable {
    let connection = Mutex<PooledConnection<Connection>?>(nil)
}

/// Threads currently holding a lease on one database, so a nested `readSync`/`writeSync`
/// fails fast instead of deadlocking on a pool it already drained.
final class LeaseHolders: Sendable {
    private let threads = Mutex<[UInt: Int]>([:])

    private static var currentThread: UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }

    var currentThreadHoldsLease: Bool {
        let id = Self.currentThread
        return threads.withLock { $0[id] != nil }
    }

    func enter() {
        let id = Self.currentThread
        threads.withLock { $0[id, default: 0] += 1 }
    }

    func leave() {
        let id = Self.currentThread
        threads.withLock { threads in
            let count = (threads[id] ?? 1) - 1
            threads[id] = count > 0 ? count : nil
        }
    }
}
