import Foundation
import SQLStore

/// Decisions, matches, blocks and reports. A first-time decision appends to the ``EventLog`` in
/// its transaction and counts in the in-memory ``CandidateIndex`` once that has committed (feed
/// cursor chains are ``FeedChains``). Decisions arriving together share one durable transaction
/// (``GroupCommit``): on PostgreSQL a commit waits for a WAL flush, and one flush per like capped
/// `/ml/feedback` at a few hundred writes per second.
public struct MatchingStore: Sendable {
    public let database: any Database
    public let index: CandidateIndex
    private let decisions: GroupCommit<Decision, Outcome>

    public init(database: any Database, index: CandidateIndex) {
        self.database = database
        self.index = index
        decisions = GroupCommit(database: database) { connection, batch in
            try batch.map { decision in try Self.record(decision, on: connection) }
        }
    }

    public enum Action: String, Sendable { case like, pass }

    public struct Outcome: Sendable, Equatable {
        public var firstTime: Bool
        public var matched: Bool
    }

    /// Everyone the viewer's feed must not show: who they already acted on, and who is blocked either
    /// way. From the index's cache when the viewer was seen lately (no round trip), else one
    /// statement, whose answer the cache keeps unless a decision or block for the viewer came in meanwhile.
    public func excluded(for viewerId: String) async throws -> Set<String> {
        let cache = index.exclusions
        if let ids = cache.lookup(viewerId) { return ids }
        let ticket = cache.ticket(for: viewerId)
        let rows = try await database.readStatement(
            """
            SELECT candidate_id AS other FROM decisions WHERE viewer_id = $1
            UNION ALL SELECT blocked_id AS other FROM blocks WHERE blocker_id = $1
            UNION ALL SELECT blocker_id AS other FROM blocks WHERE blocked_id = $1
            """, [viewerId.sqlValue])
        let ids = Set(try rows.map { try $0.decode(String.self, "other") })
        cache.store(ids, for: ticket)
        return ids
    }

    /// Who the viewer already acted on, and who is blocked either way, read from the store.
    public func exclusions(for viewerId: String) async throws -> (actedOn: Set<String>, blocked: Set<String>) {
        try await database.read { connection in
            let acted = try connection.query("SELECT candidate_id FROM decisions WHERE viewer_id = $1", viewerId)
                .map { try $0.decode(String.self, "candidate_id") }
            let blocked = try connection.query(
                """
                SELECT blocked_id AS other FROM blocks WHERE blocker_id = $1
                UNION SELECT blocker_id AS other FROM blocks WHERE blocked_id = $1
                """, viewerId
            ).map { try $0.decode(String.self, "other") }
            return (Set(acted), Set(blocked))
        }
    }

    public func isBlocked(_ a: String, _ b: String) async throws -> Bool {
        try await database.read { connection in
            try connection.scalar(
                Int.self,
                """
                SELECT COUNT(*) FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)
                """, a, b) ?? 0 > 0
        }
    }

    /// Likes and decisions others made about each user (`likesGiven` = likes received here).
    public func receivedHistories() async throws -> [String: LikeHistory] {
        try await database.read { connection in try Self.likeCounts(connection, groupedBy: "candidate_id") }
    }

    /// Every decision replayed in time order into a taste memory (each user keeps only the latest).
    public func tasteGraph() async throws -> TasteGraph {
        try await database.read { connection in
            var graph = TasteGraph()
            for row in try connection.query(
                "SELECT viewer_id, candidate_id, action FROM decisions ORDER BY decided_at, viewer_id, candidate_id")
            {
                graph.record(
                    viewer: try row.decode(String.self, "viewer_id"), candidate: try row.decode(String.self, "candidate_id"),
                    like: try row.decode(String.self, "action") == "like")
            }
            return graph
        }
    }

    /// Likes and decisions per value of `column` (`viewer_id`: given; `candidate_id`: received).
    static func likeCounts(_ connection: any SQLConnection, groupedBy column: String) throws -> [String: LikeHistory] {
        var result: [String: LikeHistory] = [:]
        for row in try connection.query(
            """
            SELECT \(column) AS user_id, SUM(CASE WHEN action = 'like' THEN 1 ELSE 0 END) AS likes, COUNT(*) AS total
            FROM decisions GROUP BY \(column)
            """)
        {
            result[try row.decode(String.self, "user_id")] = LikeHistory(
                likesGiven: try row.decode(Int.self, "likes"),
                decisionsMade: try row.decode(Int.self, "total"))
        }
        return result
    }

    /// Likes given and decisions made per user, and the population like rate, counted in the store
    /// (what ``CandidateIndex`` starts from; requests read the index's running counts).
    public func likeHistories() async throws -> (byUser: [String: LikeHistory], likeRate: Double) {
        try await database.read { connection in
            let result = try Self.likeCounts(connection, groupedBy: "viewer_id")
            let likes = result.values.reduce(0) { $0 + $1.likesGiven }
            let total = result.values.reduce(0) { $0 + $1.decisionsMade }
            return (result, total == 0 ? 0.3 : Double(likes) / Double(total))
        }
    }

