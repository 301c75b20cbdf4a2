/// What product code uses to reach the store. Implemented by the SQLite backend today; a PostgreSQL
/// backend can conform later without product code changing.
///
/// Bodies run on the backend's own threads, never on Swift's cooperative pool, and get a connection
/// that is only valid inside the body (it is not `Sendable`, so it cannot escape).
public protocol Database: Sendable {
    var dialect: SQLDialect { get }

    /// Runs `body` in a read-only transaction (one consistent snapshot) on a reader connection.
    @discardableResult
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T

    /// Runs `body` in one write transaction: committed when it returns, rolled back when it throws.
    /// Writes are serialized; when this returns, the commit is durable.
    @discardableResult
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T

    /// One read-only statement on a reader connection, without a transaction around it: a statement
    /// is its own consistent snapshot, so this answers as `read` would, with two round trips fewer
    /// on PostgreSQL (no BEGIN, no COMMIT). For hot one-query reads.
    func readStatement(_ sql: String, _ bindings: [SQLValue]) async throws -> [SQLRow]

    /// Blocking `read` for command-line tools and tests. Must not be called from inside a body.
    @discardableResult
    func readSync<T>(_ body: (any SQLConnection) throws -> T) throws -> T

    /// Blocking `write` for command-line tools and tests. Must not be called from inside a body.
    @discardableResult
    func writeSync<T>(_ body: (any SQLConnection) throws -> T) throws -> T

    /// Waits for work in flight, then closes every connection. Later calls throw `.closed`.
    func close() async

    /// Blocking `close` for command-line tools and tests.
    func closeSync()
}

/// One connection, lent to a `read`/`write` body. Statements use `$1, $2, …` placeholders.
public protocol SQLConnection: AnyObject {
    var dialect: SQLDialect { get }

    /// Runs one statement and returns the number of rows it inserted, updated or deleted.
    @discardableResult
    func execute(_ sql: String, _ bindings: [SQLValue]) throws -> Int

    /// Runs one statement and returns all its rows.
    func query(_ sql: String, _ bindings: [SQLValue]) throws -> [SQLRow]

    /// Runs several `;`-separated statements without bindings (schema scripts, migrations).
    func executeScript(_ sql: String) throws
}

extension SQLConnection {
    @discardableResult
    public func execute(_ sql: String, _ bindings: any SQLValueConvertible...) throws -> Int {
        try execute(sql, bindings.map(\.sqlValue))
    }

    public func query(_ sql: String, _ bindings: any SQLValueConvertible...) throws -> [SQLRow] {
        try query(sql, bindings.map(\.sqlValue))
    }

    /// The first row, or nil when there is none.
    public func queryFirst(_ sql: String, _ bindings: [SQLValue]) throws -> SQLRow? {
        try query(sql, bindings).first
    }

    public func queryFirst(_ sql: String, _ bindings: any SQLValueConvertible...) throws -> SQLRow? {
        try query(sql, bindings.map(\.sqlValue)).first
    }

    /// All rows decoded as `T` (see `SQLRow.decode(as:)`).
    public func query<T: Decodable>(_ type: T.Type, _ sql: String, _ bindings: [SQLValue]) throws -> [T] {
        try query(sql, bindings).map { row throws(SQLStoreError) in try row.decode(as: T.self) }
    }

    public func query<T: Decodable>(_ type: T.Type, _ sql: String, _ bindings: any SQLValueConvertible...) throws -> [T] {
        try query(T.self, sql, bindings.map(\.sqlValue))
    }

    /// The first row decoded as `T`, or nil when there is none.
    public func queryFirst<T: Decodable>(_ type: T.Type, _ sql: String, _ bindings: [SQLValue]) throws -> T? {
        try query(sql, bindings).first?.decode(as: T.self)
    }

    public func queryFirst<T: Decodable>(_ type: T.Type, _ sql: String, _ bindings: any SQLValueConvertible...) throws -> T? {
        try queryFirst(T.self, sql, bindings.map(\.sqlValue))
    }

    /// The first column of the first row as `T` (for `SELECT count(*) …`), or nil when there is no row.
    public func scalar<T: SQLValueConvertible>(_ type: T.Type, _ sql: String, _ bindings: [SQLValue]) throws -> T? {
        guard let row = try query(sql, bindings).first else { return nil }
        return try row.decode(T.self, at: 0)
    }

    public func scalar<T: SQLValueConvertible>(_ type: T.Type, _ sql: String, _ bindings: any SQLValueConvertible...) throws -> T?
    {
        try scalar(T.self, sql, bindings.map(\.sqlValue))
    }
}

extension Database {
    public func readStatement(_ sql: String, _ bindings: [SQLValue]) async throws -> [SQLRow] {
        try await read { connection in try connection.query(sql, bindings) }
    }
}
