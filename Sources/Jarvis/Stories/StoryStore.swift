import Foundation
import SQLStore

/// A story as stored, ready to be shaped for the wire.
public struct StoryRecord: Sendable, Equatable {
    public var id: String
    public var headline: String
    public var summary: String
    public var topic: Topic
    public var consensus: String?
    public var conflict: String?
    public var score: ScoreBreakdown
    public var sourceCount: Int
    public var createdAt: Date
    public var updatedAt: Date
    public var lastArticleAt: Date
}

/// One outlet's report in a story: its earliest article.
public struct StorySourceEntry: Sendable, Equatable {
    public var articleId: String
    public var name: String
    public var url: String
    public var publishedAt: Date
    public var isBreaking: Bool
}

/// Which stories a page shows.
public struct StoryFilter: Sendable, Hashable {
    public var topic: Topic?
    public var minSignal: Int?
    public init(topic: Topic? = nil, minSignal: Int? = nil) {
        self.topic = topic
        self.minSignal = minSignal
    }
}

/// Position after the last story of a page, in the feed's order (score ↓, updated ↓, id ↓:
/// one direction throughout, so the order is an index scan, not a sort).
public struct StoryCursor: Sendable, Equatable {
    public var signalScore: Int
    public var updatedAt: Int64
    public var id: String

    /// Opaque to clients: `base64url("s1|score|updatedMillis|id")`.
    public var encoded: String {
        Data("s1|\(signalScore)|\(updatedAt)|\(id)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                of: "=", with: "")
    }

    public init(signalScore: Int, updatedAt: Int64, id: String) {
        self.signalScore = signalScore
        self.updatedAt = updatedAt
        self.id = id
    }

    /// Nil for anything that is not a cursor we issued (malformed, truncated, tampered shape).
    public init?(encoded: String) {
        guard encoded.count <= 200 else { return nil }
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "s1", let score = Int(parts[1]), (0...100).contains(score),
            let updated = Int64(parts[2]), updated >= 0, parts[3].hasPrefix("story_"), parts[3].count <= 64
        else { return nil }
        self.init(signalScore: score, updatedAt: updated, id: String(parts[3]))
    }
}

/// Stories in the database: the feed's pages, details, timelines, and every write to the stories table
/// (a new article's own story; the story service's assignments, merges, insights, staleness).
public struct StoryStore: Sendable {
    public let database: any Database

    public init(database: any Database) { self.database = database }

    static let visible = "merged_into IS NULL AND stale = 0 AND analyzed = 1"

    /// One page of visible stories, strongest signal first, after `cursor`. The cursor compares as a
    /// row value, so a later page seeks in the feed-order index instead of walking it from the top.
    public func page(_ filter: StoryFilter, after cursor: StoryCursor?, limit: Int) async throws
        -> (stories: [StoryRecord], next: StoryCursor?)
    {
        try await database.read { connection in
            var (conditions, bindings) = Self.conditions(filter)
            if let cursor {
                bindings += [.integer(Int64(cursor.signalScore)), .integer(cursor.updatedAt), .text(cursor.id)]
                let first = bindings.count - 2
                conditions.append("(signal_score, updated_at, id) < ($\(first), $\(first + 1), $\(first + 2))")
            }
            bindings.append(.integer(Int64(limit + 1)))
            let rows = try connection.query(
                """
                SELECT * FROM stories WHERE \(conditions.joined(separator: " AND "))
                ORDER BY signal_score DESC, updated_at DESC, id DESC LIMIT $\(bindings.count)
                """, bindings)
            let stories = try rows.prefix(limit).map(Self.record(from:))
            var next: StoryCursor?
            if rows.count > limit, let last = stories.last {
                next = StoryCursor(signalScore: last.score.total, updatedAt: Self.millis(last.updatedAt), id: last.id)
            }
            return (stories, next)
        }
    }

    /// How many visible stories match `filter`.
    public func count(_ filter: StoryFilter) async throws -> Int {
        try await database.read { connection in
            let (conditions, bindings) = Self.conditions(filter)
            return try connection.scalar(
                Int.self, "SELECT COUNT(*) FROM stories WHERE \(conditions.joined(separator: " AND "))", bindings) ?? 0
        }
    }

