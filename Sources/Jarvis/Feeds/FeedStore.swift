import Foundation
import SQLStore

/// Feeds in the database. Every write is one transaction; a duplicate URL is reported as
/// `.duplicateURL` and leaves nothing behind.
public struct FeedStore: Sendable {
    public let database: any Database

    public init(database: any Database) { self.database = database }

    public enum StoreError: Error, Equatable, Sendable {
        case duplicateURL(String)
        /// The feed list already holds `limit` feeds.
        case tooManyFeeds(limit: Int)
        /// `host` already has `limit` feeds.
        case tooManyFeedsForHost(host: String, limit: Int)
    }

    /// How many feeds may exist, in total and per URL host. Each one is polled on its own
    /// schedule, so an unbounded list is unbounded outbound traffic (and a way to aim the
    /// poller at one host).
    public struct Caps: Sendable, Equatable {
        public var maxFeeds: Int
        public var maxFeedsPerHost: Int
        public init(maxFeeds: Int = 500, maxFeedsPerHost: Int = 25) {
            self.maxFeeds = maxFeeds
            self.maxFeedsPerHost = maxFeedsPerHost
        }
    }

    /// Stores a feed. With `caps`, the counts are checked in the same write transaction as
    /// the insert, so concurrent creates cannot overshoot them.
    public func create(_ feed: NewFeed, now: Date, id: String = FeedStore.newID(), caps: Caps? = nil) async throws -> Feed {
        let stored = Feed(
            id: id, name: feed.name, url: feed.url, pollIntervalSeconds: feed.pollIntervalSeconds,
            nextPollAt: now, topicHint: feed.topicHint, authority: feed.authority, region: feed.region,
            createdAt: now)
        do {
            try await database.write { connection in
                if let caps {
                    let urls = try connection.query("SELECT url FROM feeds").map { try $0.decode(String.self, "url") }
                    guard urls.count < caps.maxFeeds else { throw StoreError.tooManyFeeds(limit: caps.maxFeeds) }
                    let host = Self.host(of: feed.url)
                    if urls.lazy.filter({ Self.host(of: $0) == host }).count >= caps.maxFeedsPerHost {
                        throw StoreError.tooManyFeedsForHost(host: host, limit: caps.maxFeedsPerHost)
                    }
                }
                try connection.execute(
                    """
                    INSERT INTO feeds (id, name, url, poll_interval_seconds, health, failure_count, next_poll_at,
                                       topic_hint, authority, region, created_at)
                    VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8, $9, $10)
                    """, stored.id, stored.name, stored.url, stored.pollIntervalSeconds, stored.health.rawValue,
                    stored.nextPollAt, stored.topicHint, stored.authority, stored.region, stored.createdAt)
            }
        } catch let error as SQLStoreError where error.isUniqueViolation {
            throw StoreError.duplicateURL(feed.url)
        }
        return stored
    }

    public func all() async throws -> [Feed] {
        try await database.read { connection in
            try connection.query("SELECT * FROM feeds ORDER BY created_at, id").map(Self.feed(from:))
        }
    }

    public func feed(id: String) async throws -> Feed? {
        try await database.read { connection in
            try connection.queryFirst("SELECT * FROM feeds WHERE id = $1", id).map(Self.feed(from:))
        }
    }

    /// Removes the feed; its articles stay (see `JarvisSchema`). False when there was none.
    public func delete(id: String) async throws -> Bool {
        try await database.write { connection in
            try connection.execute("DELETE FROM feeds WHERE id = $1", id) > 0
        }
    }

    public func count() async throws -> Int {
        try await database.read { connection in try connection.scalar(Int.self, "SELECT COUNT(*) FROM feeds") ?? 0 }
    }

    /// Feeds due for a poll, soonest first.
    public func due(at now: Date, limit: Int) async throws -> [Feed] {
        try await database.read { connection in
            try connection.query("SELECT * FROM feeds WHERE next_poll_at <= $1 ORDER BY next_poll_at LIMIT $2", now, limit)
                .map(Self.feed(from:))
        }
    }

    /// Takes the next poll of a due feed for this instance by moving its `next_poll_at` to `until`.
    /// Instances sharing one database race here and exactly one wins (writes are serialized); the poll
    /// then saves the real schedule. If the winner dies mid-poll, the feed falls due again at `until`
    /// and another instance takes it.
    public func lease(_ feedId: String, dueAt now: Date, until: Date) async throws -> Bool {
        try await database.write { connection in
            try connection.execute(
                "UPDATE feeds SET next_poll_at = $1 WHERE id = $2 AND next_poll_at <= $3", until, feedId, now) == 1
        }
    }

    /// When the next feed falls due, if any.
    public func nextDue() async throws -> Date? {
        try await database.read { connection in
            try connection.scalar(Date.self, "SELECT MIN(next_poll_at) FROM feeds")
        }
    }

    /// Saves the poller's bookkeeping for one feed (health, counters, validators, schedule, URL).
    /// Returns false when the feed was deleted meanwhile.
    @discardableResult
    public func savePollState(_ feed: Feed) async throws -> Bool {
        try await database.write { connection in
            try connection.execute(
                """
                UPDATE feeds SET url = $2, health = $3, failure_count = $4, last_fetched_at = $5, etag = $6,
                                 last_modified = $7, next_poll_at = $8, last_error = $9
                WHERE id = $1
                """, feed.id, feed.url, feed.health.rawValue, feed.failureCount, feed.lastFetchedAt, feed.etag,
                feed.lastModified, feed.nextPollAt, feed.lastError) > 0
        }
    }

    /// Articles of this feed first seen since `start` (the app's "today", UTC).
    public func articleCounts(since start: Date) async throws -> [String: Int] {
        try await database.read { connection in
            var counts: [String: Int] = [:]
            for row in try connection.query(
                """
                SELECT feed_id, COUNT(*) AS n FROM articles WHERE first_seen_at >= $1 AND feed_id IS NOT NULL GROUP BY feed_id
                """, start)
            {
                counts[try row.decode(String.self, "feed_id")] = try row.decode(Int.self, "n")
            }
            return counts
        }
    }

    static func feed(from row: SQLRow) throws -> Feed {
        Feed(
            id: try row.decode(String.self, "id"), name: try row.decode(String.self, "name"),
            url: try row.decode(String.self, "url"),
            pollIntervalSeconds: try row.decode(Int.self, "poll_interval_seconds"),
            health: FeedHealth(rawValue: try row.decode(String.self, "health")) ?? .failing,
            failureCount: try row.decode(Int.self, "failure_count"),
            lastFetchedAt: try row.decode(Date?.self, "last_fetched_at"),
            etag: try row.decode(String?.self, "etag"), lastModified: try row.decode(String?.self, "last_modified"),
            nextPollAt: try row.decode(Date.self, "next_poll_at"), lastError: try row.decode(String?.self, "last_error"),
            topicHint: try row.decode(String?.self, "topic_hint"), authority: try row.decode(Int?.self, "authority"),
            region: try row.decode(String?.self, "region"), createdAt: try row.decode(Date.self, "created_at"))
    }

    /// The host a cap counts against: the URL's host, lowercased (stored URLs are normalised).
    static func host(of url: String) -> String { URLComponents(string: url)?.host?.lowercased() ?? url }

    public static func newID() -> String {
        "feed_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
    }
}
