import Foundation
import Jarvis

/// `GET /ops/api/ingest` (the operators' console; admin token when `JARVIS_ADMIN_TOKEN` is
/// set): every feed's poll state with its last error, the articles each feed brought per hour
/// over the last `hours`, and the clustering figures. Dates as everywhere in Jarvis (`…Z`).
struct IngestAnswer: Encodable {
    struct FeedState: Encodable {
        let id: String
        let name: String
        let url: String
        let health: String
        let failureCount: Int
        let lastFetchedAt: Date?
        let nextPollAt: Date
        /// The last poll's error (curl, HTTP status, parse); null after a good poll.
        let lastError: String?
        let pollIntervalSeconds: Int
        /// Articles first seen in each hour, oldest first; `hourly[hours - 1]` is the current hour.
        let hourly: [Int]
    }

    struct Clustering: Encodable {
        let articles: Int
        let articlesLastPeriod: Int
        let liveStories: Int
        let staleStories: Int
        let mergedStories: Int
        /// Live stories with 1, 2, … 9 and 10 or more sources.
        let sourceCountHistogram: [Int]
        let liveStoriesByTopic: [String: Int]
    }

    let hours: Int
    /// The first hour of `hourly` (UTC, whole hour).
    let since: Date
    let feeds: [FeedState]
    let clustering: Clustering
}