    /// The WHERE terms of `filter` over visible stories, with their bindings ($1, $2, …).
    private static func conditions(_ filter: StoryFilter) -> (terms: [String], bindings: [SQLValue]) {
        var terms = [visible]
        var bindings: [SQLValue] = []
        if let topic = filter.topic {
            bindings.append(.text(topic.rawValue))
            terms.append("topic = $\(bindings.count)")
        }
        if let minSignal = filter.minSignal {
            bindings.append(.integer(Int64(minSignal)))
            terms.append("signal_score >= $\(bindings.count)")
        }
        return (terms, bindings)
    }

    /// The story answering for `id`: itself, or the story it was merged into (followed to the end).
    public func story(id: String) async throws -> StoryRecord? {
        try await database.read { connection in
            var current = id
            for _ in 0..<16 {
                guard let row = try connection.queryFirst("SELECT * FROM stories WHERE id = $1", current) else { return nil }
                if let survivor = try row.decode(String?.self, "merged_into") {
                    current = survivor
                    continue
                }
                guard try row.decode(Int.self, "analyzed") == 1 else { return nil }
                return try Self.record(from: row)
            }
            return nil
        }
    }

    /// Each source's earliest article, per story, earliest source first. The database picks them (one row per
    /// story and source), so a page of stories costs its sources, not every article of a long-running story.
    public func sources(of storyIds: [String]) async throws -> [String: [StorySourceEntry]] {
        guard !storyIds.isEmpty else { return [:] }
        return try await database.read { connection in
            let placeholders = SQLPlaceholders.list(storyIds.count, from: 1)
            let rows = try connection.query(
                """
                SELECT story_id, id, source, source_url, published_at, is_breaking FROM (
                    SELECT story_id, id, source, source_url, published_at, is_breaking,
                        ROW_NUMBER() OVER (PARTITION BY story_id, source ORDER BY published_at, id) AS source_rank
                    FROM articles WHERE story_id IN (\(placeholders))
                ) ranked WHERE source_rank = 1 ORDER BY published_at, id
                """, storyIds.map { SQLValue.text($0) })
            var result: [String: [StorySourceEntry]] = [:]
            for row in rows {
                result[try row.decode(String.self, "story_id"), default: []].append(
                    StorySourceEntry(
                        articleId: try row.decode(String.self, "id"), name: try row.decode(String.self, "source"),
                        url: try row.decode(String.self, "source_url"),
                        publishedAt: try row.decode(Date.self, "published_at"),
                        isBreaking: try row.decode(Bool.self, "is_breaking")))
            }
            return result
        }
    }

    /// Every article of the story, earliest first.
    public func timeline(of storyId: String) async throws -> [StorySourceEntry] {
        try await database.read { connection in
            try connection.query(
                """
                SELECT id, source, source_url, headline, published_at, is_breaking FROM articles
                WHERE story_id = $1 ORDER BY published_at, id
                """, storyId
            ).map { row in
                StorySourceEntry(
                    articleId: try row.decode(String.self, "id"), name: try row.decode(String.self, "source"),
                    url: try row.decode(String.self, "headline"),
                    publishedAt: try row.decode(Date.self, "published_at"),
                    isBreaking: try row.decode(Bool.self, "is_breaking"))
            }
        }
    }

    /// Stores what story intelligence computed, and each article's breaking flag.
    /// `updatedAt` nil keeps the stored one (a rescore is not an update of the story).
    public func saveInsight(
        storyId: String, insight: StoryInsight, sourceCount: Int, lastArticleAt: Date,
        updatedAt: Date?
    ) async throws {
        try await database.write { connection in
            try connection.execute(
                """
                UPDATE stories SET headline = $2, summary = $3, topic = $4, consensus = $5, conflict = $6, signal_score = $7,
                    score_source_authority = $8, score_freshness = $9, score_local_relevance = $10, score_cross_source = $11,
                    score_topic_importance = $12, source_count = $13, last_article_at = $14, updated_at = COALESCE($15, updated_at),
                    analyzed = 1,
                    stale = 0
                WHERE id = $1
                """, storyId, insight.headline, insight.summary, insight.topic.rawValue, insight.consensus, insight.conflict,
                insight.score.total, insight.score.sourceAuthority, insight.score.freshness, insight.score.localRelevance,
                insight.score.crossSourceConfirmation, insight.score.topicImportance, sourceCount, lastArticleAt, updatedAt)
            for (articleId, breaking) in insight.breaking {
                try connection.execute(
                    "UPDATE articles SET is_breaking = $2 WHERE id = $1 AND story_id = $3",
                    articleId, breaking, storyId)
            }
        }
    }

