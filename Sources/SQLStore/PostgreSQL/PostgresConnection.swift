import CLibPQ

/// One libpq connection: named prepared statements cached by SQL text and value types, rows copied
/// out of each result before it is freed. `ConnectionPool` guarantees one user at a time.
final class PostgresConnection: TransactionalConnection {
    enum Role {
        /// Takes every write of this process; each write transaction first takes the cluster-wide writer lock.
        case writer
        /// `default_transaction_read_only`: a write inside `read` fails, as on SQLite's query-only readers.
        case reader
    }

    private struct Prepared {
        let name: String
        var lastUse: UInt64
    }

    private var pg: OpaquePointer?
    private let url: String
    private let lockTimeoutMilliseconds: Int
    private let capacity: Int
    let role: Role
    private var prepared: [String: Prepared] = [:]
    private var translations: [String: PostgresTranslation.Statement] = [:]
    private var clock: UInt64 = 0
    private var nextStatement = 0
    /// `pg_advisory_xact_lock` key of this database and schema: every instance's writer takes it, so writes
    /// are serialized across instances exactly as SQLite's single writer serializes them in one process.
    private var writerLockKey: Int64 = 0

    var dialect: SQLDialect { .postgres }

    init(url: String, role: Role, lockTimeoutMilliseconds: Int, statementCacheCapacity: Int) throws(SQLStoreError) {
        self.url = url
        self.role = role
        self.lockTimeoutMilliseconds = lockTimeoutMilliseconds
        self.capacity = max(1, statementCacheCapacity)
        guard let handle = PQconnectdb(url) else { throw SQLStoreError(.engineFailure, "libpq could not allocate a connection") }
        pg = handle
        guard PQstatus(handle) == CONNECTION_OK else {
            let error = PostgresResult.error(nil, connection: handle, sql: nil)
            close()
            throw SQLStoreError(.engineFailure, "cannot connect to PostgreSQL: \(error.message)")
        }
        do {
            try configureSession()
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    func close() {
        guard let handle = pg else { return }
        PQfinish(handle)
        pg = nil
        prepared.removeAll()
    }

    /// Session settings, applied on connect and after every reconnect.
    private func configureSession() throws(SQLStoreError) {
        // synchronous_commit on: COMMIT returns after the WAL is flushed (durable), whatever the server default.
        var settings = """
            SET client_encoding = 'UTF8'; SET synchronous_commit = on; SET client_min_messages = warning;
            SET lock_timeout = \(lockTimeoutMilliseconds);
            """
        if role == .reader { settings += " SET default_transaction_read_only = on;" }
        try simple(settings)
        let key = try query("SELECT hashtext(current_schema())::bigint AS key", [])
        writerLockKey = try key.first?.decode(Int64.self, "key") ?? 0
    }

    /// Reconnects a connection the server or network dropped; server-side statements are gone with it.
    private func ensureConnected() throws(SQLStoreError) -> OpaquePointer {
        guard let handle = pg else { throw SQLStoreError(.closed, "connection is closed") }
        if PQstatus(handle) == CONNECTION_OK { return handle }
        storeLogger.warning("PostgreSQL connection lost; reconnecting")
        PQreset(handle)
        prepared.removeAll()
        guard PQstatus(handle) == CONNECTION_OK else {
            let cause = PostgresResult.error(nil, connection: handle, sql: nil).message
            throw SQLStoreError(.engineFailure, "cannot reconnect to PostgreSQL: \(cause)")
        }
        try configureSession()
        return handle
    }

    // MARK: Statements

    /// A statement without bindings over the simple query protocol (transaction control, session settings).
    private func simple(_ sql: String) throws(SQLStoreError) {
        guard let handle = pg else { throw SQLStoreError(.closed, "connection is closed") }
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY else {
            throw PostgresResult.error(result, connection: handle, sql: sql)
        }
    }

    private func translation(_ sql: String) throws(SQLStoreError) -> PostgresTranslation.Statement {
        if let known = translations[sql] { return known }
        let translated = try PostgresTranslation.statement(sql)
        if translations.count >= 4 * capacity { translations.removeAll(keepingCapacity: true) }
        translations[sql] = translated
        return translated
    }

    /// Runs one statement with bindings; the caller reads the result and frees it.
    private func run(_ sql: String, _ bindings: [SQLValue]) throws(SQLStoreError) -> OpaquePointer {
        let handle = try open()
        let statement = try translation(sql)
        guard !statement.sql.allSatisfy({ $0 == " " || $0 == "\n" || $0 == "\t" || $0 == ";" }) else {
            throw SQLStoreError(.invalidStatement, "empty statement", sql: sql)
        }
        guard bindings.count == statement.parameterCount else {
            throw SQLStoreError(
                .bindingMismatch, "statement takes \(statement.parameterCount) bindings, got \(bindings.count)", sql: sql)
        }
        let parameters = try bindings.map { value throws(SQLStoreError) in try PostgresTranslation.parameter(value, sql: sql) }
        let name = try preparedName(statement, sql: sql, types: parameters.map(\.type), handle: handle)

        // Text values need a terminator; binary ones are passed with their length.
        let buffers: [UnsafeMutablePointer<CChar>?] = parameters.map { parameter -> UnsafeMutablePointer<CChar>? in
            guard let bytes = parameter.bytes else { return nil }
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            bytes.withUnsafeBytes { raw in
                if let base = raw.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: raw.count) }
            }
            buffer[bytes.count] = 0
            return buffer
        }
        defer { for buffer in buffers { buffer?.deallocate() } }
        let lengths = parameters.map { Int32($0.bytes?.count ?? 0) }
        let formats = parameters.map { Int32($0.binary ? 1 : 0) }
        let values = buffers.map { UnsafePointer($0) }
        let result = PQexecPrepared(handle, name, Int32(parameters.count), values, lengths, formats, 0)
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard let result, status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let error = PostgresResult.error(result, connection: handle, sql: sql)
            // 0A000 "cached plan must not change result type": a migration changed the columns a
            // prepared `SELECT *` returns. The statement would fail on every later use; forget it so
            // the next use prepares it again (this use fails: it may be inside an aborted transaction).
            if let result, let state = clibpq_sqlstate(result), String(cString: state) == "0A000" {
                prepared = prepared.filter { $0.value.name != name }
                try? simple("DEALLOCATE \(name)")
            }
            PQclear(result)
            throw error
        }
        return result
    }

    /// The server-side name of `statement` prepared for these parameter types, preparing it on first use.
    private func preparedName(
        _ statement: PostgresTranslation.Statement, sql: String, types: [Oid], handle: OpaquePointer
    ) throws(SQLStoreError) -> String {
        clock &+= 1
        let key = types.isEmpty ? sql : sql + "\u{1}" + types.map(String.init).joined(separator: ",")
        if prepared[key] != nil {
            prepared[key]!.lastUse = clock
            return prepared[key]!.name
        }
        if prepared.count >= capacity, let oldest = prepared.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            prepared[oldest.key] = nil
            // A failed DEALLOCATE (say, inside an aborted transaction) only leaks a name until reconnect.
            try? simple("DEALLOCATE \(oldest.value.name)")
        }
        nextStatement += 1
        let name = "sqlstore_\(nextStatement)"
        let result = PQprepare(handle, name, statement.sql, Int32(types.count), types)
        defer { PQclear(result) }
        guard let result, PQresultStatus(result) == PGRES_COMMAND_OK else {
            throw PostgresResult.error(result, connection: handle, sql: sql)
        }
        prepared[key] = Prepared(name: name, lastUse: clock)
        return name
    }

    private func open() throws(SQLStoreError) -> OpaquePointer {
        guard let pg else { throw SQLStoreError(.closed, "connection is closed") }
        return pg
    }

    // MARK: SQLConnection

    @discardableResult
    func execute(_ sql: String, _ bindings: [SQLValue]) throws(SQLStoreError) -> Int {
        let result = try run(sql, bindings)
        defer { PQclear(result) }
        guard let text = PQcmdTuples(result), text.pointee != 0 else { return 0 }
        return Int(String(cString: text)) ?? 0
    }

    func query(_ sql: String, _ bindings: [SQLValue]) throws(SQLStoreError) -> [SQLRow] {
        let result = try run(sql, bindings)
        defer { PQclear(result) }
        let columnCount = PQnfields(result)
        let columns = SQLColumns((0..<columnCount).map { String(cString: PQfname(result, $0)) })
        let types = (0..<columnCount).map { PQftype(result, $0) }
        let rowCount = PQntuples(result)
        var rows: [SQLRow] = []
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            var values: [SQLValue] = []
            values.reserveCapacity(Int(columnCount))
            for column in 0..<columnCount {
                if PQgetisnull(result, row, column) != 0 {
                    values.append(.null)
                    continue
                }
                let length = Int(PQgetlength(result, row, column))
                let raw = UnsafeRawPointer(PQgetvalue(result, row, column)!)
                let bytes = UnsafeBufferPointer(start: raw.assumingMemoryBound(to: UInt8.self), count: length)
                values.append(PostgresTranslation.value(bytes, type: types[Int(column)]))
            }
            rows.append(SQLRow(columns: columns, values: values))
        }
        return rows
    }

    func executeScript(_ sql: String) throws(SQLStoreError) {
        try simple(try PostgresTranslation.script(sql))
    }

    // MARK: Transactions

    /// Runs `body` in a transaction: commit on return, rollback on throw.
    /// Writers take the writer lock first, so read-modify-write bodies need no retry loop (as on SQLite);
    /// readers get one REPEATABLE READ snapshot.
    func transaction<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let handle = try ensureConnected()
        switch role {
        case .writer: try simple("BEGIN; SELECT pg_advisory_xact_lock(\(writerLockKey))")
        case .reader: try simple("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        }
        let value: T
        do {
            value = try body(self)
        } catch {
            rollbackIfOpen(handle)
            throw error
        }
        switch PQtransactionStatus(handle) {
        case PQTRANS_INTRANS:
            break
        case PQTRANS_INERROR:
            rollbackIfOpen(handle)
            throw SQLStoreError(
                .transactionMisuse, "a statement failed inside the transaction and the body went on; rolled back")
        default:
            throw SQLStoreError(.transactionMisuse, "the body ended the transaction itself; do not run BEGIN/COMMIT/ROLLBACK")
        }
        guard let result = PQexec(handle, "COMMIT") else {
            throw PostgresResult.error(nil, connection: handle, sql: "COMMIT")
        }
        defer { PQclear(result) }
        // COMMIT of a transaction the server already aborted answers "ROLLBACK".
        let tag = PQcmdStatus(result).map { String(cString: $0) } ?? ""
        guard PQresultStatus(result) == PGRES_COMMAND_OK, tag == "COMMIT" else {
            rollbackIfOpen(handle)
            if PQresultStatus(result) != PGRES_COMMAND_OK {
                throw PostgresResult.error(result, connection: handle, sql: "COMMIT")
            }
            throw SQLStoreError(.engineFailure, "COMMIT was refused by the server (\(tag))", sql: "COMMIT")
        }
        return value
    }

    /// One statement in autocommit mode (its own snapshot): no BEGIN/COMMIT round trips.
    func single<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let handle = try ensureConnected()
        defer { rollbackIfOpen(handle) }
        return try body(self)
    }

    private func rollbackIfOpen(_ handle: OpaquePointer) {
        let status = PQtransactionStatus(handle)
        guard status == PQTRANS_INTRANS || status == PQTRANS_INERROR else { return }
        do {
            try simple("ROLLBACK")
        } catch {
            storeLogger.error("rollback failed", ["error": error.message])
        }
    }
}
