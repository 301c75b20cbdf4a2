import Foundation

/// Mirrors of the iOS app's `Codable` models (from the seed contract), decoded with the app's
/// exact decoder settings. A missing key, a null in a required field, a wrong type or a date
/// with fractional seconds fails decoding — as it would blank the app's screen.
enum IOS {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    enum FeedHealth: String, Decodable { case active, failing, dead }

    struct Feed: Decodable {
        let id: String
        let name: String
        let url: String
        let health: FeedHealth
        let pollIntervalSeconds: Int
        let failureCount: Int
        let lastFetchedAt: Date?
        let articleCountToday: Int
    }

    struct FeedList: Decodable { let data: [Feed] }

    struct Article: Decodable {
        let id: String
        let storyId: String
        let source: String
        let sourceUrl: String
        let headline: String
        let body: String
        let publishedAt: Date
        let imageUrl: String?
        let author: String?
    }

    struct ScoreBreakdown: Decodable {
        let sourceAuthority: Int
        let freshness: Int
        let localRelevance: Int
        let crossSourceConfirmation: Int
        let topicImportance: Int
        var sum: Int { sourceAuthority + freshness + localRelevance + crossSourceConfirmation + topicImportance }
    }

    struct StorySource: Decodable {
        let id: String
        let name: String
        let url: String
        let publishedAt: Date
        let isBreaking: Bool
    }

    enum Topic: String, Decodable { case finance, tech, politics, africa }

    struct StorySummary: Decodable {
        let id: String
        let headline: String
        let summary: String
        let topic: Topic
        let signalScore: Int
        let scoreBreakdown: ScoreBreakdown
        let sourceCount: Int
        let sources: [StorySource]
        let consensus: String?
        let conflict: String?
        let updatedAt: Date
        let createdAt: Date
    }

    struct PaginatedStories: Decodable {
        let data: [StorySummary]
        let nextCursor: String?
        let hasMore: Bool
        let total: Int
    }

    struct TimelineEntry: Decodable {
        let articleId: String
        let source: String
        let headline: String
        let publishedAt: Date
        let isBreaking: Bool
    }

    struct StoryDetail: Decodable {
        let id: String
        let headline: String
        let summary: String
        let topic: Topic
        let signalScore: Int
        let scoreBreakdown: ScoreBreakdown
        let sourceCount: Int
        let consensus: String?
        let conflict: String?
        let updatedAt: Date
        let createdAt: Date
        let timeline: [TimelineEntry]
    }

    struct ServerHealth: Decodable {
        let status: String
        let version: String
        let storiesCount: Int
        let feedsCount: Int
        let uptime: Int
    }

    struct ErrorEnvelope: Decodable {
        struct Body: Decodable {
            let code: String
            let message: String
            let field: String?
        }
        let error: Body
    }
}

/// Checks the raw JSON beyond what `Codable` sees: nullable keys must be present, and every
/// date must be exactly `YYYY-MM-DDTHH:MM:SSZ`.
enum WireCheck {

    static func object(_ body: [UInt8]) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] ?? [:]
    }

    /// Every key of `keys` exists in `object` (value may be NSNull).
    static func hasKeys(_ object: [String: Any], _ keys: [String]) -> [String] {
        keys.filter { object[$0] == nil }
    }

    static func isWireDate(_ value: Any?) -> Bool {
        guard let text = value as? String else { return false }
        return text.wholeMatch(of: #/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/#) != nil
    }
}
