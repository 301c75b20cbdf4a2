import CSQLite

/// One prepared statement. Owns its handle; finalized on deinit.
///
/// Placeholders must be `$1, $2, …`. SQLite numbers parameters by first appearance, not by the digits
/// after `$`, so `WHERE b = $2 AND a = $1` would bind backwards if bound by position. `slots` records
/// which binding each SQLite parameter takes, read from the parameter's name.
final class Statement {
    let handle: OpaquePointer
    let sql: String
    /// `slots[i]` is the index in `bindings` for SQLite parameter `i + 1`.
    private let slots: [Int]
    /// The highest `$N`: how many bindings the statement needs.
    let parameterCount: Int

    init(db: OpaquePointer, sql: String, persistent: Bool) throws(SQLStoreError) {
        // `tail` points into the C string, so the whole check runs inside one withCString scope.
        let (result, prepared, extraStatement) = sql.withCString { text in
            var handle: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
            let result = sqlite3_prepare_v3(db, text, -1, flags, &handle, &tail)
            let extra = result == SQLITE_OK && tail.map { Self.hasStatement(db: db, in: $0) } == true
            return (result, handle, extra)
        }
        guard result == SQLITE_OK else { throw SQLiteResult.error(result, db: db, sql: sql) }
        guard let handle = prepared else { throw SQLStoreError(.invalidStatement, "empty statement", sql: sql) }
        if extraStatement {
            sqlite3_finalize(handle)
            throw SQLStoreError(
                .invalidStatement, "more than one statement; use executeScript for scripts", sql: sql)
        }
        self.handle = handle
        self.sql = sql
        var slots: [Int] = []
        var highest = 0
        for index in 0..<Int(sqlite3_bind_parameter_count(handle)) {
            let name = sqlite3_bind_parameter_name(handle, Int32(index + 1)).map { String(cString: $0) }
            guard let name, name.first == "$", let number = Int(name.dropFirst()), number >= 1 else {
                sqlite3_finalize(handle)
                throw SQLStoreError(
                    .bindingMismatch, "placeholder \(name ?? "?") is not portable; use $1, $2, …", sql: sql)
            }
            slots.append(number - 1)
            highest = max(highest, number)
        }
        self.slots = slots
        self.parameterCount = highest
    }

    deinit { sqlite3_finalize(handle) }

    /// True when the text after the first statement holds another statement (not just spaces, `;` or comments).
    private static func hasStatement(db: OpaquePointer, in tail: UnsafePointer<CChar>) -> Bool {
        var rest: OpaquePointer?
        var next: UnsafePointer<CChar>?
        let result = sqlite3_prepare_v2(db, tail, -1, &rest, &next)
        if let rest { sqlite3_finalize(rest) }
        return result != SQLITE_OK || rest != nil
    }

    var columnNames: [String] {
        (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    func bind(_ bindings: [SQLValue]) throws(SQLStoreError) {
        guard bindings.count == parameterCount else {
            throw SQLStoreError(
                .bindingMismatch, "statement takes \(parameterCount) bindings, got \(bindings.count)", sql: sql)
        }
        for (offset, slot) in slots.enumerated() {
            let index = Int32(offset + 1)
            let result: Int32
            switch bindings[slot] {
            case .null:
                result = sqlite3_bind_null(handle, index)
            case .integer(let value):
                result = sqlite3_bind_int64(handle, index, value)
            case .real(let value):
                result = sqlite3_bind_double(handle, index, value)
            case .text(var value):
                // Bound by byte count, so text may contain NUL. A nil base address would bind NULL, hence "".
                result = value.withUTF8 { bytes in
                    guard let base = bytes.baseAddress, !bytes.isEmpty else {
                        return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
                    }
                    return UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        sqlite3_bind_text64(handle, index, $0, UInt64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
                    }
                }
            case .blob(let bytes):
                result = bytes.withUnsafeBytes { raw in
                    guard let base = raw.baseAddress, !raw.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
                    return sqlite3_bind_blob64(handle, index, base, UInt64(raw.count), csqlite_transient())
                }
            }
            guard result == SQLITE_OK else {
                throw SQLiteResult.error(result, db: sqlite3_db_handle(handle), sql: sql)
            }
        }
    }

    /// Returns the next row's values, or nil when the statement is done.
    func step() throws(SQLStoreError) -> [SQLValue]? {
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW:
            return (0..<sqlite3_column_count(handle)).map(column)
        case SQLITE_DONE:
            return nil
        default:
            throw SQLiteResult.error(result, db: sqlite3_db_handle(handle), sql: sql)
        }
    }

    /// Ends the run so the statement holds no read snapshot, and drops bound values.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    private func column(_ index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            // Read the pointer before the length, as the SQLite docs require.
            guard let text = sqlite3_column_text(handle, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            guard let blob = sqlite3_column_blob(handle, index) else { return .blob([]) }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .blob(Array(UnsafeRawBufferPointer(start: blob, count: count)))
        default:
            return .null
        }
    }
}
