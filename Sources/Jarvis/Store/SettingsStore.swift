import Foundation
import SQLStore

/// One-time facts about this installation ("the default feed list was loaded").
public struct SettingsStore: Sendable {
    public let database: any Database

    public init(database: any Database) { self.database = database }

    public func value(_ name: String) async throws -> String? {
        try await database.read { connection in
            try connection.scalar(String.self, "SELECT value FROM settings WHERE name = $1", name)
        }
    }

    public func set(_ name: String, _ value: String) async throws {
        try await database.write { connection in
            try connection.execute(
                """
                INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value
                """, name, value)
        }
    }
}
