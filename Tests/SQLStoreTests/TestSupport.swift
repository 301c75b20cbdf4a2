import ClusterTesting
import Foundation
import SQLStore
import Synchronization
import Testing

/// Every store test runs against both engines: embedded SQLite and a throwaway PostgreSQL server.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// A fresh, empty place for a store: a file in `directory`, or a new schema on the throwaway server.
    func freshURL(in directory: borrowing TemporaryDirectory, file: String = "test.sqlite") throws -> DatabaseURL {
        switch self {
        case .sqlite: return .sqlite(path: directory.file(file))
        case .postgres: return .postgres(try ThrowawayPostgres.start().freshURL())
        }
    }

    func configuration(in directory: borrowing TemporaryDirectory, readerCount: Int = 2, statementCacheCapacity: Int = 64)
        throws -> DatabaseConfiguration
    {
        DatabaseConfiguration(
            url: try freshURL(in: directory), readerCount: readerCount, statementCacheCapacity: statementCacheCapacity)
    }
}

/// A fresh directory per test; real SQLite files live in it and vanish afterwards.
struct TemporaryDirectory: ~Copyable {
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("sqlstore-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String = "test.sqlite") -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Opens a fresh database of `backend`, runs `body`, closes it, removes the files.
func withDatabase(
    _ backend: Backend,
    migrations: [Migration] = [],
    readerCount: Int = 4,
    _ body: (any Database) async throws -> Void
) async throws {
    let directory = try TemporaryDirectory()
    let database = try await backend.configuration(in: directory, readerCount: readerCount).open()
    do {
        try await database.migrate(migrations)
        try await body(database)
    } catch {
        await database.close()
        throw error
    }
    await database.close()
}

let itemsSchema = Migration(
    version: 1, name: "items",
    sql: """
        CREATE TABLE items (
            id BIGINT PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            quantity BIGINT NOT NULL DEFAULT 0
        );
        """)

struct TestFailure: Error, Equatable {}

/// Sendable flag the tests poll from async code while a body blocks on a dispatch thread.
final class Flag: Sendable {
    private let state = Mutex(false)
    func set() { state.withLock { $0 = true } }
    var isSet: Bool { state.withLock { $0 } }

    func wait(timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        while !isSet {
            guard ContinuousClock.now < deadline else { throw TestFailure() }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
