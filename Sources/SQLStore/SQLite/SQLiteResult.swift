import CSQLite

/// Maps SQLite result codes to `SQLStoreError` codes, so nothing above this module sees SQLite numbers.
enum SQLiteResult {
    // Extended result codes (sqlite3.h builds them with macros Swift does not import).
    static let constraintCheck: Int32 = 275
    static let constraintForeignKey: Int32 = 787
    static let constraintNotNull: Int32 = 1299
    static let constraintPrimaryKey: Int32 = 1555
    static let constraintUnique: Int32 = 2067
    static let constraintRowID: Int32 = 2579

    static func error(_ result: Int32, message: String, sql: String?) -> SQLStoreError {
        SQLStoreError(code(for: result), message, engineCode: result, sql: sql)
    }

    /// The error for `result` with the connection's current message.
    static func error(_ result: Int32, db: OpaquePointer?, sql: String?) -> SQLStoreError {
        let message =
            db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(result))
        return error(result, message: message, sql: sql)
    }

    static func code(for result: Int32) -> SQLStoreError.Code {
        switch result {
        case constraintUnique, constraintPrimaryKey, constraintRowID: return .uniqueViolation
        case constraintForeignKey: return .foreignKeyViolation
        case constraintNotNull: return .notNullViolation
        case constraintCheck: return .checkViolation
        default: break
        }
        switch result & 0xFF {
        case SQLITE_CONSTRAINT: return .constraintViolation
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        // READONLY at statement time means a write inside `read` (reader connections are query_only).
        case SQLITE_ERROR, SQLITE_RANGE, SQLITE_MISMATCH, SQLITE_TOOBIG, SQLITE_READONLY: return .invalidStatement
        default: return .engineFailure
        }
    }
}
