import Foundation
import Logging
import SQLStore

/// Loads the deterministic seed population into an empty installation: the personas as
/// profiles and their like/pass history as decisions (with the matches it implies), in one
/// transaction. The history ends at the installation time, so it looks recent.
public struct SeedLoader: Sendable {
    public let database: any Database
    private let logger = Logger(label: "xoseen.seed")

    public init(database: any Database) { self.database = database }

    /// Returns how many personas were loaded (0 when seed users already exist).
    @discardableResult
    public func loadIfEmpty(population: SeedPopulation, count: Int = 400, now: Date) async throws -> Int {
        let existing = try await database.read { connection in
            try connection.scalar(Int.self, "SELECT COUNT(*) FROM users WHERE is_seed = 1") ?? 0
        }
        guard existing == 0 else { return 0 }
        let personas = population.generate(count: count)
        let history = population.history(of: personas, endingAt: now)
        let matches = SeedPopulation.matches(in: history)
        let profiles = personas.map { persona in
            Profile(
                userId: persona.userId, displayName: persona.displayName, ageDisplayed: persona.ageDisplayed,
                trustScore: persona.trustScore, intent: persona.intent, interests: persona.interests, cityArea: persona.cityArea,
                ageMin: persona.ageMin, ageMax: persona.ageMax, maxDistanceKm: persona.maxDistanceKm, gender: persona.gender,
                seeking: persona.seeking, asexual: persona.asexual, asexualOnly: persona.asexualOnly, bio: persona.bio,
                textingStyle: persona.textingStyle, photoSeed: String(persona.photoSeed, radix: 16), verified: persona.verified,
                isSeed: true, createdAt: now, updatedAt: now)
        }
        let rows = try profiles.map { try ProfileStore.row(for: $0) }
        try await database.write { connection in
            for row in rows { try connection.execute(ProfileStore.upsertSQL, row) }
            for swipe in history {
                try connection.execute(
                    """
                    INSERT INTO decisions (viewer_id, candidate_id, action, decided_at) VALUES ($1, $2, $3, $4)
                    ON CONFLICT (viewer_id, candidate_id) DO NOTHING
                    """, swipe.viewerId, swipe.candidateId, swipe.action.rawValue, swipe.timestamp)
            }
            for pair in matches {
                try connection.execute(
                    """
                    INSERT INTO matches (user_a, user_b, matched_at) VALUES ($1, $2, $3) ON CONFLICT (user_a, user_b) DO NOTHING
                    """, pair.first, pair.second, now)
            }
        }
        logger.info(
            "seed population loaded",
            [
                "personas": "\(personas.count)", "decisions": "\(history.count)",
                "matches": "\(matches.count)",
            ])
        return personas.count
    }
}
