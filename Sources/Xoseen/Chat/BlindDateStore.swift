import Foundation
import SQLStore

/// Blind pairings (`POST /web/blind/next`) and the mutual reveal. A pairing admits the two
/// users to `blind:<a>:<b>`; names are revealed only once both have consented, and that moment
/// is stored as a strong positive learning event for both directions.
public struct BlindDateStore: Sendable {
    public let database: any Database

    public init(database: any Database) { self.database = database }

    public struct Pairing: Sendable, Equatable {
        public var userA: String
        public var userB: String
        public var score: Double
        public var revealedByA: Bool
        public var revealedByB: Bool
        public var isRevealed: Bool { revealedByA && revealedByB }

        public func hasConsented(_ userId: String) -> Bool { userId == userA ? revealedByA : revealedByB }
    }

    /// A training event to store when a reveal becomes mutual.
    public struct LearningEvent: Sendable {
        public var viewer: String
        public var candidate: String
        public var features: String
        public var scores: String

        public init(viewer: String, candidate: String, features: String, scores: String) {
            self.viewer = viewer
            self.candidate = candidate
            self.features = features
            self.scores = scores
        }
    }

    /// Records a pairing (idempotent: a pair is paired once).
    public func pair(_ x: String, _ y: String, score: Double, at now: Date) async throws {
        let room = ChatRoom(kind: .blind, between: x, and: y)
        try await database.write { connection in
            try connection.execute("""
                INSERT INTO blind_pairings (user_a, user_b, paired_at, score) VALUES ($1, $2, $3, $4)
                ON CONFLICT (user_a, user_b) DO NOTHING
                """, room.userA, room.userB, now, score)
        }
    }

    public func pairing(_ x: String, _ y: String) async throws -> Pairing? {
        let room = ChatRoom(kind: .blind, between: x, and: y)
        return try await database.read { connection in
            try connection.queryFirst("""
                SELECT score, a_revealed_at, b_revealed_at FROM blind_pairings WHERE user_a = $1 AND user_b = $2
                """, room.userA, room.userB).map { row in
                Pairing(userA: room.userA, userB: room.userB, score: try row.decode(Double.self, "score"),
                        revealedByA: try row.decode(Date?.self, "a_revealed_at") != nil,
                        revealedByB: try row.decode(Date?.self, "b_revealed_at") != nil)
            }
        }
    }

    /// Everyone the user has been blind-paired with, revealed or not.
    public func partners(of userId: String) async throws -> (all: Set<String>, unrevealed: Set<String>) {
        try await database.read { connection in
            var all: Set<String> = [], unrevealed: Set<String> = []
            for row in try connection.query("""
                SELECT user_a, user_b, a_revealed_at, b_revealed_at FROM blind_pairings WHERE user_a = $1 OR user_b = $1
                """, userId) {
                let a = try row.decode(String.self, "user_a"), b = try row.decode(String.self, "user_b")
                let other = a == userId ? b : a
                all.insert(other)
                if try row.decode(Date?.self, "a_revealed_at") == nil || row.decode(Date?.self, "b_revealed_at") == nil {
                    unrevealed.insert(other)
                }
            }
            return (all, unrevealed)
        }
    }

    /// Records `viewer`'s consent (idempotent) and returns the pairing after it, or nil when the
    /// two were never paired. The transition to mutual stores `events` in the training log.
    public func reveal(viewer: String, candidate: String, at now: Date, events: [LearningEvent]) async throws -> Pairing? {
        let room = ChatRoom(kind: .blind, between: viewer, and: candidate)
        let column = viewer == room.userA ? "a_revealed_at" : "b_revealed_at"
        return try await database.write { connection in
            guard let before = try connection.queryFirst("""
                SELECT a_revealed_at, b_revealed_at FROM blind_pairings WHERE user_a = $1 AND user_b = $2
                """, room.userA, room.userB) else { return nil }
            var revealedByA = try before.decode(Date?.self, "a_revealed_at") != nil
            var revealedByB = try before.decode(Date?.self, "b_revealed_at") != nil
            let wasMutual = revealedByA && revealedByB
            try connection.execute("UPDATE blind_pairings SET \(column) = COALESCE(\(column), $3) WHERE user_a = $1 AND user_b = $2",
                                   room.userA, room.userB, now)
            if viewer == room.userA { revealedByA = true } else { revealedByB = true }
            if !wasMutual && revealedByA && revealedByB {
                for event in events {
                    try connection.execute("""
                        INSERT INTO user_events (id, viewer_id, candidate_id, action, occurred_at, features, scores, ranker, is_test)
                        VALUES ($1, $2, $3, 'blind_reveal', $4, $5, $6, 'blind', 0)
                        """, "evt_" + UUID().uuidString.lowercased(), event.viewer, event.candidate, now, event.features, event.scores)
                }
            }
            let score = try connection.scalar(Double.self, "SELECT score FROM blind_pairings WHERE user_a = $1 AND user_b = $2",
                                              room.userA, room.userB) ?? 0
            return Pairing(userA: room.userA, userB: room.userB, score: score, revealedByA: revealedByA, revealedByB: revealedByB)
        }
    }
}
