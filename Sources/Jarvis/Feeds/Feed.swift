import Foundation

/// A polled source. `health` follows `FeedHealthPolicy`; `etag`/`lastModified` are the
/// validators of the last good fetch; `nextPollAt` is when the poller next takes it.
public struct Feed: Sendable, Equatable, Identifiable {
    public var id: String
    public var name: String
    public var url: String
    public var pollIntervalSeconds: Int
    public var health: FeedHealth
    public var failureCount: Int
    public var lastFetchedAt: Date?
    public var etag: String?
    public var lastModified: String?
    public var nextPollAt: Date
    public var lastError: String?
    public var topicHint: String?
    public var authority: Int?
    public var region: String?
    public var createdAt: Date

    public init(
        id: String, name: String, url: String, pollIntervalSeconds: Int, health: FeedHealth = .active,
        failureCount: Int = 0, lastFetchedAt: Date? = nil, etag: String? = nil, lastModified: String? = nil,
        nextPollAt: Date, lastError: String? = nil, topicHint: String? = nil, authority: Int? = nil,
        region: String? = nil, createdAt: Date
    ) {
        self.id = id
        self.name = name
        self.url = url
        self.pollIntervalSeconds = pollIntervalSeconds
        self.health = health
        self.failureCount = failureCount
        self.lastFetchedAt = lastFetchedAt
        self.etag = etag
        self.lastModified = lastModified
        self.nextPollAt = nextPollAt
        self.lastError = lastError
        self.topicHint = topicHint
        self.authority = authority
        self.region = region
        self.createdAt = createdAt
    }
}

/// Exactly the three values the app accepts (any other string empties its feed list).
public enum FeedHealth: String, Sendable, Codable, CaseIterable {
    case active, failing, dead
}

/// A new feed as submitted, validated by `FeedValidation`.
public struct NewFeed: Sendable, Equatable {
    public var url: String
    public var name: String
    public var pollIntervalSeconds: Int
    public var topicHint: String?
    public var authority: Int?
    public var region: String?

    public init(
        url: String, name: String, pollIntervalSeconds: Int, topicHint: String? = nil, authority: Int? = nil,
        region: String? = nil
    ) {
        self.url = url
        self.name = name
        self.pollIntervalSeconds = pollIntervalSeconds
        self.topicHint = topicHint
        self.authority = authority
        self.region = region
    }
}
