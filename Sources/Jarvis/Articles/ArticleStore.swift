import Foundation
import SQLStore

/// Articles in the database. `upsert` is the one write path of ingestion: the same item seen
/// again (same feed and guid) updates the stored article instead of adding one, and a new
/// article is stored together with a story of its own in one transaction, so an article is
/// never without a story, and a crash never leaves half of one.
public struct ArticleStore: Sendable {
    public let database: any Database

    public init(database: any Database) { self.database = database }

    public enum UpsertResult: Sendable, Equatable {
        case inserted(Article)
        case updated(Article)
        case unchanged(Article)
    }

    public func upsert(_ items: [IncomingArticle], feed: Feed, now: Date) async throws -> [UpsertResult] {
        let feedId = feed.id
        let source = feed.name
        return try await database.write { connection in
            var results: [UpsertResult] = []
            for item in items {
                let hash = ArticleIdentity.contentHash(headline: item.headline, body: item.body)
                let canonical = ArticleIdentity.canonicalURL(item.link)
                if let row = try connection.queryFirst(
                    "SELECT * FROM articles WHERE feed_id = $1 AND guid = $2", feedId, item.guid)
                {
                    var existing = try Self.article(from: row)
                    // With the page's text applied, the body, and an author or image the feed lacked,
                    // came from the page: the feed's own fields decide whether the item changed.
                    let fromPage = try row.decode(Date?.self, "page_fetched_at") != nil
                    let sameImage = existing.imageUrl == item.imageUrl || (fromPage && item.imageUrl == nil)
                    let sameAuthor = existing.author == item.author || (fromPage && item.author == nil)
                    guard existing.contentHash != hash || !sameImage || !sameAuthor || existing.sourceUrl != item.link else {
                        results.append(.unchanged(existing))
                        continue
                    }
                    existing.headline = item.headline
                    existing.body = item.body
                    existing.sourceUrl = item.link
                    existing.canonicalUrl = canonical
                    existing.imageUrl = item.imageUrl ?? (fromPage ? existing.imageUrl : nil)
                    existing.author = item.author ?? (fromPage ? existing.author : nil)
                    existing.contentHash = hash
                    // The feed's new text replaces the page's until the page is fetched again.
                    try connection.execute(
                        """
                        UPDATE articles SET headline = $2, body = $3, source_url = $4, canonical_url = $5, image_url = $6,
                                            author = $7, content_hash = $8, updated_at = $9, page_fetched_at = NULL,
                                            page_status = NULL WHERE id = $1
                        """, existing.id, existing.headline, existing.body, existing.sourceUrl, existing.canonicalUrl,
                        existing.imageUrl, existing.author, existing.contentHash, now)
                    results.append(.updated(existing))
                    continue
                }
                let article = Article(
                    id: Self.newID(), feedId: feedId, storyId: "story_" + Self.randomSuffix(), source: source,
                    sourceUrl: item.link, headline: item.headline, body: item.body,
                    publishedAt: item.publishedAt, firstSeenAt: now, imageUrl: item.imageUrl,
                    author: item.author, guid: item.guid, canonicalUrl: canonical, contentHash: hash,
                    isBreakingFlag: item.isBreakingFlag)
                try StoryStore.insertProvisional(
                    article.storyId, headline: item.headline, lastArticleAt: item.publishedAt, now: now, on: connection)
                try connection.execute(
                    """
                    INSERT INTO articles (id, feed_id, story_id, source, source_url, headline, body, published_at,
                                          first_seen_at, updated_at, image_url, author, guid, canonical_url, content_hash,
                                          is_breaking_flag)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12, $13, $14, $15)
                    """, article.id, feedId, article.storyId, article.source, article.sourceUrl, article.headline,
                    article.body, article.publishedAt, now, article.imageUrl, article.author, article.guid,
                    article.canonicalUrl, article.contentHash, article.isBreakingFlag)
                results.append(.inserted(article))
            }
            return results
        }
    }

    public func article(id: String) async throws -> Article? {
        try await database.read { connection in
            try connection.queryFirst("SELECT * FROM articles WHERE id = $1", id).map(Self.article(from:))
        }
    }

    public func count() async throws -> Int {
        try await database.read { connection in try connection.scalar(Int.self, "SELECT COUNT(*) FROM articles") ?? 0 }
    }

    public func storyCount() async throws -> Int {
        try await database.read { connection in
            try connection.scalar(Int.self, "SELECT COUNT(*) FROM stories WHERE merged_into IS NULL AND stale = 0") ?? 0
        }
    }

    static func article(from row: SQLRow) throws -> Article {
        Article(
            id: try row.decode(String.self, "id"), feedId: try row.decode(String?.self, "feed_id"),
            storyId: try row.decode(String.self, "story_id"), source: try row.decode(String.self, "source"),
            sourceUrl: try row.decode(String.self, "source_url"), headline: try row.decode(String.self, "headline"),
            body: try row.decode(String.self, "body"), publishedAt: try row.decode(Date.self, "published_at"),
            firstSeenAt: try row.decode(Date.self, "first_seen_at"), imageUrl: try row.decode(String?.self, "image_url"),
            author: try row.decode(String?.self, "author"), guid: try row.decode(String.self, "guid"),
            canonicalUrl: try row.decode(String?.self, "canonical_url"),
            contentHash: try row.decode(String.self, "content_hash"),
            isBreakingFlag: try row.decode(Bool.self, "is_breaking_flag"))
    }

    static func newID() -> String { "art_" + randomSuffix() }

    static func randomSuffix() -> String {
        String(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16))
    }
}
