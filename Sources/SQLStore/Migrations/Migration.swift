/// One schema step. Versions are positive, unique and only ever added; a shipped migration is never edited.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    let apply: @Sendable (any SQLConnection) throws -> Void

    /// A migration given as a SQL script (several `;`-separated statements, no bindings).
    /// Write portable DDL; `PRAGMA` and other statements that cannot run inside a transaction do not belong here.
    public init(version: Int, name: String, sql: String) {
        self.init(version: version, name: name) { connection in try connection.executeScript(sql) }
    }

    /// A migration given as code, for data backfills that need queries.
    public init(version: Int, name: String, _ apply: @escaping @Sendable (any SQLConnection) throws -> Void) {
        self.version = version
        self.name = name
        self.apply = apply
    }
}
