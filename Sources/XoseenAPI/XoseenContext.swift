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
    /// The ranking step of the feed (candidate index, filters, ranker).
    let feed: CandidateFeed
    let chat: ChatService
    let verifications: VerificationStore
    let clock: @Sendable () -> Date
    /// The feed's cursor chains (memory, expiring, written behind).
    let chains: FeedChains
    /// Per-user token versions (revocation).
    let tokenVersions: TokenVersions

    var photoKeys: PhotoKeys { PhotoKeys(signer: signer) }

    /// A token for `userId` under the user's current token version (every route that issues one uses this).
    func issueToken(for userId: String) -> String { signer.issue(for: userId, version: tokenVersions.version(of: userId)) }

    var ranker: RuleBasedRanker { feed.ranker }

    /// `/ml/rank`'s paging: the feed within its cursor chains.
    var pager: FeedPager { FeedPager(feed: feed, chains: chains, clock: clock) }

    /// A verification decision changed the user's row (badge, trust score, age): the candidate
    /// index must see it at once, not at the next restart.
    func reindex(_ userId: String) async throws {
        if let profile = try await profiles.profile(userId) { feed.index.upsert(profile) }
    }

    /// Both users, or 404 `not_found` naming neither.
    func pair(_ viewerId: String, _ candidateId: String) async throws -> (Profile, Profile) {
        guard let viewer = try await profiles.profile(viewerId), let candidate = try await profiles.profile(candidateId) else {
            throw HTTPError.notFound("Unknown viewer or candidate.")
        }
        return (viewer, candidate)
    }

    /// The breakdown served for one pair, with the current like counts.
    func breakdown(_ viewer: Profile, _ candidate: Profile) -> MatchBreakdown { feed.breakdown(viewer, candidate) }

    /// Opaque cursor: `<chain id>.<signature>`.
    func cursor(for chainId: String) -> String { chainId + "." + signer.sign("cursor:" + chainId) }

    /// The chain id of a cursor we issued, or nil (malformed, forged, altered).
    func cursorChain(_ cursor: String) -> String? {
        let parts = cursor.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].hasPrefix("ch_"), parts[0].count <= 64,
            signer.isSigned("cursor:" + parts[0], signature: String(parts[1]))
        else { return nil }
        return String(parts[0])
    }
}
