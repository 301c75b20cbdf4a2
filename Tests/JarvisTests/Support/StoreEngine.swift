import ClusterTesting
import Foundation
import Jarvis
import SQLStore

/// The two storage engines, for store tests that must hold on both.
enum StoreEngine: String, CaseIterable, Sendable {
    case sqlite, postgres

    /// A fresh, migrated Jarvis store on this engine (SQLite in a temporary directory, PostgreSQL in a new
    /// database of the throwaway server), closed and removed once `body` returns.
    func withDatabase(_ body: (any Database) async throws -> Void) async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let url: DatabaseURL =
            switch self {
            case .sqlite: .sqlite(path: directory + "/j.sqlite")
            case .postgres: .postgres(try ThrowawayPostgres.start().freshURL())
            }
        let database = try await DatabaseConfiguration(url: url).open(migrations: JarvisSchema.migrations)
        do {
            try await body(database)
        } catch {
            await database.close()
            throw error
        }
        await database.close()
    }
}
