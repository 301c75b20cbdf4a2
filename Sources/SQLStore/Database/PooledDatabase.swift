import Dispatch

/// A backend's connection that runs a body in one transaction (what `PooledDatabase` lends out).
protocol TransactionalConnection: PoolableConnection, SQLConnection {
    func transaction<T>(_ body: (Self) throws -> T) throws -> T
    /// Runs one statement outside an explicit transaction (see `Database.readStatement`).
    func single<T>(_ body: (Self) throws -> T) throws -> T
}

extension TransactionalConnection {
    /// A backend where a transaction costs no round trip keeps it.
    func single<T>(_ body: (Self) throws -> T) throws -> T { try transaction(body) }
}

/// The part both backends share: one writer pool and one reader pool, every body in a transaction
/// on a pooled connection, closing off the cooperative pool. A backend says how it opens and what
/// it logs when closed.
protocol PooledDatabase: Database {
    associatedtype Connection: TransactionalConnection
    var writer: ConnectionPool<Connection> { get }
    var readers: ConnectionPool<Connection> { get }
    /// Logs that the store is closed (after both pools are).
    func logClosed()
}

extension PooledDatabase {
    @discardableResult
    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await readers.run { connection in try connection.transaction(body) }
    }

    public func readStatement(_ sql: String, _ bindings: [SQLValue]) async throws -> [SQLRow] {
        try await readers.run { connection in try connection.single { try $0.query(sql, bindings) } }
    }

    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await writer.run { connection in try connection.transaction(body) }
    }

    @discardableResult
    public func readSync<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try readers.runSync { connection in try connection.transaction(body) }
    }

    @discardableResult
    public func writeSync<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try writer.runSync { connection in try connection.transaction(body) }
    }

    public func close() async {
        // Closing waits for leases in flight, so it runs off the cooperative pool.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                self.closeSync()
                continuation.resume()
            }
        }
    }

    /// Blocking `close` for command-line tools and tests.
    public func closeSync() {
        readers.close()
        // The writer closes last: for SQLite, closing the last connection checkpoints the WAL.
        writer.close()
        logClosed()
    }
}
