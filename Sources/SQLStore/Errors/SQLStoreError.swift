/// The one error type SQLStore throws. Product code branches on `code`, never on engine result codes.
///
/// `Code` is a struct with static members (not an enum) so adding a code later does not break
/// exhaustive switches in callers.
public struct SQLStoreError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A UNIQUE or PRIMARY KEY constraint failed (PostgreSQL 23505). Products usually map this to 409.
        public static let uniqueViolation = Code("unique_violation")
        /// A FOREIGN KEY constraint failed (PostgreSQL 23503).
        public static let foreignKeyViolation = Code("foreign_key_violation")
        /// A NOT NULL constraint failed (PostgreSQL 23502).
        public static let notNullViolation = Code("not_null_violation")
        /// A CHECK constraint failed (PostgreSQL 23514).
        public static let checkViolation = Code("check_violation")
        /// Any other constraint failure.
        public static let constraintViolation = Code("constraint_violation")
        /// The database stayed locked longer than the busy timeout.
        public static let busy = Code("busy")
        /// Malformed SQL, unknown table or column, or another statement the engine rejected.
        public static let invalidStatement = Code("invalid_statement")
        /// Placeholders and bindings disagree (count, or a placeholder style other than `$1…`).
        public static let bindingMismatch = Code("binding_mismatch")
        /// A row has no column with the requested name.
        public static let missingColumn = Code("missing_column")
        /// A column held NULL where a non-optional value was requested.
        public static let unexpectedNull = Code("unexpected_null")
        /// A column held a value of another type than the one requested.
        public static let typeMismatch = Code("type_mismatch")
        /// The database was written by a newer build: its schema version is higher than any known migration.
        public static let schemaTooNew = Code("schema_too_new")
        /// A migration failed (its transaction was rolled back) or the migration list is inconsistent.
        public static let migrationFailed = Code("migration_failed")
        /// The database URL could not be parsed.
        public static let invalidURL = Code("invalid_url")
        /// The URL names a backend this build does not include.
        public static let backendUnavailable = Code("backend_unavailable")
        /// The database has been closed.
        public static let closed = Code("closed")
        /// `readSync`/`writeSync`/`close` was called from inside a read or write body (it would deadlock).
        public static let reentrantCall = Code("reentrant_call")
        /// The body committed or rolled back the surrounding transaction itself.
        public static let transactionMisuse = Code("transaction_misuse")
        /// Opening the file, I/O, disk full, corruption, or another engine failure.
        public static let engineFailure = Code("engine_failure")
    }

    public let code: Code
    public let message: String
    /// The engine's own result code (SQLite extended result code), for logs only.
    public let engineCode: Int32?
    /// The statement that failed, when there was one.
    public let sql: String?

    public init(_ code: Code, _ message: String, engineCode: Int32? = nil, sql: String? = nil) {
        self.code = code
        self.message = message
        self.engineCode = engineCode
        self.sql = sql
    }

    public var isUniqueViolation: Bool { code == .uniqueViolation }

    /// True for every constraint failure (unique, foreign key, not null, check, other).
    public var isConstraintViolation: Bool {
        [.uniqueViolation, .foreignKeyViolation, .notNullViolation, .checkViolation, .constraintViolation]
            .contains(code)
    }

    public var description: String {
        var text = "SQLStoreError(\(code)): \(message)"
        if let engineCode { text += " [engine code \(engineCode)]" }
        if let sql { text += " in: \(sql)" }
        return text
    }
}
