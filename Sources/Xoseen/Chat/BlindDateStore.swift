import Foundation
import SQLStore
import Synchronization

/// Blind pairings (`POST /web/blind/next`) and the mutual reveal.
///
/// **Aliases.** Each member of a pairing gets an opaque, random alias (`bd_` + 128 random bits),
/// the only id the other member sees until both have consented: it is the `candidateId` of the
/// blind card and of the reveal, the `from` of that member's chat frames, and the room id is
/// `blind:<alias>:<alias>` (sorted, like every room). A real user id appears in none of it, so
/// nothing the API shows elsewhere (feeds, the viewer picker, photos) can be joined to the
/// partner by id. A mutual reveal hands over the name, photo and real id.
///
/// **Hidden members.** While a pairing is unrevealed, both members are kept out of everyone's
/// named feed (``hiddenMembers``): the blind card shows area, age and shared interests, and the
/// same person's named card in any feed the partner can read — their own or another account's —
/// would link the two. The set is kept in memory (loaded at start, updated after each commit);
/// another process's pairings appear here at its next restart.
///
/// The mutual reveal is stored as a strong positive learning event for both directions.
public final class BlindDateStore: Sendable {
    public let database: any Database
    private let hidden = Mutex<[String: Int]>([:])

    public init(database: any Database) { self.database = database }

    public struct Pairing: Sendable, Equatable {
        /// The smaller real user id, and the larger.
        public var userA: String
        public var userB: String
        /// Each member's alias in this pairing.
        public var aliasA: String
        public var aliasB: String
        public var score: Double
        public var revealedByA: Bool
        public var revealedByB: Bool
        public var isRevealed: Bool { revealedByA && revealedByB }

        public func contains(_ userId: String) -> Bool { userId == userA || userId == userB }
        public func hasConsented(_ userId: String) -> Bool { userId == userA ? revealedByA : revealedByB }
        /// The member's own alias.
        public func alias(of userId: String) -> String { userId == userA ? aliasA : aliasB }
        /// The other member's real id and alias.
        public func partner(of userId: String) -> (userId: String, alias: String) {
            userId == userA ? (userB, aliasB) : (userA, aliasA)
        }
        /// The member a room alias stands for.
        public func member(withAlias alias: String) -> String? { alias == aliasA ? userA : alias == aliasB ? userB : nil }
        /// `blind:<alias>:<alias>`, sorted.
        public var room: ChatRoom { ChatRoom(kind: .blind, between: aliasA, and: aliasB) }
    }

