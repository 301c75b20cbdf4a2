import Foundation
import SQLStore

/// The page service's reads and writes on stored articles.
extension ArticleStore {
    /// Replaces the body with the page's text (and fills an author or image the feed lacked) —
    /// only while the stored item is still the one the page was fetched for (`feedHash`): a feed
    /// update in the meantime wins. Returns the article's story, nil when nothing was written.
    func applyPage(
        articleId: String, feedHash: String, text: String, author: String?, imageUrl: String?,
        now: Date
    ) async throws -> String? {
        try await database.write { connection in
            let changed = try connection.execute(
                """
                UPDATE articles SET body = $2, author = COALESCE(author, $3), image_url = COALESCE(image_url, $4),
                                    page_fetched_at = $5, page_status = 'extracted', updated_at = $5
                WHERE id = $1 AND content_hash = $6
                """, articleId, text, author, imageUrl, now, feedHash)
            guard changed > 0 else { return nil }
            return try connection.scalar(String.self, "SELECT story_id FROM articles WHERE id = $1", articleId)
        }
    }

    /// Records what a page attempt did when it did not change the body.
    func notePage(articleId: String, feedHash: String, status: String) async throws {
        _ = try await database.write { connection in
            try connection.execute(
                "UPDATE articles SET page_status = $2 WHERE id = $1 AND content_hash = $3",
                articleId, status, feedHash)
        }
    }

    /// Articles first seen since `since` whose page was never tried and whose feed text is short
    /// (a restart, or articles stored before page fetching was on), newest first.
    func articlesWithoutPage(since: Date, shorterThan characters: Int, limit: Int) async throws -> [Article] {
        try await database.read { connection in
            try connection.query(
                """
                SELECT * FROM articles WHERE page_status IS NULL AND first_seen_at >= $1 AND length(body) < $2
                ORDER BY first_seen_at DESC LIMIT $3
                """, since, characters, limit
            ).map(Self.article(from:))
        }
    }

    /// When the page's text was applied and what the last attempt did (tests, operators).
    public func pageState(articleId: String) async throws -> (fetchedAt: Date?, status: String?)? {
        try await database.read { connection in
            try connection.queryFirst("SELECT page_fetched_at, page_status FROM articles WHERE id = $1", articleId).map {
                (try $0.decode(Date?.self, "page_fetched_at"), try $0.decode(String?.self, "page_status"))
            }
        }
    }
}
