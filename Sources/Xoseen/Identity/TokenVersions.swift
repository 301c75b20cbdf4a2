import Foundation
import SQLStore
import Synchronization

/// Per-user token versions: revocation without a token list. Every token is signed over its
/// subject's current version (``TokenSigner/issue(for:version:)``); bumping the version (log out
/// everywhere, `xoseen revoke-tokens ID`) makes every token issued before it fail verification
/// with the seed's `invalid_token`. Users who never revoked have no row and version 0.
///
/// Verification runs on every authenticated request, so versions are read from memory. The
/// store is the source of truth: the cache is loaded at start and re-read by ``refresh()``
/// (the server does so every few seconds), so a bump made by another process or by the
/// operator command takes effect here within that period; a bump made here applies at once.
public final class TokenVersions: Sendable {
    public let database: any Database
    private let cache = Mutex<[String: Int]>([:])

    public init(database: any Database) { self.database = database }

    /// The user's current version (0 unless they revoked).
    public func version(of userId: String) -> Int { cache.withLock { $0[userId] ?? 0 } }

    /// Re-reads every stored version.
    public func refresh() async throws {
        let stored = try await database.read { connection in
            try connection.query("SELECT user_id, version FROM token_versions").reduce(into: [String: Int]()) { map, row in
                map[try row.decode(String.self, "user_id")] = try row.decode(Int.self, "version")
            }
        }
        cache.withLock { current in
            // Never step back: a bump that landed here after the read is kept.
            for (user, version) in stored where version > current[user] ?? 0 { current[user] = version }
        }
    }

    /// Revokes every token of `userId` issued so far; returns the new version.
    @discardableResult
    public func bump(_ userId: String, at now: Date) async throws -> Int {
        let version = try await database.write { connection in
            try connection.execute(
                """
                INSERT INTO token_versions (user_id, version, updated_at) VALUES ($1, 1, $2)
                ON CONFLICT (user_id) DO UPDATE SET version = token_versions.version + 1, updated_at = excluded.updated_at
                """, userId, now)
            return try connection.scalar(Int.self, "SELECT version FROM token_versions WHERE user_id = $1", userId) ?? 1
        }
        cache.withLock { current in current[userId] = max(current[userId] ?? 0, version) }
        return version
    }
}
