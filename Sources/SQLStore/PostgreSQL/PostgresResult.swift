import CLibPQ

/// Maps PostgreSQL SQLSTATEs to `SQLStoreError` codes, so nothing above this module sees them.
enum PostgresResult {
    static func code(forSQLState state: String) -> SQLStoreError.Code {
        switch state {
        case "23505": return .uniqueViolation
        case "23503": return .foreignKeyViolation
        case "23502": return .notNullViolation
        case "23514": return .checkViolation
        // Lock waits past `lock_timeout`, deadlocks, serialization failures: SQLite's BUSY.
        case "55P03", "40P01", "40001", "57014": return .busy
        // A bind message with the wrong number of values.
        case "08P01": return .bindingMismatch
        default: break
        }
        switch state.prefix(2) {
        case "23": return .constraintViolation
        // Syntax and names (42), data (22), a write inside a read-only transaction (25006) or an aborted one.
        case "42", "22", "25", "0A", "26", "34": return .invalidStatement
        default: return .engineFailure
        }
    }

    /// The error a failed result (or a lost connection, when `result` is nil) stands for.
    static func error(_ result: OpaquePointer?, connection: OpaquePointer?, sql: String?) -> SQLStoreError {
        let message: String
        if let result, let text = PQresultErrorMessage(result), text.pointee != 0 {
            message = String(cString: text)
        } else if let connection, let text = PQerrorMessage(connection) {
            message = String(cString: text)
        } else {
            message = "PostgreSQL request failed"
        }
        let trimmed = message.trimmingCharacters(in: [" ", "\n"])
        guard let result, let field = clibpq_sqlstate(result) else {
            return SQLStoreError(.engineFailure, trimmed, sql: sql)
        }
        let state = String(cString: field)
        return SQLStoreError(code(forSQLState: state), "\(trimmed) [SQLSTATE \(state)]", sql: sql)
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
