import Foundation

/// The ranking step of `POST /ml/rank`, in one place: the index's plausible candidates, then the
/// full rule — verified, not the viewer, not blocked either way, not already acted on, not already
/// served in this cursor chain, mutually compatible — scored by the rule-based ranker; best first
/// (score, then user id), keeping only the page asked for.
public struct CandidateFeed: Sendable {
    public let index: CandidateIndex
    public let matching: MatchingStore
    /// Its weights and gazetteer; the prior like rate is taken from the index per request.
    public let ranker: RuleBasedRanker
    /// Which viewers the learned model serves (rollout, shadow); nil = the rules for everyone.
    public let learning: LearnedServing?

    public init(index: CandidateIndex, matching: MatchingStore, ranker: RuleBasedRanker, learning: LearnedServing? = nil) {
        self.index = index
        self.matching = matching
        self.ranker = ranker
        self.learning = learning
    }

    public struct Scored: Sendable {
        public let candidate: Profile
        public let breakdown: MatchBreakdown
    }

    public struct Page: Sendable {
        /// Best first, at most `limit`.
        public let candidates: [Scored]
        /// More eligible candidates remain after this page.
        public let hasMore: Bool
        /// `rule_based` or `learned`: what served this viewer.
        public var servedBy = "rule_based"
        /// In shadow mode, the learned model's `final` for each candidate of the page (logged, not served).
        public var shadow: [Double]? = nil
        public var shadowVersion: String? = nil
    }

    /// The ranker with the current population like rate as its prior.
    public var currentRanker: RuleBasedRanker {
        RuleBasedRanker(weights: ranker.weights, gazetteer: ranker.gazetteer, priorLikeRate: index.likeRate)
    }

    public func page(for viewer: Profile, excluding served: Set<String>, limit: Int) async throws -> Page {
        // The cached set is shared: the chain's ids are checked beside it rather than merged into a copy.
        let excluded = try await matching.excluded(for: viewer.userId)
        let ranker = currentRanker
        let assignment = learning?.assignment(for: viewer.userId) ?? .ruleBased(shadow: nil)
        var learned: LearnedScorer?
        if case .learned(let scorer) = assignment { learned = scorer }
        let viewerStats = learned == nil ? ActivityStats() : index.activity(of: viewer.userId)
        let viewerInterests = InterestSet(viewer.interests)
        // Two stages for the learned model: the rules pick the best `rerankDepth`, the model orders them
        // (its features cost about five times the rules', so it never scores the long tail).
        var best = BestScored(capacity: learned == nil ? limit + 1 : max(limit + 1, Self.rerankDepth))
        index.scan(for: viewer) { entry, km in
            guard entry.profile.verified, excluded.isEmpty || !excluded.contains(entry.profile.userId),
                served.isEmpty || !served.contains(entry.profile.userId),
                ranker.isMutuallyCompatible(viewer, entry.profile, distanceKm: km)
            else { return }
            let measures: RuleBasedRanker.PairMeasures
            if let mine = viewerInterests, let theirs = entry.interests {
                measures = .init(
                    distanceKm: km, interestsForA: mine.sharedScore(with: theirs), interestsForB: theirs.sharedScore(with: mine))
            } else {
                measures = ranker.measures(viewer, entry.profile)
            }
            best.offer(
                entry,
                ranker.breakdown(
                    viewer: viewer, candidate: entry.profile, candidateHistory: entry.tally.history,
                    candidateAppeal: entry.received.history, measures: measures))
        }
        var ranked = best.sorted()
        if let learned {
            let tastes = index.taste(
                viewer: viewer.userId, candidates: ranked.map(\.candidate.userId), prior: ranker.priorLikeRate)
            ranked = zip(ranked, tastes).map { scored, taste in
                Scored(
                    candidate: scored.candidate,
                    breakdown: learnedBreakdown(
                        scored.breakdown, viewer, scored.candidate, learned, ranker, taste: taste,
                        viewerStats: viewerStats, candidateStats: index.activity(of: scored.candidate.userId)))
            }.sorted(by: BestScored.ranksBefore)
        }
        var page = Page(candidates: Array(ranked.prefix(limit)), hasMore: ranked.count > limit)
        if learned != nil { page.servedBy = "learned" }
        if case .ruleBased(let shadow?) = assignment {
            let stats = index.activity(of: viewer.userId)
            let tastes = index.taste(
                viewer: viewer.userId, candidates: page.candidates.map(\.candidate.userId), prior: ranker.priorLikeRate)
            page.shadow = zip(page.candidates, tastes).map { scored, taste in
                learnedBreakdown(
                    scored.breakdown, viewer, scored.candidate, shadow, ranker, taste: taste, viewerStats: stats,
                    candidateStats: index.activity(of: scored.candidate.userId)
                ).final
            }
            page.shadowVersion = shadow.version
        }
        return page
    }

