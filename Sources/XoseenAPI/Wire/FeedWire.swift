import Foundation
import Xoseen

/// `POST /ml/rank` body; `cursor` is a previous page's `nextCursor`, verbatim.
struct RankBody: Decodable {
    let viewerId: String
    let limit: Int?
    let cursor: String?
}

/// `POST /ml/feedback` body: `action` is `like` or `pass`.
struct FeedbackBody: Decodable {
    let viewerId: String
    let candidateId: String
    let action: String
    let test: Bool?
}

/// `POST /web/report` body.
struct ReportBody: Decodable {
    let viewerId: String
    let candidateId: String
    let reason: String?
}

/// One card of the ranked feed: the PII-safe allow-list, nothing else (no exact location,
/// DOB, legal name, document data or tokens ever leave through it).
struct CandidateDTO: Encodable {
    let candidateId: String
    let displayName: String
    let ageDisplayed: Int
    let cityArea: String
    let verifiedBadge: Bool
    let sharedInterests: [String]
    let explanation: String
    let score: Double
    let photoUrl: String
    let bio: String

    static let allowedKeys: Set<String> = [
        "candidateId", "displayName", "ageDisplayed", "cityArea", "verifiedBadge",
        "sharedInterests", "explanation", "score", "photoUrl", "bio",
    ]
}

struct RankAnswer: Encodable {
    let candidates: [CandidateDTO]
    let nextCursor: String?
}

/// `/ml/explain`'s breakdown keys are snake_case, as in the seed.
struct BreakdownDTO: Encodable {
    let trust: Double
    let intent: Double
    let interests: Double
    let texting_style: Double
    let location: Double
    let p_like_back: Double
    let final: Double

    init(_ b: MatchBreakdown) {
        trust = wireScore(b.trust)
        intent = wireScore(b.intent)
        interests = wireScore(b.interests)
        texting_style = wireScore(b.textingStyle)
        location = wireScore(b.location)
        p_like_back = wireScore(b.pLikeBack)
        final = wireScore(b.final)
    }
}

struct ExplainAnswer: Encodable {
    let explanation: String
    let breakdown: BreakdownDTO
}

struct WeightsAnswer: Encodable {
    struct Compatibility: Encodable {
        let trust: Double
        let intent: Double
        let interests: Double
        let texting_style: Double
        let location: Double
    }
    /// The learned model's coefficients, when one serves some viewers (rollout or all).
    struct Learned: Encodable {
        let modelVersion: String
        let rolloutPct: Double
        let bias: Double
        let weights: [String: Double]
    }
    let compatibility: Compatibility
    let pLikeWeight: Double
    let learned: Learned?
}

struct FeedbackAnswer: Encodable {
    let ok: Bool
    let matched: Bool
}
