import Foundation
import HTTPServer
import Jarvis

/// The wire format of Jarvis, in one place. Every type here mirrors what the iOS app's
/// `Codable` models demand (see the seed contract): camelCase keys, dates exactly
/// `YYYY-MM-DDTHH:MM:SSZ`, integers as numbers, nullable keys present as `null`.
enum JarvisWire {
    static let encoder = WireJSONEncoder(dateStyle: .iso8601Seconds, omitNilKeys: false)

    static func json<T: Encodable>(_ value: T, status: HTTPStatus = .ok) throws -> Response {
        try .json(value, status: status, encoder: encoder)
    }
}

/// `Feed` as the app decodes it.
struct FeedDTO: Encodable {
    let id: String
    let name: String
    let url: String
    let health: String
    let pollIntervalSeconds: Int
    let failureCount: Int
    let lastFetchedAt: Date?
    let articleCountToday: Int

    init(_ feed: Feed, articleCountToday: Int) {
        id = feed.id
        name = feed.name
        url = feed.url
        health = feed.health.rawValue
        pollIntervalSeconds = feed.pollIntervalSeconds
        failureCount = feed.failureCount
        lastFetchedAt = feed.lastFetchedAt
        self.articleCountToday = articleCountToday
    }
}

struct FeedListDTO: Encodable {
    let data: [FeedDTO]
}

/// `POST /feeds` body. `pollIntervalSeconds` defaults to 900 (what the app sends).
struct NewFeedDTO: Decodable {
    let url: String
    let name: String
    let pollIntervalSeconds: Int?
}

/// `Article` as the app decodes it.
struct ArticleDTO: Encodable {
    let id: String
    let storyId: String
    let source: String
    let sourceUrl: String
    let headline: String
    let body: String
    let publishedAt: Date
    let imageUrl: String?
    let author: String?

    init(_ article: Article) {
        id = article.id
        storyId = article.storyId
        source = article.source
        sourceUrl = article.sourceUrl
        headline = article.headline
        body = article.body
        publishedAt = article.publishedAt
        imageUrl = article.imageUrl
        author = article.author
    }
}

/// `ServerHealth`: every key required by the app's onboarding check.
struct ServerHealthDTO: Encodable {
    let status: String
    let version: String
    let storiesCount: Int
    let feedsCount: Int
    let uptime: Int
}

extension ErrorCode {
    static let duplicateFeed: ErrorCode = "duplicate_feed"
    /// 409: the feed list is full (`JARVIS_MAX_FEEDS`).
    static let tooManyFeeds: ErrorCode = "too_many_feeds"
    /// 409: the URL's host already has the most feeds allowed (`JARVIS_MAX_FEEDS_PER_HOST`).
    static let tooManyFeedsForHost: ErrorCode = "too_many_feeds_for_host"
    /// 401: a feed change without the admin token (only when `JARVIS_ADMIN_TOKEN` is set).
    static let unauthorized: ErrorCode = "unauthorized"
}
