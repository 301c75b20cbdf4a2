import Foundation

/// Where the data lives: `sqlite:///abs/path.db`, `sqlite://relative/path.db`, a plain path,
/// or `postgres://USER[:PASS]@HOST:PORT/DB` (also `postgresql://`; libpq URI parameters allowed).
public enum DatabaseURL: Sendable, Equatable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(String)

    public init(parsing text: String) throws(SQLStoreError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw SQLStoreError(.invalidURL, "empty database URL") }
        if trimmed.hasPrefix("postgres://") || trimmed.hasPrefix("postgresql://") {
            guard let components = URLComponents(string: trimmed), let host = components.host, !host.isEmpty,
                components.path.count > 1
            else {
                throw SQLStoreError(
                    .invalidURL,
                    "PostgreSQL URL needs a host and a database: postgres://USER[:PASS]@HOST:PORT/DB (got \(Self.redacted(trimmed)))"
                )
            }
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
            return Self.redacted(url)
        }
    }

    private static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return "postgres://…" }
        if components.password != nil { components.password = "***" }
        return components.string ?? "postgres://…"
    }
}

/// How to open a `Database`. Products build one from the environment and call `open(migrations:)`.
public struct DatabaseConfiguration: Sendable {
    public var url: DatabaseURL
    /// Reader connections (writes always use one writer connection per process).
    public var readerCount: Int
    /// How long a statement waits for a lock held by another process before failing with `.busy`
    /// (SQLite's busy timeout; PostgreSQL's `lock_timeout`).
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

    /// The store a product server opens: `databaseURL` (the server's `DATABASE_URL`) when set — a
    /// `postgres://` URL selects PostgreSQL, any unknown scheme is a start-up error — otherwise the embedded
    /// SQLite file `<dataDirectory>/<name>.sqlite`. The data directory (0700) and an SQLite file (0600)
    /// are made private before the engine creates anything.
    public static func forProduct(name: String, dataDirectory: String, databaseURL: String?) throws -> DatabaseConfiguration {
        try PrivateFiles.prepareDirectory(dataDirectory)
        let url: DatabaseURL
        if let text = databaseURL, !text.trimmingCharacters(in: .whitespaces).isEmpty {
            url = try DatabaseURL(parsing: text)
        } else {
            url = .sqlite(path: dataDirectory + "/\(name).sqlite")
        }
        if case .sqlite(let path) = url { try PrivateFiles.prepareDatabaseFile(path) }
        return DatabaseConfiguration(url: url)
    }

    /// Opens the database for `url` and applies pending `migrations`.
    /// Throws `.engineFailure` when the server cannot be reached and `.schemaTooNew` when the
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

    private func connect() throws(SQLStoreError) -> any Database {
        switch url {
        case .sqlite:
            return try SQLiteDatabase(configuration: self)
        case .postgres:
            return try PostgresDatabase(configuration: self)
        }
    }
}
