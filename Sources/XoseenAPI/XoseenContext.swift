import Foundation
import HTTPServer
import Xoseen
import XoseenVerification

/// What the routes share, and the feed's ranking step (one place for the candidate filter).
struct XoseenContext: Sendable {
    let profiles: ProfileStore
    let matching: MatchingStore
    let validation: ProfileValidation
    let authorizer: Authorizer
    let signer: TokenSigner
    let ranker: RuleBasedRanker
    let verifications: VerificationStore
    let clock: @Sendable () -> Date

    struct Scored: Sendable {
        let candidate: Profile
        let breakdown: MatchBreakdown
    }

    func ranker(priorLikeRate: Double) -> RuleBasedRanker {
        RuleBasedRanker(weights: ranker.weights, gazetteer: ranker.gazetteer, priorLikeRate: priorLikeRate)
    }

    /// Every eligible candidate for the viewer, best first: verified, not the viewer, not
    /// blocked either way, not already acted on, not already served in this chain, and
    /// mutually compatible (orientation, asexual preferences, ages, distances).
    func rank(for viewer: Profile, excluding served: Set<String>) async throws -> [Scored] {
        let (actedOn, blocked) = try await matching.exclusions(for: viewer.userId)
        let histories = try await matching.likeHistories()
        let ranker = ranker(priorLikeRate: histories.likeRate)
        return try await profiles.all().compactMap { candidate -> Scored? in
            guard candidate.verified, !actedOn.contains(candidate.userId), !blocked.contains(candidate.userId),
                  !served.contains(candidate.userId), ranker.isMutuallyCompatible(viewer, candidate) else { return nil }
            let history = histories.byUser[candidate.userId] ?? LikeHistory(likesGiven: 0, decisionsMade: 0)
            return Scored(candidate: candidate, breakdown: ranker.breakdown(viewer: viewer, candidate: candidate, candidateHistory: history))
        }.sorted { ($0.breakdown.final, $1.candidate.userId) > ($1.breakdown.final, $0.candidate.userId) }
    }

    /// Both users, or 404 `not_found` naming neither.
    func pair(_ viewerId: String, _ candidateId: String) async throws -> (Profile, Profile) {
        guard let viewer = try await profiles.profile(viewerId), let candidate = try await profiles.profile(candidateId) else {
            throw HTTPError.notFound("Unknown viewer or candidate.")
        }
        return (viewer, candidate)
    }

    /// The breakdown served for one pair, with the current like histories.
    func breakdown(_ viewer: Profile, _ candidate: Profile) async throws -> MatchBreakdown {
        let histories = try await matching.likeHistories()
        return ranker(priorLikeRate: histories.likeRate).breakdown(
            viewer: viewer, candidate: candidate,
            candidateHistory: histories.byUser[candidate.userId] ?? LikeHistory(likesGiven: 0, decisionsMade: 0))
    }

    /// Opaque cursor: `<chain id>.<signature>`.
    func cursor(for chainId: String) -> String { chainId + "." + signer.sign("cursor:" + chainId) }

    /// The chain id of a cursor we issued, or nil (malformed, forged, altered).
    func cursorChain(_ cursor: String) -> String? {
        let parts = cursor.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].hasPrefix("ch_"), parts[0].count <= 64,
              signer.isSigned("cursor:" + parts[0], signature: String(parts[1])) else { return nil }
        return String(parts[0])
    }
}