    static func newAlias() -> String { "bd_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "") }

    static let columns = "user_a, user_b, alias_a, alias_b, score, a_revealed_at, b_revealed_at"

    static func pairing(from row: SQLRow) throws -> Pairing {
        Pairing(
            userA: try row.decode(String.self, "user_a"), userB: try row.decode(String.self, "user_b"),
            aliasA: try row.decode(String?.self, "alias_a") ?? "", aliasB: try row.decode(String?.self, "alias_b") ?? "",
            score: try row.decode(Double.self, "score"),
            revealedByA: try row.decode(Date?.self, "a_revealed_at") != nil,
            revealedByB: try row.decode(Date?.self, "b_revealed_at") != nil)
    }

    /// Gives aliases to pairings stored before aliases existed (renaming their chat history to the
    /// alias room and aliases), then loads the hidden members. Run once at start.
    public func prepare() async throws {
        try await database.write { connection in
            for row in try connection.query("SELECT user_a, user_b FROM blind_pairings WHERE alias_a IS NULL OR alias_b IS NULL")
            {
                let a = try row.decode(String.self, "user_a")
                let b = try row.decode(String.self, "user_b")
                let aliasA = Self.newAlias()
                let aliasB = Self.newAlias()
                try connection.execute(
                    "UPDATE blind_pairings SET alias_a = $3, alias_b = $4 WHERE user_a = $1 AND user_b = $2",
                    a, b, aliasA, aliasB)
                let old = ChatRoom(kind: .blind, between: a, and: b).description
                let new = ChatRoom(kind: .blind, between: aliasA, and: aliasB).description
                try connection.execute(
                    """
                    UPDATE chat_messages SET room = $2,
                        sender_id = CASE WHEN sender_id = $3 THEN $4 WHEN sender_id = $5 THEN $6 ELSE sender_id END
                    WHERE room = $1
                    """, old, new, a, aliasA, b, aliasB)
                try connection.execute("UPDATE safety_flags SET room = $2 WHERE room = $1", old, new)
            }
        }
        let members = try await database.read { connection in
            try connection.query(
                """
                SELECT user_a, user_b FROM blind_pairings WHERE a_revealed_at IS NULL OR b_revealed_at IS NULL
                """
            ).flatMap { [try $0.decode(String.self, "user_a"), try $0.decode(String.self, "user_b")] }
        }
        hidden.withLock { counts in
            counts = [:]
            for member in members { counts[member, default: 0] += 1 }
        }
    }

    /// Everyone in an unrevealed pairing: kept out of every named feed.
    public var hiddenMembers: Set<String> { hidden.withLock { Set($0.keys) } }

    private func adjustHidden(_ users: [String], by delta: Int) {
        hidden.withLock { counts in
            for user in users {
                let value = (counts[user] ?? 0) + delta
                counts[user] = value > 0 ? value : nil
            }
        }
    }

    /// Records a pairing (idempotent: a pair is paired once) and returns it, aliases included.
    @discardableResult
    public func pair(_ x: String, _ y: String, score: Double, at now: Date) async throws -> Pairing {
        let (a, b) = x < y ? (x, y) : (y, x)
        let (pairing, inserted) = try await database.write { connection -> (Pairing, Bool) in
            let inserted =
                try connection.execute(
                    """
                    INSERT INTO blind_pairings (user_a, user_b, paired_at, score, alias_a, alias_b) VALUES ($1, $2, $3, $4, $5, $6)
                    ON CONFLICT (user_a, user_b) DO NOTHING
                    """, a, b, now, score, Self.newAlias(), Self.newAlias()) == 1
            guard
                let row = try connection.queryFirst(
                    "SELECT \(Self.columns) FROM blind_pairings WHERE user_a = $1 AND user_b = $2", a, b)
            else {
                throw SQLStoreError(.constraintViolation, "blind pairing vanished")
            }
            return (try Self.pairing(from: row), inserted)
        }
        if inserted { adjustHidden([a, b], by: 1) }
        return pairing
    }

    /// The pairing of two real users, if any.
    public func pairing(_ x: String, _ y: String) async throws -> Pairing? {
        let (a, b) = x < y ? (x, y) : (y, x)
        return try await database.read { connection in
            try connection.queryFirst("SELECT \(Self.columns) FROM blind_pairings WHERE user_a = $1 AND user_b = $2", a, b)
                .map(Self.pairing(from:))
        }
    }

    /// The pairing whose members carry these two aliases (a `blind:` room), if any.
    public func pairing(room: ChatRoom) async throws -> Pairing? {
        guard room.kind == .blind else { return nil }
        return try await database.read { connection in
            try connection.queryFirst(
                """
                SELECT \(Self.columns) FROM blind_pairings WHERE (alias_a = $1 AND alias_b = $2) OR (alias_a = $2 AND alias_b = $1)
                """, room.userA, room.userB
            ).map(Self.pairing(from:))
        }
    }

    /// `userId`'s pairing with the member aliased `partnerAlias`, if any (nobody else's).
    public func pairing(of userId: String, withPartnerAlias partnerAlias: String) async throws -> Pairing? {
        try await database.read { connection in
            try connection.queryFirst(
                """
                SELECT \(Self.columns) FROM blind_pairings WHERE (user_a = $1 AND alias_b = $2) OR (user_b = $1 AND alias_a = $2)
                """, userId, partnerAlias
            ).map(Self.pairing(from:))
        }
    }

    /// Every pairing the user is in, oldest first.
    public func pairings(of userId: String) async throws -> [Pairing] {
        try await database.read { connection in
            try connection.query(
                """
                SELECT \(Self.columns) FROM blind_pairings WHERE user_a = $1 OR user_b = $1 ORDER BY paired_at, user_a, user_b
                """, userId
            ).map(Self.pairing(from:))
        }
    }

    /// Everyone the user has been blind-paired with, revealed or not.
    public func partners(of userId: String) async throws -> (all: Set<String>, unrevealed: Set<String>) {
        var all: Set<String> = []
        var unrevealed: Set<String> = []
        for pairing in try await pairings(of: userId) {
            let other = pairing.partner(of: userId).userId
            all.insert(other)
            if !pairing.isRevealed { unrevealed.insert(other) }
        }
        return (all, unrevealed)
    }

    /// Records `viewer`'s consent to reveal to the member aliased `partnerAlias` (idempotent) and
    /// returns the pairing after it, or nil when the viewer has no such pairing. The transition to
    /// mutual appends a `blind_reveal` to the ``EventLog`` in each direction.
    public func reveal(viewer: String, partnerAlias: String, at now: Date) async throws -> Pairing? {
        let result = try await database.write { connection -> (Pairing, Bool)? in
            guard
                let row = try connection.queryFirst(
                    """
                    SELECT \(Self.columns) FROM blind_pairings WHERE (user_a = $1 AND alias_b = $2) OR (user_b = $1 AND alias_a = $2)
                    """, viewer, partnerAlias)
            else { return nil }
            var pairing = try Self.pairing(from: row)
            let wasMutual = pairing.isRevealed
            let column = viewer == pairing.userA ? "a_revealed_at" : "b_revealed_at"
            try connection.execute(
                "UPDATE blind_pairings SET \(column) = COALESCE(\(column), $3) WHERE user_a = $1 AND user_b = $2",
                pairing.userA, pairing.userB, now)
            if viewer == pairing.userA { pairing.revealedByA = true } else { pairing.revealedByB = true }
            let becameMutual = !wasMutual && pairing.isRevealed
            if becameMutual {
                for (from, to) in [(pairing.userA, pairing.userB), (pairing.userB, pairing.userA)] {
                    try EventLog.append(
                        EventLog.Entry(viewer: from, candidate: to, action: .blindReveal, at: now, ranker: "blind"),
                        on: connection)
                }
            }
            return (pairing, becameMutual)
        }
        guard let (pairing, becameMutual) = result else { return nil }
        if becameMutual { adjustHidden([pairing.userA, pairing.userB], by: -1) }
        return pairing
    }
}
