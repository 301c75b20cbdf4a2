import Foundation
import SQLStore

/// Profiles in the database. Lists are stored as JSON text (portable). Every save also updates
/// the in-memory ``CandidateIndex`` (write-through), after its write transaction commits.
public struct ProfileStore: Sendable {
    public let database: any Database
    public let index: CandidateIndex

    public init(database: any Database, index: CandidateIndex) {
        self.database = database
        self.index = index
    }

    public func profile(_ userId: String) async throws -> Profile? {
        try await database.readStatement("SELECT * FROM users WHERE id = $1", [userId.sqlValue]).first.map(Self.profile(from:))
    }

    /// The profile as the feed sees it: the ``CandidateIndex`` entry for a verified user (saves
    /// reach it after their commit, on every instance through the relay), else the stored row.
    public func feedProfile(_ userId: String) async throws -> Profile? {
        if let indexed = index.profile(of: userId) { return indexed }
        return try await profile(userId)
    }

    /// Inserts or replaces the profile (an edit keeps decisions, blocks and matches: they live
    /// in their own tables, keyed by user id).
    public func save(_ profile: Profile) async throws {
        let row = try Self.row(for: profile)
        let index = index
        // The index learns of the save only once it has committed (a failed COMMIT must not leave
        // the feed serving a profile the store lacks); the ticket keeps concurrent saves in order.
        let ticket = try await database.write { connection in
            try connection.execute(Self.upsertSQL, row)
            return index.reserveTicket()
        }
        index.upsert(profile, ticket: ticket)
    }

    /// Sign-up: inserts the profile only if the id is still free, deciding inside the write
    /// transaction (two concurrent sign-ups for one id: exactly one is created). `within` runs
    /// in the same transaction first (the verifier's claim is consumed there) and may throw to
    /// abort it. False when the id was taken meanwhile.
    public func create(_ profile: Profile, within: @escaping @Sendable (any SQLConnection) throws -> Void = { _ in }) async throws
        -> Bool
    {
        let row = try Self.row(for: profile)
        let created = try await database.write { connection -> Bool in
            if try connection.scalar(Int.self, "SELECT 1 FROM users WHERE id = $1", profile.userId) != nil { return false }
            try within(connection)
            try connection.execute(Self.upsertSQL, row)
            return true
        }
        // After the commit: the feed never serves a profile the database lacks.
        if created { index.upsert(profile) }
        return created
    }

    static let upsertSQL = """
        INSERT INTO users (id, display_name, age_displayed, trust_score, intent, interests, city_area, age_min, age_max,
                           max_distance_km, gender, seeking, asexual, asexual_only, bio, texting_style, photo_seed,
                           verified, is_seed, created_at, updated_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
        ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name, age_displayed = excluded.age_displayed,
            trust_score = excluded.trust_score, intent = excluded.intent, interests = excluded.interests,
            city_area = excluded.city_area, age_min = excluded.age_min, age_max = excluded.age_max,
            max_distance_km = excluded.max_distance_km, gender = excluded.gender, seeking = excluded.seeking,
            asexual = excluded.asexual, asexual_only = excluded.asexual_only, bio = excluded.bio,
            texting_style = excluded.texting_style, verified = excluded.verified, updated_at = excluded.updated_at
        """

    static func row(for profile: Profile) throws -> [SQLValue] {
        let interests = try json(profile.interests)
        let seeking = try json(profile.seeking.map(\.rawValue).sorted())
        let style = try profile.textingStyle.map { try json($0) } ?? "{}"
        let values: [any SQLValueConvertible] = [
            profile.userId, profile.displayName, profile.ageDisplayed, profile.trustScore, profile.intent.rawValue, interests,
            profile.cityArea, profile.ageMin, profile.ageMax, profile.maxDistanceKm, profile.gender.rawValue, seeking,
            profile.asexual, profile.asexualOnly, profile.bio, style, profile.photoSeed, profile.verified, profile.isSeed,
            profile.createdAt, profile.updatedAt,
        ]
        return values.map(\.sqlValue)
    }

    /// Every profile (what ``CandidateIndex`` is built from at start; the feed reads the index).
    public func all() async throws -> [Profile] {
        try await database.read { connection in try connection.query("SELECT * FROM users").map(Self.profile(from:)) }
    }

    /// Everyone who can pick themselves in the demo picker: id, name, area (`personasOnly`: the seed personas).
    public func viewers(personasOnly: Bool = false) async throws -> [(id: String, displayName: String, cityArea: String)] {
        try await database.read { connection in
            try connection.query(
                "SELECT id, display_name, city_area FROM users \(personasOnly ? "WHERE is_seed = 1 " : "")"
                    + "ORDER BY is_seed, display_name, id"
            ).map {
                (
                    try $0.decode(String.self, "id"), try $0.decode(String.self, "display_name"),
                    try $0.decode(String.self, "city_area")
                )
            }
        }
    }

    public func count() async throws -> Int {
        try await database.read { connection in try connection.scalar(Int.self, "SELECT COUNT(*) FROM users") ?? 0 }
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    static func profile(from row: SQLRow) throws -> Profile {
        let decoder = JSONDecoder()
        let interests = try decoder.decode([String].self, from: Data(try row.decode(String.self, "interests").utf8))
        let seeking = try decoder.decode([String].self, from: Data(try row.decode(String.self, "seeking").utf8))
        let styleText = try row.decode(String.self, "texting_style")
        return Profile(
            userId: try row.decode(String.self, "id"), displayName: try row.decode(String.self, "display_name"),
            ageDisplayed: try row.decode(Int.self, "age_displayed"), trustScore: try row.decode(Double.self, "trust_score"),
            intent: Intent(rawValue: try row.decode(String.self, "intent")) ?? .longTerm, interests: interests,
            cityArea: try row.decode(String.self, "city_area"), ageMin: try row.decode(Int.self, "age_min"),
            ageMax: try row.decode(Int.self, "age_max"), maxDistanceKm: try row.decode(Double.self, "max_distance_km"),
            gender: Gender(rawValue: try row.decode(String.self, "gender")) ?? .nonbinary,
            seeking: Set(seeking.compactMap(Gender.init(rawValue:))), asexual: try row.decode(Bool.self, "asexual"),
            asexualOnly: try row.decode(Bool.self, "asexual_only"), bio: try row.decode(String.self, "bio"),
            textingStyle: styleText == "{}" ? nil : try? decoder.decode(TextingStyle.self, from: Data(styleText.utf8)),
            photoSeed: try row.decode(String.self, "photo_seed"), verified: try row.decode(Bool.self, "verified"),
            isSeed: try row.decode(Bool.self, "is_seed"), createdAt: try row.decode(Date.self, "created_at"),
            updatedAt: try row.decode(Date.self, "updated_at"))
    }
}
