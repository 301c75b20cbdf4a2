import Foundation

/// The paging step of `POST /ml/rank`: one page of ``CandidateFeed`` inside a cursor chain
/// (``FeedChains``, the ids already served), so that within one chain no candidate repeats and none
/// is skipped even when scores move between pages; plus the shadow log when the learned model
/// scores beside the served ranker. The cursor's text and signature are the API's; this type sees
/// only the chain id behind it.
public struct FeedPager: Sendable {
    public let feed: CandidateFeed
    public let chains: FeedChains
    public let clock: @Sendable () -> Date

    public init(feed: CandidateFeed, chains: FeedChains, clock: @Sendable @escaping () -> Date) {
        self.feed = feed
        self.chains = chains
        self.clock = clock
    }

    /// The chain is unknown, expired or another viewer's.
    public struct UnknownChain: Error, Sendable {}

    public struct Served: Sendable {
        public let page: CandidateFeed.Page
        /// The chain a next page continues; nil when there is none (no more candidates, or the chain is full).
        public let nextChain: String?
    }

    /// The next page for `viewer`: after the ids `chainId` already served (a first page without one),
    /// never showing `hidden` (members of an unrevealed blind pairing, whose card here would link
    /// the name and photo to the partner's blind card).
    public func page(for viewer: Profile, continuing chainId: String?, hiding hidden: Set<String>, limit: Int) async throws
        -> Served
    {
        var chainId = chainId
        var served: Set<String> = []
        let now = clock()
        if let id = chainId {
            guard let chain = try await chains.chain(id, at: now), chain.viewer == viewer.userId else { throw UnknownChain() }
            served = Set(chain.served)
        }
        let ranking = ContinuousClock.now
        let ranked = try await feed.page(for: viewer, excluding: served.union(hidden), limit: limit)
        XoseenMetrics.feedServed(by: ranked.servedBy, duration: ContinuousClock.now - ranking)
        let ids = ranked.candidates.map(\.candidate.userId)
        if let shadow = ranked.shadow, let version = ranked.shadowVersion, let registry = feed.learning?.registry {
            // Shadow mode: the model's scores are logged beside the served ones; what the viewer sees is unchanged.
            try await registry.recordShadow(
                viewer: viewer.userId, candidates: ids,
                served: ranked.candidates.map(\.breakdown.final), shadow: shadow, version: version,
                at: clock())
        }
        // The chain stays in memory (no durable write for a first page); pages after the first are written behind.
        var hasRoom = true
        if let id = chainId {
            hasRoom = chains.extend(id, with: ids, at: now)
        } else {
            chainId = chains.create(viewer: viewer.userId, served: ids, at: now)
        }
        return Served(page: ranked, nextChain: ranked.hasMore && hasRoom ? chainId : nil)
    }
}
