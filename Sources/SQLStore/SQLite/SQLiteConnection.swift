import CSQLite

/// One SQLite connection, opened `NOMUTEX`: `ConnectionPool` guarantees one user at a time.
final class SQLiteConnection: TransactionalConnection {
    enum Role {
        /// Creates the file, switches it to WAL, takes every write.
        case writer
        /// `query_only`: a write inside `read` fails instead of racing the writer.
        case reader
    }

    private var db: OpaquePointer?
    private let cache: StatementCache
    let role: Role

    var dialect: SQLDialect { .sqlite }

    init(path: String, role: Role, busyTimeoutMilliseconds: Int32, statementCacheCapacity: Int) throws(SQLStoreError) {
        self.role = role
        self.cache = StatementCache(capacity: statementCacheCapacity)
        var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        if role == .writer { flags |= SQLITE_OPEN_CREATE }
        var handle: OpaquePointer?
        let result = sqlite3_open_v2(path, &handle, flags, nil)
        guard result == SQLITE_OK, let handle else {
            let error = SQLiteResult.error(result, db: handle, sql: nil)
            sqlite3_close_v2(handle)
            throw SQLStoreError(.engineFailure, "cannot open \(path): \(error.message)", engineCode: result)
        }
        db = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        do {
            try configure()
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    private func configure() throws(SQLStoreError) {
        if role == .writer {
            let mode = try scalar("PRAGMA journal_mode=WAL")
            guard mode == .text("wal") else {
                throw SQLStoreError(.engineFailure, "cannot switch to WAL journal mode (got \(mode))")
            }
        }
        // FULL, not NORMAL: in WAL mode NORMAL skips the fsync at commit, so a power loss can drop
        // transactions we already acknowledged. FULL syncs the WAL on every commit.
        try executeScript("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")
        if role == .reader { try executeScript("PRAGMA query_only=ON;") }
    }

    private func scalar(_ sql: String) throws(SQLStoreError) -> SQLValue {
        try query(sql, []).first?.values.first ?? .null
    }

    func close() {
        guard let handle = db else { return }
        cache.removeAll()
        sqlite3_close_v2(handle)
        db = nil
    }

    private func open() throws(SQLStoreError) -> OpaquePointer {
        guard let db else { throw SQLStoreError(.closed, "connection is closed") }
        return db
    }

    private func prepared(_ sql: String) throws(SQLStoreError) -> Statement {
        let db = try open()
        return try cache.statement(for: sql) { () throws(SQLStoreError) in
            try Statement(db: db, sql: sql, persistent: true)
        }
    }

    // MARK: SQLConnection

    @discardableResult
    func execute(_ sql: String, _ bindings: [SQLValue]) throws(SQLStoreError) -> Int {
        let db = try open()
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        let before = sqlite3_total_changes64(db)
        while try statement.step() != nil {}
        // sqlite3_changes keeps the previous DML's count across DDL and SELECT; only trust it
        // when this statement changed something.
        return sqlite3_total_changes64(db) == before ? 0 : Int(sqlite3_changes64(db))
    }

    func query(_ sql: String, _ bindings: [SQLValue]) throws(SQLStoreError) -> [SQLRow] {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        // Names are read after the first step: a step re-prepares a statement whose tables another
        // connection has altered since this one loaded the schema (a migration), and names read
        // before it would be the old table's, misaligned with the values.
        var columns: SQLColumns?
        var rows: [SQLRow] = []
        while let values = try statement.step() {
            let current = columns ?? SQLColumns(statement.columnNames)
            columns = current
            rows.append(SQLRow(columns: current, values: values))
        }
        return rows
    }

    func executeScript(_ sql: String) throws(SQLStoreError) {
        let db = try open()
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(db, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard result == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(result))
            throw SQLiteResult.error(sqlite3_extended_errcode(db), message: text, sql: sql)
        }
    }

    // MARK: Transactions

    private var inTransaction: Bool { db.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    /// Runs `body` in a transaction: commit on return, rollback on throw.
    /// Writers take the write lock up front (`BEGIN IMMEDIATE`) so another process cannot make
    /// the commit fail half way; readers start a deferred transaction for one consistent snapshot.
    func transaction<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try execute(role == .writer ? "BEGIN IMMEDIATE" : "BEGIN", [])
        let value: T
        do {
            value = try body(self)
        } catch {
            rollbackIfOpen()
            throw error
        }
        guard inTransaction else {
            throw SQLStoreError(.transactionMisuse, "the body ended the transaction itself; do not run BEGIN/COMMIT/ROLLBACK")
        }
        do {
            try execute("COMMIT", [])
        } catch {
            rollbackIfOpen()
            throw error
        }
        return value
    }

    private func rollbackIfOpen() {
        // Some errors (disk full, I/O) already rolled back; a second ROLLBACK would fail.
        guard inTransaction else { return }
        do {
            try execute("ROLLBACK", [])
        } catch {
            storeLogger.error("rollback failed", ["error": error.message])
        }
    }
}
