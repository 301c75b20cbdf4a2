import Foundation

/// The four topics the app has pills for. `africa` is the regional pill: a story primarily
/// about an African country or region is `africa` whatever its subject (see TopicRules).
public enum Topic: String, Sendable, Codable, CaseIterable {
    case finance, tech, politics, africa
}

/// What story intelligence knows about one article: the stored article plus its feed's
/// configuration. Built by the ingest pipeline; engines never touch the database.
public struct StoryArticle: Sendable, Equatable, Identifiable {
    public var id: String
    public var feedId: String?
    /// The outlet's name (the feed's name); independent sources are distinct names.
    public var source: String
    /// 0–100 from the feed list (`authority`), nil when unknown.
    public var sourceAuthority: Int?
    /// The feed's topic hint (`finance|tech|politics|africa`), nil when none.
    public var topicHint: String?
    /// The feed's region (`global`, `africa`, a country code…), nil when unknown.
    public var region: String?
    public var headline: String
    public var body: String
    public var publishedAt: Date
    public var firstSeenAt: Date
    public var isBreakingFlag: Bool
    public var canonicalUrl: String?
    public var contentHash: String

    public init(
        id: String, feedId: String?, source: String, sourceAuthority: Int?, topicHint: String?, region: String?,
        headline: String, body: String, publishedAt: Date, firstSeenAt: Date, isBreakingFlag: Bool,
        canonicalUrl: String?, contentHash: String
    ) {
        self.id = id
        self.feedId = feedId
        self.source = source
        self.sourceAuthority = sourceAuthority
        self.topicHint = topicHint
        self.region = region
        self.headline = headline
        self.body = body
        self.publishedAt = publishedAt
        self.firstSeenAt = firstSeenAt
        self.isBreakingFlag = isBreakingFlag
        self.canonicalUrl = canonicalUrl
        self.contentHash = contentHash
    }
}

/// The five integer parts of a story's signal score; `total` is exactly their sum (0–100).
public struct ScoreBreakdown: Sendable, Equatable, Codable {
    public var sourceAuthority: Int
    public var freshness: Int
    public var localRelevance: Int
    public var crossSourceConfirmation: Int
    public var topicImportance: Int

    public init(sourceAuthority: Int, freshness: Int, localRelevance: Int, crossSourceConfirmation: Int, topicImportance: Int) {
        self.sourceAuthority = sourceAuthority
        self.freshness = freshness
        self.localRelevance = localRelevance
        self.crossSourceConfirmation = crossSourceConfirmation
        self.topicImportance = topicImportance
    }

    public var total: Int { sourceAuthority + freshness + localRelevance + crossSourceConfirmation + topicImportance }
}

/// Everything computed for one story from its articles.
public struct StoryInsight: Sendable, Equatable {
    public var headline: String
    /// Never empty, never just the headline.
    public var summary: String
    public var topic: Topic
    public var consensus: String?
    public var conflict: String?
    /// Per article id: shown with a BREAKING badge in the timeline.
    public var breaking: [String: Bool]
    public var score: ScoreBreakdown

    public init(
        headline: String, summary: String, topic: Topic, consensus: String?, conflict: String?,
        breaking: [String: Bool], score: ScoreBreakdown
    ) {
        self.headline = headline
        self.summary = summary
        self.topic = topic
        self.consensus = consensus
        self.conflict = conflict
        self.breaking = breaking
        self.score = score
    }
}