    static let storyArticleColumns = """
        a.id, a.feed_id, a.source, a.headline, a.body, a.published_at, a.first_seen_at, a.is_breaking_flag,
        a.canonical_url, a.content_hash, a.story_id, f.authority, f.topic_hint, f.region
        """

    /// The articles of a story with their feeds' configuration, earliest first, and the bodies of those `reading`
    /// picks from the others' headlines and facts (the rest come with an empty body): a story of thousands of
    /// articles costs the bodies its analysis reads, not thousands. One read transaction.
    public func storyArticles(
        _ storyId: String, readingBodiesOf reading: @escaping @Sendable ([StoryArticle]) -> Set<String>
    ) async throws -> [StoryArticle] {
        try await database.read { connection in
            var articles = try connection.query(
                """
                SELECT \(Self.storyArticleColumns.replacingOccurrences(of: "a.body", with: "'' AS body"))
                FROM articles a LEFT JOIN feeds f ON f.id = a.feed_id
                WHERE a.story_id = $1 ORDER BY a.published_at, a.id
                """, storyId
            ).map(Self.storyArticle(from:))
            let read = reading(articles)
            guard !read.isEmpty else { return articles }
            var bodies: [String: String] = [:]
            let rows: [SQLRow]
            if read.count == articles.count {
                rows = try connection.query("SELECT id, body FROM articles WHERE story_id = $1", storyId)
            } else {
                let ids = read.sorted()
                let list = SQLPlaceholders.list(ids.count, from: 2)
                rows = try connection.query(
                    "SELECT id, body FROM articles WHERE story_id = $1 AND id IN (\(list))",
                    [SQLValue.text(storyId)] + ids.map(SQLValue.text))
            }
            for row in rows { bodies[try row.decode(String.self, "id")] = try row.decode(String.self, "body") }
            for i in articles.indices { articles[i].body = bodies[articles[i].id] ?? "" }
            return articles
        }
    }

    /// Articles of live stories whose latest article is newer than `since`, with their story:
    /// what the clusterer's index is rebuilt from at start-up.
    public func liveAssignments(since: Date) async throws -> [(StoryArticle, String)] {
        try await database.read { connection in
            try connection.query(
                """
                SELECT \(Self.storyArticleColumns) FROM articles a
                JOIN stories s ON s.id = a.story_id LEFT JOIN feeds f ON f.id = a.feed_id
                WHERE s.merged_into IS NULL AND s.stale = 0 AND s.analyzed = 1 AND s.last_article_at >= $1
                ORDER BY a.first_seen_at, a.id
                """, since
            ).map { (try Self.storyArticle(from: $0), try $0.decode(String.self, "story_id")) }
        }
    }

    /// When the newest live story last heard of an article (nil with no live story): the clustering
    /// window at start-up is measured back from here, not from the clock, so a store that was idle
    /// for days still reloads its latest stories.
    public func newestLiveArticleAt() async throws -> Date? {
        try await database.read { connection in
            try connection.scalar(
                Date.self,
                """
                SELECT last_article_at FROM stories WHERE merged_into IS NULL AND stale = 0 AND analyzed = 1
                ORDER BY last_article_at DESC LIMIT 1
                """)
        }
    }

    /// The stored embeddings (made by `model`) of the articles `liveAssignments(since:)` returns.
    public func liveEmbeddings(since: Date, model: String) async throws -> [String: [Float]] {
        try await database.read { connection in
            var vectors: [String: [Float]] = [:]
            for row in try connection.query(
                """
                SELECT e.article_id, e.vector FROM article_vectors e
                JOIN articles a ON a.id = e.article_id JOIN stories s ON s.id = a.story_id
                WHERE e.model = $2 AND s.merged_into IS NULL AND s.stale = 0 AND s.analyzed = 1 AND s.last_article_at >= $1
                """, since, model)
            {
                vectors[try row.decode(String.self, "article_id")] = ArticleEmbeddingCoding.floats(
                    try row.decode([UInt8].self, "vector"))
            }
            return vectors
        }
    }

