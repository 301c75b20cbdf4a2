import Foundation

/// The SQLite backend: one file in WAL mode, one writer connection and a few reader connections,
/// each with its own serial queue so blocking SQLite calls never run on Swift's cooperative pool.
///
/// All writes go through the single writer, one transaction at a time, so concurrent writers in this
/// process queue up instead of meeting `SQLITE_BUSY`; WAL lets readers see the last commit meanwhile.
public final class SQLiteDatabase: Database {
    public let path: String
    private let writer: ConnectionPool<SQLiteConnection>
    private let readers: ConnectionPool<SQLiteConnection>

    public var dialect: SQLDialect { .sqlite }

    /// Opens (creating if needed) the database file and its directory.
    public init(path: String, readerCount: Int = 4, busyTimeout: Duration = .seconds(5), statementCacheCapacity: Int = 64)
        throws(SQLStoreError)
    {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw SQLStoreError(.engineFailure, "cannot create directory \(directory): \(error.localizedDescription)")
            }
        }
        let timeout = Int32(
            clamping: busyTimeout.components.seconds * 1000
                + busyTimeout.components.attoseconds / 1_000_000_000_000_000)
        let holders = LeaseHolders()
        // The writer opens first: it creates the file and switches it to WAL before readers attach.
        let writerConnection = try SQLiteConnection(
            path: path, role: .writer, busyTimeoutMilliseconds: timeout, statementCacheCapacity: statementCacheCapacity)
        var readerConnections: [PooledConnection<SQLiteConnection>] = []
        for index in 0..<max(1, readerCount) {
            let connection = try SQLiteConnection(
                path: path, role: .reader, busyTimeoutMilliseconds: timeout, statementCacheCapacity: statementCacheCapacity)
            readerConnections.append(PooledConnection(connection, label: "sqlstore.reader.\(index)"))
        }
        self.path = path
        self.writer = ConnectionPool([PooledConnection(writerConnection, label: "sqlstore.writer")], holders: holders)
        self.readers = ConnectionPool(readerConnections, holders: holders)
        storeLogger.info("database opened", ["backend": "sqlite", "path": path, "readers": String(readerConnections.count)])
    }

    public convenience init(configuration: DatabaseConfiguration) throws(SQLStoreError) {
        guard case .sqlite(let path) = configuration.url else {
            throw SQLStoreError(.backendUnavailable, "SQLiteDatabase cannot open \(configuration.url)")
        }
        try self.init(
            path: path, readerCount: configuration.readerCount, busyTimeout: configuration.busyTimeout,
            statementCacheCapacity: configuration.statementCacheCapacity)
    }

    @discardableResult
    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await readers.run { connection in try connection.transaction(body) }
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
        // Closing waits for leases in flight, so it runs off the cooperative pool too.
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
        // Closing the last connection checkpoints the WAL into the main file.
        writer.close()
        storeLogger.info("database closed", ["backend": "sqlite", "path": path])
    }
}
