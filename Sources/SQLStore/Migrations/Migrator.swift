import Foundation

/// Applies pending migrations in version order, each in its own write transaction, and records them
/// in `schema_migrations`. Safe to run at every start and from several processes at once: each step
/// re-reads the version inside its transaction and skips what another process already applied.
extension Database {
    /// Applies pending `migrations`; returns the versions it applied.
    @discardableResult
    public func migrate(_ migrations: [Migration]) async throws -> [Int] {
        let plan = try MigrationPlan(migrations)
        let current = try await write { connection in try plan.prepare(connection) }
        var applied: [Int] = []
        for migration in plan.pending(after: current) {
            if try await write({ connection in try plan.apply(migration, connection) }) {
                applied.append(migration.version)
            }
        }
        return applied
    }

    /// Blocking `migrate` for command-line tools and tests.
    @discardableResult
    public func migrateSync(_ migrations: [Migration]) throws -> [Int] {
        let plan = try MigrationPlan(migrations)
        let current = try writeSync { connection in try plan.prepare(connection) }
        var applied: [Int] = []
        for migration in plan.pending(after: current) where try writeSync({ try plan.apply(migration, $0) }) {
            applied.append(migration.version)
        }
        return applied
    }

    /// The highest applied migration version, 0 for a fresh database.
    public func schemaVersion() async throws -> Int {
        try await read { connection in try MigrationPlan.currentVersion(connection) }
    }
}

struct MigrationPlan: Sendable {
    let migrations: [Migration]

    init(_ migrations: [Migration]) throws(SQLStoreError) {
        let sorted = migrations.sorted { $0.version < $1.version }
        for (index, migration) in sorted.enumerated() {
            guard migration.version > 0 else {
                throw SQLStoreError(
                    .migrationFailed, "migration '\(migration.name)' has version \(migration.version); versions start at 1")
            }
            if index > 0, sorted[index - 1].version == migration.version {
                throw SQLStoreError(.migrationFailed, "two migrations have version \(migration.version)")
            }
        }
        self.migrations = sorted
    }

    var latestKnown: Int { migrations.last?.version ?? 0 }

    /// Creates the bookkeeping table and checks the database against the known migrations.
    func prepare(_ connection: any SQLConnection) throws -> Int {
        try connection.executeScript(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version BIGINT PRIMARY KEY,
                name TEXT NOT NULL,
                applied_at BIGINT NOT NULL
            );
            """)
        let applied = Set(
            try connection.query("SELECT version FROM schema_migrations").map { try $0.decode(Int.self, "version") })
        let current = applied.max() ?? 0
        guard current <= latestKnown else {
            throw SQLStoreError(
                .schemaTooNew,
                "database schema is at version \(current) but this build knows migrations up to \(latestKnown); "
                    + "run a newer build or restore a matching backup")
        }
        if let skipped = migrations.first(where: { $0.version < current && !applied.contains($0.version) }) {
            throw SQLStoreError(
                .migrationFailed,
                "migration \(skipped.version) '\(skipped.name)' was never applied but the database is at version \(current)")
        }
        return current
    }

    func pending(after version: Int) -> [Migration] {
        migrations.filter { $0.version > version }
    }

    /// Applies one migration unless another process got there first. Returns whether it ran.
    func apply(_ migration: Migration, _ connection: any SQLConnection) throws -> Bool {
        guard try Self.currentVersion(connection) < migration.version else { return false }
        let started = ContinuousClock.now
        do {
            try migration.apply(connection)
        } catch let error as SQLStoreError {
            throw SQLStoreError(
                .migrationFailed, "migration \(migration.version) '\(migration.name)' failed: \(error.message)",
                engineCode: error.engineCode, sql: error.sql)
        } catch {
            throw SQLStoreError(.migrationFailed, "migration \(migration.version) '\(migration.name)' failed: \(error)")
        }
        try connection.execute(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
            migration.version, migration.name, Date())
        storeLogger.info(
            "migration applied",
            [
                "version": String(migration.version), "name": migration.name,
                "elapsed_ms": String(format: "%.1f", (ContinuousClock.now - started) / .milliseconds(1)),
            ])
        return true
    }

    static func currentVersion(_ connection: any SQLConnection) throws -> Int {
        try connection.scalar(Int.self, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations") ?? 0
    }
}
