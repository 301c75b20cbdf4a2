import Foundation

/// Where the data lives: `sqlite:///abs/path.db`, `sqlite://relative/path.db`, a plain path,
/// or `postgres://…` (reserved for the PostgreSQL backend, not in this build).
public enum DatabaseURL: Sendable, Equatable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(String)

    public init(parsing text: String) throws(SQLStoreError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw SQLStoreError(.invalidURL, "empty database URL") }
        if trimmed.hasPrefix("postgres://") || trimmed.hasPrefix("postgresql://") {
            self = .postgres(trimmed)
        } else if trimmed.hasPrefix("sqlite://") {
            let path = String(trimmed.dropFirst("sqlite://".count))
            guard !path.isEmpty else { throw SQLStoreError(.invalidURL, "sqlite URL without a path: \(text)") }
            self = .sqlite(path: path)
        } else if trimmed.hasPrefix("sqlite:") {
            self = .sqlite(path: String(trimmed.dropFirst("sqlite:".count)))
        } else if let colon = trimmed.firstIndex(of: ":"), trimmed[colon...].hasPrefix("://") {
            let scheme = trimmed[..<colon]
            throw SQLStoreError(.invalidURL, "unknown database URL scheme '\(scheme)'; use sqlite:// or postgres://")
        } else {
            self = .sqlite(path: trimmed)
        }
    }

    /// `./data/<name>.sqlite`, the embedded default.
    public static func defaultSQLite(name: String) -> DatabaseURL {
        .sqlite(path: "./data/\(name).sqlite")
    }

    /// Never prints a PostgreSQL password.
    public var description: String {
        switch self {
        case .sqlite(let path):
            return "sqlite://\(path)"
        case .postgres(let url):
            guard var components = URLComponents(string: url) else { return "postgres://…" }
            if components.password != nil { components.password = "***" }
            return components.string ?? "postgres://…"
        }
    }
}

/// How to open a `Database`. Products build one from the environment and call `open(migrations:)`.
public struct DatabaseConfiguration: Sendable {
    public var url: DatabaseURL
    /// Reader connections for SQLite (writes always use one writer connection).
    public var readerCount: Int
    /// How long a statement waits for a lock held by another process before failing with `.busy`.
    public var busyTimeout: Duration
    /// Prepared statements kept per connection.
    public var statementCacheCapacity: Int

    public init(url: DatabaseURL, readerCount: Int = 4, busyTimeout: Duration = .seconds(5), statementCacheCapacity: Int = 64) {
        self.url = url
        self.readerCount = readerCount
        self.busyTimeout = busyTimeout
        self.statementCacheCapacity = statementCacheCapacity
    }

    /// `DATABASE_URL` when set, otherwise `./data/<name>.sqlite`.
    public static func fromEnvironment(
        name: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SQLStoreError) -> DatabaseConfiguration {
        if let text = environment["DATABASE_URL"], !text.isEmpty {
            return DatabaseConfiguration(url: try DatabaseURL(parsing: text))
        }
        return DatabaseConfiguration(url: .defaultSQLite(name: name))
    }

    /// Opens the database for `url` and applies pending `migrations`.
    /// Throws `.backendUnavailable` for `postgres://` in this build and `.schemaTooNew` when the
    /// database was migrated by a newer build.
    public func open(migrations: [Migration] = []) async throws -> any Database {
        let database = try connect()
        do {
            try await database.migrate(migrations)
        } catch {
            await database.close()
            throw error
        }
        return database
    }

    /// Blocking `open` for command-line tools and tests.
    public func openSync(migrations: [Migration] = []) throws -> any Database {
        let database = try connect()
        do {
            try database.migrateSync(migrations)
        } catch {
            database.closeSync()
            throw error
        }
        return database
    }

    private func connect() throws(SQLStoreError) -> SQLiteDatabase {
        switch url {
        case .sqlite:
            return try SQLiteDatabase(configuration: self)
        case .postgres:
            throw SQLStoreError(
                .backendUnavailable, "PostgreSQL is not available in this build (\(url)); use a sqlite:// URL")
        }
    }
}
