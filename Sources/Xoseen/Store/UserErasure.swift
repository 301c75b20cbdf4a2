import Foundation
import SQLStore

/// Everything stored about one user, deleted in one transaction: what `xoseen delete-user ID` and
/// `DELETE /web/me` do. The list of tables is the rule — a new table holding user data must be
/// added here, and `UserDeletionTests` reads every table afterwards to catch one that was not.
///
/// Deleted: the profile (`users`), likes and passes both ways (`decisions`), interaction events and
/// shadow scores both ways, matches, blocks and reports both ways, feed cursor chains, the
/// verification decision, its secrets (date of birth, selfie descriptor), audit trail and claim,
/// blind pairings, and every chat message and safety flag of the user's match and blind rooms
/// (the other member's lines in those rooms too: a conversation with a deleted account is gone).
/// Kept: the user's row in `token_versions`, bumped, so every token issued before stays refused
/// (it holds the id and a counter, nothing else). Uploaded images are never stored (spooled
/// files are deleted when their request ends), so there are none to delete.
public enum UserErasure {
    /// Rows deleted, per table.
    public static func erase(_ userId: String, in database: any Database) async throws -> [String: Int] {
        try await database.write { c in
            var deleted: [String: Int] = [:]
            // Blind rooms are named by aliases: find them before the pairings go.
            let blindRooms = try c.query(
                """
                SELECT alias_a, alias_b FROM blind_pairings WHERE user_a = $1 OR user_b = $1
                """, userId
            ).compactMap { row -> String? in
                guard let a = try row.decode(String?.self, "alias_a"), let b = try row.decode(String?.self, "alias_b") else {
                    return nil
                }
                return ChatRoom(kind: .blind, between: a, and: b).description
            }
            // Match rooms: match:<a>:<b> with the user as either member (ids may hold LIKE's `_`: escaped).
            let member = ":" + Self.escapeLike(userId)
            for table in ["chat_messages", "safety_flags"] {
                var count = try c.execute(
                    """
                    DELETE FROM \(table) WHERE room LIKE 'match:%' AND (room LIKE $1 ESCAPE '\\' OR room LIKE $2 ESCAPE '\\')
                    """, "%" + member, "%" + member + ":%")
                for room in blindRooms { count += try c.execute("DELETE FROM \(table) WHERE room = $1", room) }
                if table == "safety_flags" { count += try c.execute("DELETE FROM safety_flags WHERE sender_id = $1", userId) }
                deleted[table] = count
            }
            let statements: [(String, String)] = [
                ("users", "DELETE FROM users WHERE id = $1"),
                ("decisions", "DELETE FROM decisions WHERE viewer_id = $1 OR candidate_id = $1"),
                ("user_events", "DELETE FROM user_events WHERE viewer_id = $1 OR candidate_id = $1"),
                ("shadow_scores", "DELETE FROM shadow_scores WHERE viewer_id = $1 OR candidate_id = $1"),
                ("matches", "DELETE FROM matches WHERE user_a = $1 OR user_b = $1"),
                ("blocks", "DELETE FROM blocks WHERE blocker_id = $1 OR blocked_id = $1"),
                ("reports", "DELETE FROM reports WHERE reporter_id = $1 OR reported_id = $1"),
                ("rank_chains", "DELETE FROM rank_chains WHERE viewer_id = $1"),
                ("verifications", "DELETE FROM verifications WHERE user_id = $1"),
                ("verification_secrets", "DELETE FROM verification_secrets WHERE user_id = $1"),
                ("verification_audit", "DELETE FROM verification_audit WHERE user_id = $1"),
                ("verification_claims", "DELETE FROM verification_claims WHERE user_id = $1"),
                ("blind_pairings", "DELETE FROM blind_pairings WHERE user_a = $1 OR user_b = $1"),
            ]
            for (table, sql) in statements { deleted[table] = try c.execute(sql, userId) }
            return deleted
        }
    }

    static func escapeLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// Retention: verification secrets (date of birth, selfie descriptor, selfie hash) are kept until
    /// the end of the decision's re-verify-by day and no longer; this deletes every expired one.
    @discardableResult
    public static func purgeExpiredSecrets(in database: any Database, now: Date) async throws -> Int {
        try await database.write { c in try c.execute("DELETE FROM verification_secrets WHERE expires_at < $1", now) }
    }
}