    /// Records a like/pass once. Repeats change nothing and answer as the first time did; a
    /// first-time like that completes a mutual like stores the match. First-time decisions
    /// append an ``EventLog`` entry with what was served. A pair blocked either way never matches
    /// (and is never answered `matched: true`, repeats included): the like is recorded like any
    /// unreturned one, so the blocked user learns nothing. The index counts the decision only
    /// after COMMIT: a failed transaction leaves no trace in what the feed serves.
    public func decide(
        viewer: String, candidate: String, action: Action, at now: Date, scores: String, ranker: String,
        isTest: Bool
    ) async throws -> Outcome {
        let outcome = try await decisions.submit(
            Decision(
                viewer: viewer, candidate: candidate, action: action, at: now, scores: scores, ranker: ranker,
                isTest: isTest))
        if outcome.firstTime { index.recordDecision(by: viewer, about: candidate, like: action == .like) }
        XoseenMetrics.decided(action, outcome: outcome)
        return outcome
    }

    /// One `decide` call, as group commit queues it.
    struct Decision: Sendable {
        var viewer: String
        var candidate: String
        var action: Action
        var at: Date
        var scores: String
        var ranker: String
        var isTest: Bool
    }

    /// Stores one decision inside the batch's transaction. Later decisions of the same batch see it
    /// (a like and its like-back in one batch match), exactly as if each had committed alone.
    static func record(_ decision: Decision, on connection: any SQLConnection) throws -> Outcome {
        let (viewer, candidate, now) = (decision.viewer, decision.candidate, decision.at)
        let inserted =
            try connection.execute(
                """
                INSERT INTO decisions (viewer_id, candidate_id, action, decided_at) VALUES ($1, $2, $3, $4)
                ON CONFLICT (viewer_id, candidate_id) DO NOTHING
                """, viewer, candidate, decision.action.rawValue, now) == 1
        let (a, b) = viewer < candidate ? (viewer, candidate) : (candidate, viewer)
        let blocked =
            try connection.scalar(
                Int.self,
                """
                SELECT COUNT(*) FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)
                """, viewer, candidate) ?? 0 > 0
        guard inserted else {
            let stored = try connection.scalar(
                String.self, "SELECT action FROM decisions WHERE viewer_id = $1 AND candidate_id = $2",
                viewer, candidate)
            let matchCount =
                try connection.scalar(Int.self, "SELECT COUNT(*) FROM matches WHERE user_a = $1 AND user_b = $2", a, b) ?? 0
            let matched = stored == "like" && matchCount > 0 && !blocked
            return Outcome(firstTime: false, matched: matched)
        }
        try EventLog.append(
            EventLog.Entry(
                viewer: viewer, candidate: candidate, action: decision.action == .like ? .like : .pass, at: now,
                scores: decision.scores, ranker: decision.ranker, isTest: decision.isTest), on: connection)
        guard decision.action == .like, !blocked else { return Outcome(firstTime: true, matched: false) }
        let likedBack =
            try connection.scalar(
                Int.self,
                """
                SELECT COUNT(*) FROM decisions WHERE viewer_id = $1 AND candidate_id = $2 AND action = 'like'
                """, candidate, viewer) ?? 0 > 0
        if likedBack {
            try connection.execute(
                """
                INSERT INTO matches (user_a, user_b, matched_at) VALUES ($1, $2, $3) ON CONFLICT (user_a, user_b) DO NOTHING
                """, a, b, now)
        }
        return Outcome(firstTime: true, matched: likedBack)
    }

    public func isMatched(_ x: String, _ y: String) async throws -> Bool {
        let (a, b) = x < y ? (x, y) : (y, x)
        return try await database.read { connection in
            try connection.scalar(Int.self, "SELECT COUNT(*) FROM matches WHERE user_a = $1 AND user_b = $2", a, b) ?? 0 > 0
        }
    }

    /// Idempotent. From this moment both users are hidden from each other everywhere (the feeds'
    /// cached exclusions learn it once it has committed: here at once, on the peers through the relay).
    public func block(_ blocker: String, _ blocked: String, at now: Date) async throws {
        try await database.write { connection in
            try connection.execute(
                """
                INSERT INTO blocks (blocker_id, blocked_id, blocked_at) VALUES ($1, $2, $3)
                ON CONFLICT (blocker_id, blocked_id) DO NOTHING
                """, blocker, blocked, now)
        }
        index.recordBlock(blocker, blocked)
    }

    /// Idempotent: one report per pair (the first reason is kept).
    public func report(_ reporter: String, _ reported: String, reason: String, at now: Date) async throws {
        try await database.write { connection in
            try connection.execute(
                """
                INSERT INTO reports (reporter_id, reported_id, reason, reported_at) VALUES ($1, $2, $3, $4)
                ON CONFLICT (reporter_id, reported_id) DO NOTHING
                """, reporter, reported, reason, now)
        }
    }
}
