import Foundation

/// The SQLite backend: one file in WAL mode, one writer connection and a few reader connections,
/// each with its own serial queue so blocking SQLite calls never run on Swift's cooperative pool.
///
/// All writes go through the single writer, one transaction at a time, so concurrent writers in this
/// process queue up instead of meeting `SQLITE_BUSY`; WAL lets readers see the last commit meanwhile.
public final class SQLiteDatabase: PooledDatabase {
    public let path: String
    let writer: ConnectionPool<SQLiteConnection>
    let readers: ConnectionPool<SQLiteConnection>

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

    func logClosed() {
        storeLogger.info("database closed", ["backend": "sqlite", "path": path])
    }
}
