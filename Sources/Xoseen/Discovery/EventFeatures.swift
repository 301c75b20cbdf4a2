import Foundation

/// The features logged with every first-time decision (what the learned ranker trains on).
public enum EventFeatures {
    struct Features: Encodable {
        let viewerIntent: String
        let candidateIntent: String
        let sharedInterests: Int
        let ageGap: Int
        let distanceKm: Double
        let candidateVerified: Bool
    }

    public static func json(viewer: Profile, candidate: Profile, ranker: RuleBasedRanker) -> String {
        let features = Features(viewerIntent: viewer.intent.rawValue, candidateIntent: candidate.intent.rawValue,
                                sharedInterests: InterestVocabulary.shared(viewer.interests, candidate.interests).count,
                                ageGap: abs(viewer.ageDisplayed - candidate.ageDisplayed),
                                distanceKm: (ranker.distanceKm(viewer, candidate) * 10).rounded() / 10,
                                candidateVerified: candidate.verified)
        return String(decoding: (try? JSONEncoder().encode(features)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