    /// How many of the rules' best candidates the learned model re-orders per page.
    public static let rerankDepth = 300

    /// The rule sub-scores (what the explanation reads), with `p_like_back` = P(candidate likes
    /// viewer) and `final` = √(P(viewer → candidate) · P(candidate → viewer)) from the model.
    /// `taste`: the pair's taste signals both ways (`CandidateIndex.taste`, computed for a whole page at once).
    func learnedBreakdown(
        _ rules: MatchBreakdown, _ viewer: Profile, _ candidate: Profile, _ scorer: LearnedScorer,
        _ ranker: RuleBasedRanker, taste: TasteGraph.BothWays, viewerStats: ActivityStats, candidateStats: ActivityStats
    ) -> MatchBreakdown {
        let prior = ranker.priorLikeRate
        let (mine, theirs) = taste
        let forward = PairFeatures.vector(
            viewer: viewer, candidate: candidate, ranker: ranker, viewerStats: viewerStats,
            candidateStats: candidateStats, prior: prior, taste: mine)
        let reverse = PairFeatures.vector(
            viewer: candidate, candidate: viewer, ranker: ranker, viewerStats: candidateStats,
            candidateStats: viewerStats, prior: prior, taste: theirs)
        var breakdown = rules
        breakdown.pLikeBack = scorer.model.probability(reverse)
        breakdown.final = scorer.final(forward: forward, reverse: reverse)
        return breakdown
    }

    /// Who serves this viewer: `rule_based` or `learned`.
    public func servedBy(_ viewerId: String) -> String {
        if case .learned = learning?.assignment(for: viewerId) { return "learned" }
        return "rule_based"
    }

    /// The breakdown for one pair with the current like counts (explain, and what feedback logs).
    /// With the ranker that serves this viewer.
    public func breakdown(_ viewer: Profile, _ candidate: Profile) -> MatchBreakdown {
        let ranker = currentRanker
        let rules = ranker.breakdown(
            viewer: viewer, candidate: candidate, candidateHistory: index.likeHistory(of: candidate.userId),
            candidateAppeal: index.receivedHistory(of: candidate.userId))
        guard case .learned(let scorer) = learning?.assignment(for: viewer.userId) else { return rules }
        return learnedBreakdown(
            rules, viewer, candidate, scorer, ranker,
            taste: index.taste(viewer: viewer.userId, candidate: candidate.userId, prior: ranker.priorLikeRate),
            viewerStats: index.activity(of: viewer.userId), candidateStats: index.activity(of: candidate.userId))
    }
}

/// The best `capacity` scored candidates seen so far (a heap whose root is the worst kept), so a
/// page costs O(n log k) rather than sorting every eligible candidate.
struct BestScored {
    let capacity: Int
    private var heap: [CandidateFeed.Scored] = []

    init(capacity: Int) {
        self.capacity = capacity
        heap.reserveCapacity(capacity)
    }

    /// `a` ranks before `b`: higher final score, then the smaller user id.
    static func ranksBefore(_ a: CandidateFeed.Scored, _ b: CandidateFeed.Scored) -> Bool {
        (a.breakdown.final, b.candidate.userId) > (b.breakdown.final, a.candidate.userId)
    }

    mutating func offer(_ entry: CandidateIndex.Entry, _ breakdown: MatchBreakdown) {
        if heap.count < capacity {
            heap.append(CandidateFeed.Scored(candidate: entry.profile, breakdown: breakdown))
            siftUp(heap.count - 1)
        } else if let worst = heap.first,
            (breakdown.final, worst.candidate.userId) > (worst.breakdown.final, entry.profile.userId)
        {
            heap[0] = CandidateFeed.Scored(candidate: entry.profile, breakdown: breakdown)
            siftDown(0)
        }
    }

    func sorted() -> [CandidateFeed.Scored] { heap.sorted(by: Self.ranksBefore) }

    // Heap order: a parent ranks after (is worse than) its children.
    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.ranksBefore(heap[parent], heap[child]) else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            var worst = parent
            let left = 2 * parent + 1
            let right = left + 1
            if left < heap.count, Self.ranksBefore(heap[worst], heap[left]) { worst = left }
            if right < heap.count, Self.ranksBefore(heap[worst], heap[right]) { worst = right }
            guard worst != parent else { return }
            heap.swapAt(parent, worst)
            parent = worst
        }
    }
}