    /// The stored embeddings (made by `model`) of one story's articles, by article id: every article's, or only
    /// those of `articles` (ids of the story's articles: what its analysis reads of a long story).
    public func embeddings(ofStory storyId: String, model: String, articles: [String]? = nil) async throws -> [String: [Float]] {
        try await database.read { connection in
            var vectors: [String: [Float]] = [:]
            let rows: [SQLRow]
            if let articles {
                guard !articles.isEmpty else { return [:] }
                let list = SQLPlaceholders.list(articles.count, from: 3)
                rows = try connection.query(
                    """
                    SELECT e.article_id, e.vector FROM article_vectors e JOIN articles a ON a.id = e.article_id
                    WHERE a.story_id = $1 AND e.model = $2 AND e.article_id IN (\(list))
                    """, [SQLValue.text(storyId), .text(model)] + articles.map(SQLValue.text))
            } else {
                rows = try connection.query(
                    """
                    SELECT e.article_id, e.vector FROM article_vectors e JOIN articles a ON a.id = e.article_id
                    WHERE a.story_id = $1 AND e.model = $2
                    """, storyId, model)
            }
            for row in rows {
                vectors[try row.decode(String.self, "article_id")] = ArticleEmbeddingCoding.floats(
                    try row.decode([UInt8].self, "vector"))
            }
            return vectors
        }
    }

    /// Stores articles' vectors made by `model` (one transaction; an article's earlier vector of that model is replaced).
    public func saveEmbeddings(_ vectors: [(articleId: String, vector: [Float])], model: String) async throws {
        guard !vectors.isEmpty else { return }
        try await database.write { connection in
            for (articleId, vector) in vectors {
                try connection.execute(
                    """
                    INSERT INTO article_vectors (article_id, model, vector) VALUES ($1, $2, $3)
                    ON CONFLICT (article_id, model) DO UPDATE SET vector = excluded.vector
                    """, articleId, model, ArticleEmbeddingCoding.bytes(vector))
            }
        }
    }

    /// Deletes at most `limit` stored vectors made by none of `models` — an encoder or topic branch this
    /// build no longer makes, whose vectors would otherwise stay forever — and returns how many went. With
    /// no model named, nothing is deleted (a build without an encoder keeps the vectors a later one reads).
    public func deleteVectors(notMadeBy models: [String], limit: Int) async throws -> Int {
        guard !models.isEmpty, limit > 0 else { return 0 }
        let names = SQLPlaceholders.list(models.count, from: 2)
        return try await database.write { connection in
            try connection.execute(
                """
                DELETE FROM article_vectors WHERE (article_id, model) IN (
                    SELECT article_id, model FROM article_vectors WHERE model NOT IN (\(names)) LIMIT $1)
                """, [limit.sqlValue] + models.map(\.sqlValue))
        }
    }

    /// A new article's own (provisional) story, written in the caller's transaction
    /// (`ArticleStore.upsert`), so that every write to the stories table lives in this type.
    static func insertProvisional(
        _ storyId: String, headline: String, lastArticleAt: Date, now: Date, on connection: any SQLConnection
    ) throws {
        try connection.execute(
            """
            INSERT INTO stories (id, created_at, updated_at, headline, last_article_at) VALUES ($1, $2, $2, $3, $4)
            """, storyId, now, headline, lastArticleAt)
    }

    /// Moves an article into `storyId`, dropping the provisional story it was stored with.
    public func move(articleId: String, from provisional: String, to storyId: String) async throws {
        guard provisional != storyId else { return }
        try await database.write { connection in
            try connection.execute("UPDATE articles SET story_id = $2 WHERE id = $1", articleId, storyId)
            try connection.execute(
                """
                DELETE FROM stories WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM articles WHERE story_id = $1)
                """, provisional)
        }
    }

