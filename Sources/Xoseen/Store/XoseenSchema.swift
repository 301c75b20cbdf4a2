import SQLStore

/// Xoseen's tables, in portable SQL. Lists (interests, seeking) are JSON text; dates are
/// BIGINT milliseconds; booleans 0/1.
///
/// `decisions` has one row per (viewer, candidate): its primary key is what makes like/pass
/// idempotent. `user_events` is the append-only log the learned ranker trains on (`EventLog` writes it).
public enum XoseenSchema {
    public static let migrations: [Migration] = [
        Migration(
            version: 1, name: "users, decisions, events, matches, blocks, reports",
            sql: """
                CREATE TABLE users (
                    id TEXT PRIMARY KEY,
                    display_name TEXT NOT NULL,
                    age_displayed INTEGER NOT NULL,
                    trust_score DOUBLE PRECISION NOT NULL,
                    intent TEXT NOT NULL,
                    interests TEXT NOT NULL,
                    city_area TEXT NOT NULL,
                    age_min INTEGER NOT NULL,
                    age_max INTEGER NOT NULL,
                    max_distance_km DOUBLE PRECISION NOT NULL,
                    gender TEXT NOT NULL,
                    seeking TEXT NOT NULL,
                    asexual INTEGER NOT NULL DEFAULT 0,
                    asexual_only INTEGER NOT NULL DEFAULT 0,
                    bio TEXT NOT NULL DEFAULT '',
                    texting_style TEXT NOT NULL DEFAULT '{}',
                    photo_seed TEXT NOT NULL,
                    verified INTEGER NOT NULL DEFAULT 0,
                    is_seed INTEGER NOT NULL DEFAULT 0,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                );
                CREATE TABLE decisions (
                    viewer_id TEXT NOT NULL,
                    candidate_id TEXT NOT NULL,
                    action TEXT NOT NULL CHECK (action IN ('like', 'pass')),
                    decided_at BIGINT NOT NULL,
                    PRIMARY KEY (viewer_id, candidate_id)
                );
                CREATE INDEX decisions_candidate ON decisions (candidate_id, action);
                CREATE TABLE user_events (
                    id TEXT PRIMARY KEY,
                    viewer_id TEXT NOT NULL,
                    candidate_id TEXT NOT NULL,
                    action TEXT NOT NULL,
                    occurred_at BIGINT NOT NULL,
                    features TEXT NOT NULL,
                    scores TEXT NOT NULL,
                    ranker TEXT NOT NULL,
                    is_test INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX user_events_time ON user_events (occurred_at, id);
                CREATE TABLE matches (
                    user_a TEXT NOT NULL,
                    user_b TEXT NOT NULL,
                    matched_at BIGINT NOT NULL,
                    PRIMARY KEY (user_a, user_b)
                );
                CREATE TABLE blocks (
                    blocker_id TEXT NOT NULL,
                    blocked_id TEXT NOT NULL,
                    blocked_at BIGINT NOT NULL,
                    PRIMARY KEY (blocker_id, blocked_id)
                );
                CREATE TABLE reports (
                    reporter_id TEXT NOT NULL,
                    reported_id TEXT NOT NULL,
                    reason TEXT NOT NULL,
                    reported_at BIGINT NOT NULL,
                    PRIMARY KEY (reporter_id, reported_id)
                );
                """),
        Migration(
            version: 2, name: "feed cursor chains",
            sql: """
                CREATE TABLE rank_chains (
                    id TEXT PRIMARY KEY,
                    viewer_id TEXT NOT NULL,
                    served TEXT NOT NULL,
                    created_at BIGINT NOT NULL
                );
                CREATE INDEX rank_chains_created ON rank_chains (created_at);
                """),
        // Identity verification (XoseenVerification). `verification_secrets` holds the only copy of
        // a date of birth and a selfie descriptor; it is purged at `expires_at` (see README).
        Migration(
            version: 3, name: "identity verification",
            sql: """
                CREATE TABLE verifications (
                    user_id TEXT PRIMARY KEY,
                    decision TEXT NOT NULL,
                    trust_score DOUBLE PRECISION NOT NULL,
                    reasons TEXT NOT NULL,
                    evidence TEXT NOT NULL,
                    reverify_by TEXT NOT NULL,
                    age_over_18 INTEGER,
                    age_displayed INTEGER,
                    decided_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                );
                CREATE INDEX verifications_decision ON verifications (decision, decided_at);
                CREATE TABLE verification_secrets (
                    user_id TEXT PRIMARY KEY,
                    date_of_birth TEXT,
                    selfie_descriptor TEXT,
                    selfie_sha256 TEXT,
                    expires_at BIGINT NOT NULL
                );
                CREATE TABLE verification_audit (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL,
                    at BIGINT NOT NULL,
                    actor TEXT NOT NULL,
                    from_decision TEXT,
                    to_decision TEXT NOT NULL,
                    note TEXT NOT NULL
                );
                CREATE INDEX verification_audit_user ON verification_audit (user_id, at);
                """),
        // Version 4: the feed's lookups at scale. Blocks are read both ways per rank request; like
        // counts per viewer are summed at start to build the candidate index (covering: no row reads).
        Migration(
            version: 4, name: "blocks by the blocked user, like counts by viewer",
            sql: """
                CREATE INDEX blocks_blocked ON blocks (blocked_id);
                CREATE INDEX decisions_viewer_action ON decisions (viewer_id, action);
                """),
        Migration(
            version: 5, name: "chat messages, blind pairings, safety flags",
            sql: """
                CREATE TABLE chat_messages (
                    room TEXT NOT NULL,
                    seq BIGINT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('message', 'enc', 'pubkey')),
                    sender_id TEXT NOT NULL,
                    sender_name TEXT NOT NULL,
                    body TEXT NOT NULL,
                    sent_at BIGINT NOT NULL,
                    PRIMARY KEY (room, seq)
                );
                CREATE TABLE blind_pairings (
                    user_a TEXT NOT NULL,
                    user_b TEXT NOT NULL,
                    paired_at BIGINT NOT NULL,
                    score DOUBLE PRECISION NOT NULL,
                    a_revealed_at BIGINT,
                    b_revealed_at BIGINT,
                    PRIMARY KEY (user_a, user_b)
                );
                CREATE TABLE safety_flags (
                    room TEXT NOT NULL,
                    sender_id TEXT NOT NULL,
                    category TEXT NOT NULL,
                    reason TEXT NOT NULL,
                    flagged_at BIGINT NOT NULL
                );
                CREATE INDEX safety_flags_sender ON safety_flags (sender_id, flagged_at);
                """),
        Migration(
            version: 6, name: "model registry, serving state, shadow scores",
            sql: """
                CREATE TABLE ml_models (
                    version TEXT PRIMARY KEY,
                    created_at BIGINT NOT NULL,
                    file TEXT NOT NULL,
                    report TEXT NOT NULL,
                    promoted_at BIGINT
                );
                CREATE TABLE ml_serving (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    version TEXT,
                    rollout_pct DOUBLE PRECISION NOT NULL,
                    shadow INTEGER NOT NULL,
                    updated_at BIGINT NOT NULL
                );
                CREATE TABLE ml_audit (
                    at BIGINT NOT NULL,
                    action TEXT NOT NULL,
                    detail TEXT NOT NULL
                );
                CREATE TABLE shadow_scores (
                    viewer_id TEXT NOT NULL,
                    candidate_id TEXT NOT NULL,
                    served_score DOUBLE PRECISION NOT NULL,
                    shadow_score DOUBLE PRECISION NOT NULL,
                    model_version TEXT NOT NULL,
                    scored_at BIGINT NOT NULL
                );
                CREATE INDEX shadow_scores_time ON shadow_scores (scored_at);
                CREATE INDEX user_events_pair ON user_events (viewer_id, candidate_id);
                """),
        // Version 7: a verification belongs to whoever uploaded it. Before a profile exists the
        // uploader holds a one-time claim secret (only its SHA-256 is stored) that profile creation
        // and the status route must present; `age_source` says what established the age (an
        // operator may approve only a case whose age a document or the operator established).
        Migration(
            version: 7, name: "verification claims, age source",
            sql: """
                CREATE TABLE verification_claims (
                    user_id TEXT PRIMARY KEY,
                    secret_sha256 TEXT NOT NULL,
                    created_at BIGINT NOT NULL
                );
                ALTER TABLE verifications ADD COLUMN age_source TEXT;
                """),
        // Version 8 (privacy): feed cursor chains expire (`expires_at`, pruned; old rows have 0 and
        // go at the first pruning); per-user token versions (revocation); blind pairings get one
        // opaque alias per member (`alias_a` for user_a), the only id the partner sees before the
        // mutual reveal (rows from before are given aliases at start).
        Migration(
            version: 8, name: "chain expiry, token versions, blind aliases",
            sql: """
                ALTER TABLE rank_chains ADD COLUMN expires_at BIGINT NOT NULL DEFAULT 0;
                CREATE INDEX rank_chains_expiry ON rank_chains (expires_at);
                CREATE TABLE token_versions (
                    user_id TEXT PRIMARY KEY,
                    version INTEGER NOT NULL,
                    updated_at BIGINT NOT NULL
                );
                ALTER TABLE blind_pairings ADD COLUMN alias_a TEXT;
                ALTER TABLE blind_pairings ADD COLUMN alias_b TEXT;
                CREATE UNIQUE INDEX blind_pairings_alias_a ON blind_pairings (alias_a);
                CREATE UNIQUE INDEX blind_pairings_alias_b ON blind_pairings (alias_b);
                """),
        // Version 9: the event log keeps what training and serving figures read. Its `features`
        // column (a profile snapshot per event) was written but never read: training rebuilds
        // point-in-time features from the log's order (see `EventLog`).
        Migration(
            version: 9, name: "event log without the unread features column",
            sql: """
                ALTER TABLE user_events DROP COLUMN features;
                """),
        // Version 10: a model's bytes live in its registry row, so every instance sharing the database
        // serves the version promoted anywhere (a file under one instance's data directory reaches no
        // other). Rows registered before keep NULL until their file is first loaded (`ModelRegistry.load`).
        Migration(
            version: 10, name: "model bytes in the registry",
            sql: """
                ALTER TABLE ml_models ADD COLUMN model_json TEXT;
                """),
    ]
}
