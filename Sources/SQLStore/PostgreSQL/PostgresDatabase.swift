import Foundation

/// The PostgreSQL backend (libpq): one writer connection and a few reader connections per process,
/// each on its own serial queue, like the SQLite backend, so product code sees the same behaviour.
///
/// Several processes (instances of one product) share the database. Every write transaction takes one
/// transaction-scoped advisory lock first (`pg_advisory_xact_lock`, keyed by the schema), so writes are
/// serialized across all instances as SQLite serializes them within one: a read-modify-write body is
/// correct without retries, and migrations run once even when instances start together (each step
/// re-reads the version under the lock). Readers use REPEATABLE READ snapshots and never wait for it.
/// Commits are durable: `synchronous_commit = on` on every session.
public final class PostgresDatabase: PooledDatabase {
    let writer: ConnectionPool<PostgresConnection>
    let readers: ConnectionPool<PostgresConnection>
    private let label: String

    public var dialect: SQLDialect { .postgres }

    /// Connects to `url` (`postgres://USER[:PASS]@HOST:PORT/DB`, libpq URI parameters allowed).
    public init(url: String, readerCount: Int = 4, busyTimeout: Duration = .seconds(5), statementCacheCapacity: Int = 64)
        throws(SQLStoreError)
    {
        let timeout = Int(busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000)
        let holders = LeaseHolders()
        let writerConnection = try PostgresConnection(
            url: url, role: .writer, lockTimeoutMilliseconds: timeout, statementCacheCapacity: statementCacheCapacity)
        var readerConnections: [PooledConnection<PostgresConnection>] = []
        for index in 0..<max(1, readerCount) {
            let connection = try PostgresConnection(
                url: url, role: .reader, lockTimeoutMilliseconds: timeout, statementCacheCapacity: statementCacheCapacity)
            readerConnections.append(PooledConnection(connection, label: "sqlstore.pg.reader.\(index)"))
        }
        self.writer = ConnectionPool([PooledConnection(writerConnection, label: "sqlstore.pg.writer")], holders: holders)
        self.readers = ConnectionPool(readerConnections, holders: holders)
        self.label = DatabaseURL.postgres(url).description
        storeLogger.info("database opened", ["backend": "postgres", "url": label, "readers": String(readerConnections.count)])
    }

    public convenience init(configuration: DatabaseConfiguration) throws(SQLStoreError) {
        guard case .postgres(let url) = configuration.url else {
            throw SQLStoreError(.backendUnavailable, "PostgresDatabase cannot open \(configuration.url)")
        }
        try self.init(
            url: url, readerCount: configuration.readerCount, busyTimeout: configuration.busyTimeout,
            statementCacheCapacity: configuration.statementCacheCapacity)
    }

    func logClosed() {
        storeLogger.info("database closed", ["backend": "postgres", "url": label])
    }
}
