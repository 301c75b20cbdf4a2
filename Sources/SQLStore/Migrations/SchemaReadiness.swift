/// What a readiness probe asks of the store (see `ReadinessChecks` in the HTTP core).
extension Database {
    /// Throws unless the database answers a query.
    public func checkReachable() async throws {
        _ = try await read { connection in try connection.scalar(Int.self, "SELECT 1") }
    }

    /// Throws unless every one of `migrations` is applied (a server started against an older schema,
    /// or a restore of an older copy, is not ready until it has migrated).
    public func checkMigrated(_ migrations: [Migration]) async throws {
        let latest = migrations.map(\.version).max() ?? 0
        let current = try await schemaVersion()
        guard current >= latest else { throw SchemaBehind(current: current, latest: latest) }
    }
}

public struct SchemaBehind: Error, CustomStringConvertible {
    public let current: Int
    public let latest: Int
    public var description: String { "schema at version \(current), this build needs \(latest)" }
}
