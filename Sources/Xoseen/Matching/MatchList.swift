import Foundation
import SQLStore

/// A user's matches, newest first, for the client's "Matches" screen. A pair blocked either
/// way is left out: a block hides both users from each other everywhere.
extension MatchingStore {
    public struct MatchEntry: Sendable, Equatable {
        public var otherUserId: String
        public var matchedAt: Date
    }

    /// At most `limit` matches of `userId`, newest first.
    public func matches(of userId: String, limit: Int = 200) async throws -> [MatchEntry] {
        try await database.read { connection in
            try connection.query(
                """
                SELECT CASE WHEN m.user_a = $1 THEN m.user_b ELSE m.user_a END AS other, m.matched_at
                FROM matches m
                WHERE (m.user_a = $1 OR m.user_b = $1)
                  AND NOT EXISTS (SELECT 1 FROM blocks b
                                  WHERE (b.blocker_id = m.user_a AND b.blocked_id = m.user_b)
                                     OR (b.blocker_id = m.user_b AND b.blocked_id = m.user_a))
                ORDER BY m.matched_at DESC LIMIT $2
                """, userId, limit
            ).map { row in
                MatchEntry(otherUserId: try row.decode(String.self, "other"), matchedAt: try row.decode(Date.self, "matched_at"))
            }
        }
    }
}
