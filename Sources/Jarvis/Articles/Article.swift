import Foundation

/// One feed item as stored: the article layer the app reads through `GET /articles/{id}`.
public struct Article: Sendable, Equatable, Identifiable {
    public var id: String
    public var feedId: String?
    public var storyId: String
    /// The feed's name when the article was stored (kept if the feed is deleted).
    public var source: String
    public var sourceUrl: String
    public var headline: String
    public var body: String
    public var publishedAt: Date
    public var firstSeenAt: Date
    public var imageUrl: String?
    public var author: String?
    public var guid: String
    public var canonicalUrl: String?
    public var contentHash: String
    /// The feed flagged the item as breaking when it was first stored.
    public var isBreakingFlag: Bool
}

/// An item from a parsed feed, ready to store (the ingest pipeline builds these).
public struct IncomingArticle: Sendable, Equatable {
    public var guid: String
    public var link: String
    public var headline: String
    public var body: String
    public var publishedAt: Date
    public var imageUrl: String?
    public var author: String?
    /// The feed itself flagged the item as breaking.
    public var isBreakingFlag: Bool
    public var categories: [String]

    public init(
        guid: String, link: String, headline: String, body: String, publishedAt: Date, imageUrl: String? = nil,
        author: String? = nil, isBreakingFlag: Bool = false, categories: [String] = []
    ) {
        self.guid = guid
        self.link = link
        self.headline = headline
        self.body = body
        self.publishedAt = publishedAt
        self.imageUrl = imageUrl
        self.author = author
        self.isBreakingFlag = isBreakingFlag
        self.categories = categories
    }
}
