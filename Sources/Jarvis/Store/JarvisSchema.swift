import SQLStore

/// Jarvis's tables, in portable SQL (SQLite today, PostgreSQL later). Dates are BIGINT
/// milliseconds since 1970 (SQLStore's convention).
///
/// `settings` holds one-time facts such as "the default feed list was loaded".
///
/// Deleting a feed keeps its articles: `articles.feed_id` becomes NULL and each article keeps
/// the `source` name it was published under, so stories still show them.
public enum JarvisSchema {
    public static let migrations: [Migration] = [
        Migration(
            version: 1, name: "feeds, stories, articles",
            sql: """
                CREATE TABLE feeds (
                    id TEXT PRIMARY KEY,
                    name TEXT NOT NULL,
                    url TEXT NOT NULL UNIQUE,
                    poll_interval_seconds INTEGER NOT NULL,
                    health TEXT NOT NULL CHECK (health IN ('active', 'failing', 'dead')),
                    failure_count INTEGER NOT NULL DEFAULT 0,
                    last_fetched_at BIGINT,
                    etag TEXT,
                    last_modified TEXT,
                    next_poll_at BIGINT NOT NULL,
                    last_error TEXT,
                    topic_hint TEXT,
                    authority INTEGER,
                    region TEXT,
                    time_shift_seconds INTEGER NOT NULL DEFAULT 0,
                    created_at BIGINT NOT NULL
                );
                CREATE INDEX feeds_next_poll ON feeds (next_poll_at);

                CREATE TABLE stories (
                    id TEXT PRIMARY KEY,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    merged_into TEXT
                );

                CREATE TABLE articles (
                    id TEXT PRIMARY KEY,
                    feed_id TEXT REFERENCES feeds (id) ON DELETE SET NULL,
                    story_id TEXT NOT NULL REFERENCES stories (id),
                    source TEXT NOT NULL,
                    source_url TEXT NOT NULL,
                    headline TEXT NOT NULL,
                    body TEXT NOT NULL,
                    published_at BIGINT NOT NULL,
                    first_seen_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    image_url TEXT,
                    author TEXT,
                    guid TEXT NOT NULL,
                    canonical_url TEXT,
                    content_hash TEXT NOT NULL,
                    UNIQUE (feed_id, guid)
                );
                CREATE INDEX articles_feed_seen ON articles (feed_id, first_seen_at);
                CREATE INDEX articles_story ON articles (story_id);
                CREATE INDEX articles_canonical ON articles (canonical_url);
                CREATE INDEX articles_hash ON articles (content_hash);

                CREATE TABLE settings (
                    name TEXT PRIMARY KEY,
                    value TEXT NOT NULL
                );
                """),
        Migration(
            version: 2, name: "story intelligence",
            sql: """
                ALTER TABLE stories ADD COLUMN headline TEXT NOT NULL DEFAULT '';
                ALTER TABLE stories ADD COLUMN summary TEXT NOT NULL DEFAULT '';
                ALTER TABLE stories ADD COLUMN topic TEXT NOT NULL DEFAULT 'politics';
                ALTER TABLE stories ADD COLUMN consensus TEXT;
                ALTER TABLE stories ADD COLUMN conflict TEXT;
                ALTER TABLE stories ADD COLUMN signal_score INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE stories ADD COLUMN score_source_authority INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE stories ADD COLUMN score_freshness INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE stories ADD COLUMN score_local_relevance INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE stories ADD COLUMN score_cross_source INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE stories ADD COLUMN score_topic_importance INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE stories ADD COLUMN source_count INTEGER NOT NULL DEFAULT 1;
                ALTER TABLE stories ADD COLUMN last_article_at BIGINT NOT NULL DEFAULT 0;
                ALTER TABLE stories ADD COLUMN analyzed INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE stories ADD COLUMN stale INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX stories_feed_order ON stories (stale, signal_score, updated_at, id);
                CREATE INDEX stories_merged ON stories (merged_into);
                ALTER TABLE articles ADD COLUMN is_breaking_flag INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE articles ADD COLUMN is_breaking INTEGER NOT NULL DEFAULT 0;
                """),
        Migration(
            version: 3, name: "feed order indexes",
            sql: """
                DROP INDEX stories_feed_order;
                CREATE INDEX stories_feed_order ON stories (stale, analyzed, signal_score, updated_at, id) WHERE merged_into IS NULL;
                CREATE INDEX stories_topic_order ON stories (topic, stale, analyzed, signal_score, updated_at, id)
                    WHERE merged_into IS NULL;
                """),
        // Sentence embeddings of articles (little-endian Float32), so a restart restores the
        // clustering index without running the encoder again; `model` names the encoder.
        Migration(
            version: 4, name: "article embeddings",
            sql: """
                CREATE TABLE article_embeddings (
                    article_id TEXT PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
                    model TEXT NOT NULL,
                    vector BLOB NOT NULL
                );
                """),
        // Full articles from the linked page (Sources/Jarvis/Pages): when `body` holds the page's
        // extracted text, `page_fetched_at` says since when; `content_hash` stays the hash of the
        // feed's text, so the next poll still recognises the unchanged item. `page_status`: what the
        // last page attempt did (extracted, not_richer, robots, failed, …), for operators.
        Migration(
            version: 5, name: "article pages",
            sql: """
                ALTER TABLE articles ADD COLUMN page_fetched_at BIGINT;
                ALTER TABLE articles ADD COLUMN page_status TEXT;
                """),
        // The offline samples' dates are moved when their documents are read (`SampleFeedParser`),
        // not by a column on every feed.
        Migration(
            version: 6, name: "no per-feed time shift",
            sql: """
                ALTER TABLE feeds DROP COLUMN time_shift_seconds;
                """),
        // An article may have several vectors, one per model: the encoder's embedding and its headline's
        // (clustering), and the topic branch's vector (`EncoderBranch`, the topic model's input). Version 4's
        // rows carry over.
        Migration(
            version: 7, name: "article vectors per model",
            sql: """
                CREATE TABLE article_vectors (
                    article_id TEXT NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
                    model TEXT NOT NULL,
                    vector BLOB NOT NULL,
                    PRIMARY KEY (article_id, model)
                );
                INSERT INTO article_vectors (article_id, model, vector) SELECT article_id, model, vector FROM article_embeddings;
                DROP TABLE article_embeddings;
                """),
    ]
}
