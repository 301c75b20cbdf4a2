import Foundation
import SQLStore

/// What the operators' console shows about ingest and clustering, read from the store:
/// articles first seen per feed per hour (the ingest timeline), and the shape of the story
/// clusters (how many stories, how many articles each, by topic). Aggregates only.
public struct IngestFigures: Sendable, Equatable {
    public struct HourlyCount: Sendable, Equatable {
        public var feedId: String
        /// Whole hours since 1970 (UTC).
        public var hour: Int64
        public var articles: Int
    }

    public var hourly: [HourlyCount]
    public var articles: Int
    public var articlesLastDay: Int
    /// Stories listed by `GET /stories` (analysed, not merged away, not stale).
    public var liveStories: Int
    public var staleStories: Int
    public var mergedStories: Int
    /// Live stories by how many distinct sources they have (1, 2, … 9, 10 = "10 or more").
    public var sourceCountHistogram: [Int]
    public var liveStoriesByTopic: [String: Int]

    /// Figures over the `hours` before `now`.
    public static func read(_ database: any Database, hours: Int, now: Date) async throws -> IngestFigures {
        let since = now.addingTimeInterval(-Double(hours) * 3600)
        return try await database.read { connection in
            var hourly: [String: [Int64: Int]] = [:]
            for row in try connection.query(
                """
                SELECT feed_id, first_seen_at FROM articles WHERE first_seen_at >= $1 AND feed_id IS NOT NULL LIMIT 1000000
                """, since)
            {
                let hour = Int64(try row.decode(Date.self, "first_seen_at").timeIntervalSince1970 / 3600)
                hourly[try row.decode(String.self, "feed_id"), default: [:]][hour, default: 0] += 1
            }
            var histogram = [Int](repeating: 0, count: 10)
            var byTopic: [String: Int] = [:]
            for row in try connection.query(
                """
                SELECT topic, source_count FROM stories WHERE merged_into IS NULL AND analyzed = 1 AND stale = 0
                """)
            {
                histogram[min(9, max(0, try row.decode(Int.self, "source_count") - 1))] += 1
                byTopic[try row.decode(String.self, "topic"), default: 0] += 1
            }
            let counts = hourly.flatMap { feed, hours in hours.map { HourlyCount(feedId: feed, hour: $0.key, articles: $0.value) }
            }
            return IngestFigures(
                hourly: counts.sorted { ($0.feedId, $0.hour) < ($1.feedId, $1.hour) },
                articles: try connection.scalar(Int.self, "SELECT COUNT(*) FROM articles") ?? 0,
                articlesLastDay: counts.reduce(0) { $0 + $1.articles },
                liveStories: histogram.reduce(0, +),
                staleStories: try connection.scalar(
                    Int.self, "SELECT COUNT(*) FROM stories WHERE merged_into IS NULL AND stale = 1") ?? 0,
                mergedStories: try connection.scalar(Int.self, "SELECT COUNT(*) FROM stories WHERE merged_into IS NOT NULL") ?? 0,
                sourceCountHistogram: histogram, liveStoriesByTopic: byTopic)
        }
    }
}