    /// Merges `absorbed` into `survivor`: their articles move, and their ids answer with the
    /// survivor from now on (`merged_into`).
    public func merge(_ absorbed: [String], into survivor: String) async throws {
        try await database.write { connection in
            for id in absorbed where id != survivor {
                try connection.execute("UPDATE articles SET story_id = $2 WHERE story_id = $1", id, survivor)
                try connection.execute("UPDATE stories SET merged_into = $2, updated_at = updated_at WHERE id = $1", id, survivor)
                try connection.execute("UPDATE stories SET merged_into = $2 WHERE merged_into = $1", id, survivor)
            }
        }
    }

    /// Whether the story was analyzed before, and its current score and source count.
    /// What the last analysis stored for a story: whether there was one, its score, sources and topic.
    public typealias AnalysisState = (analyzed: Bool, signalScore: Int, sourceCount: Int, topic: Topic?)

    public func state(of storyId: String) async throws -> AnalysisState? {
        try await database.read { connection in
            try connection.queryFirst(
                "SELECT analyzed, signal_score, source_count, topic FROM stories WHERE id = $1", storyId
            ).map {
                (
                    try $0.decode(Bool.self, "analyzed"), try $0.decode(Int.self, "signal_score"),
                    try $0.decode(Int.self, "source_count"),
                    (try? $0.decode(String.self, "topic")).flatMap { Topic(rawValue: $0) }
                )
            }
        }
    }

    /// Live stories whose last article is older than `cutoff`; marked stale and returned.
    public func markStale(lastArticleBefore cutoff: Date) async throws -> [String] {
        try await database.write { connection in
            let ids = try connection.query(
                """
                SELECT id FROM stories WHERE merged_into IS NULL AND stale = 0 AND analyzed = 1 AND last_article_at < $1
                """, cutoff
            ).map { try $0.decode(String.self, "id") }
            for id in ids { try connection.execute("UPDATE stories SET stale = 1 WHERE id = $1", id) }
            return ids
        }
    }

    /// Ids of live, analyzed stories (for periodic rescoring).
    public func liveStoryIds() async throws -> [String] {
        try await database.read { connection in
            try connection.query("SELECT id FROM stories WHERE merged_into IS NULL AND stale = 0 AND analyzed = 1")
                .map { try $0.decode(String.self, "id") }
        }
    }

    static func storyArticle(from row: SQLRow) throws -> StoryArticle {
        StoryArticle(
            id: try row.decode(String.self, "id"), feedId: try row.decode(String?.self, "feed_id"),
            source: try row.decode(String.self, "source"), sourceAuthority: try row.decode(Int?.self, "authority"),
            topicHint: try row.decode(String?.self, "topic_hint"), region: try row.decode(String?.self, "region"),
            headline: try row.decode(String.self, "headline"), body: try row.decode(String.self, "body"),
            publishedAt: try row.decode(Date.self, "published_at"),
            firstSeenAt: try row.decode(Date.self, "first_seen_at"),
            isBreakingFlag: try row.decode(Bool.self, "is_breaking_flag"),
            canonicalUrl: try row.decode(String?.self, "canonical_url"),
            contentHash: try row.decode(String.self, "content_hash"))
    }

    static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    static func record(from row: SQLRow) throws -> StoryRecord {
        StoryRecord(
            id: try row.decode(String.self, "id"), headline: try row.decode(String.self, "headline"),
            summary: try row.decode(String.self, "summary"),
            topic: Topic(rawValue: try row.decode(String.self, "topic")) ?? .politics,
            consensus: try row.decode(String?.self, "consensus"), conflict: try row.decode(String?.self, "conflict"),
            score: ScoreBreakdown(
                sourceAuthority: try row.decode(Int.self, "score_source_authority"),
                freshness: try row.decode(Int.self, "score_freshness"),
                localRelevance: try row.decode(Int.self, "score_local_relevance"),
                crossSourceConfirmation: try row.decode(Int.self, "score_cross_source"),
                topicImportance: try row.decode(Int.self, "score_topic_importance")),
            sourceCount: try row.decode(Int.self, "source_count"), createdAt: try row.decode(Date.self, "created_at"),
            updatedAt: try row.decode(Date.self, "updated_at"), lastArticleAt: try row.decode(Date.self, "last_article_at"))
    }
}
