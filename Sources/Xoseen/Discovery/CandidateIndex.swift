import Synchronization

/// The feed's candidate pool, in memory, so a rank request reads only plausible candidates instead
/// of every profile, and `p_like_back` reads like counts without a query.
///
/// **Partitions.** Every verified profile sits in one bucket keyed by (its gender, the set of genders
/// it seeks, its city area); each bucket is sorted by age. For a viewer the index visits only the
/// buckets whose gender the viewer seeks, whose seeking set contains the viewer's gender and whose
/// area is within the viewer's `maxDistanceKm`, and in each only the slice inside the viewer's age
/// range. The cheap reverse checks (the candidate's own distance limit and age range) follow; the
/// full mutual filter (``RuleBasedRanker/isMutuallyCompatible(_:_:)``) stays the authority, applied
/// by ``CandidateFeed`` to whatever the index yields. Unverified profiles are never candidates and
/// are not indexed.
///
/// **Consistency.** The index is a write-through cache of `users` and of the like counts in
/// `decisions`: ``ProfileStore/save(_:)`` calls ``upsert(_:ticket:)`` and ``MatchingStore/decide``
/// calls ``recordDecision(by:like:)`` once their write transactions have committed (a failed
/// COMMIT leaves the index as it was; a ticket taken inside the transaction keeps saves in commit
/// order with one writer; counts commute), and the server rebuilds it from the store at start
/// (``load(profiles:matching:)``). Each recently active viewer's exclusions (decisions and blocks)
/// are cached in ``exclusions`` and grow with every committed decision and block (see
/// ``ViewerExclusions``); a rank request for an indexed viewer reads the viewer's profile from here
/// (``profile(of:)``). Served cursor chains are ``FeedChains``'.
///
/// **What it assumes**: every write to `users` goes through ``ProfileStore`` (a write elsewhere must
/// call ``upsert(_:)``), and this process hears every decision. With several instances each keeps
/// its own index: ``observeLocalChanges(_:)`` reports this instance's profile saves, first-time
/// decisions and blocks (the API layer publishes them on Redis), and the peers apply them with
/// ``applyPeerProfile(_:)`` (after re-reading the row), ``applyPeerDecision(by:about:like:)`` and
/// ``applyPeerBlock(_:_:)``, which do not report again. Like counts are a smoothed estimate, so a
/// short lag moves scores only slightly; a decision or block reaches a peer's cached exclusions
/// within the relay's delay (milliseconds).
/// Memory: about 1 KiB per indexed profile, plus the exclusions cache (bounded by its budget of ids).
public final class CandidateIndex: Sendable {
    /// Where a profile sits, for tests and diagnostics.
    public struct Partition: Sendable, Equatable {
        public var gender: Gender
        public var seeking: Set<Gender>
        public var cityArea: String

        public init(gender: Gender, seeking: Set<Gender>, cityArea: String) {
            self.gender = gender
            self.seeking = seeking
            self.cityArea = cityArea
        }
    }

    /// An indexed profile with what the scan needs at hand.
    final class Entry: Sendable {
        let profile: Profile
        let tally: LikeTally
        /// Likes and decisions others made about them (the rules' appeal).
        let received: LikeTally
        let area: Int
        /// Nil only for a slug outside the vocabulary (the string form is used then).
        let interests: InterestSet?
        init(profile: Profile, tally: LikeTally, received: LikeTally, area: Int) {
            self.profile = profile
            self.tally = tally
            self.received = received
            self.area = area
            interests = InterestSet(profile.interests)
        }
    }

    private struct State {
        /// Bucket slot → entries sorted by (age, user id). Replaced bucket by bucket: a scan holding
        /// an older copy keeps reading it unchanged.
        var buckets: [[Entry]]
        var slots: [String: Int] = [:]
        /// Each indexed profile's entry (the viewer's own profile for a rank request).
        var entries: [String: Entry] = [:]
        var tallies: [String: LikeTally] = [:]
        /// Likes and decisions others made about each user (the learned ranker's liked-rate).
        var received: [String: LikeTally] = [:]
        /// The write ticket of each user's last applied save (see ``reserveTicket()``).
        var applied: [String: UInt64] = [:]
        var nextTicket: UInt64 = 1
    }

    /// A change made through this instance, for its peers.
    public enum LocalChange: Sendable, Equatable {
        case profile(userId: String)
        case decision(viewerId: String, candidateId: String?, like: Bool)
        case block(blockerId: String, blockedId: String)
    }

    private let areas: AreaDistances
    private let state: Mutex<State>
    private let population = LikeTally()
    /// Recent decisions both ways (its own lock: features for a page read it while saves write buckets).
    private let tasteGraph = Mutex(TasteGraph())
    private let observer = Mutex<(@Sendable (LocalChange) -> Void)?>(nil)
    /// Who each recently active viewer must not be shown (decisions and blocks).
    public let exclusions: ViewerExclusions

    /// Reports every later local ``upsert(_:ticket:)`` and ``recordDecision(by:about:like:)``.
    public func observeLocalChanges(_ observer: @escaping @Sendable (LocalChange) -> Void) {
        self.observer.withLock { $0 = observer }
    }

    private func report(_ change: LocalChange) {
        observer.withLock { $0 }?(change)
    }

    /// Another instance saved this profile (re-read from the store): applied here, not reported again.
    public func applyPeerProfile(_ profile: Profile) {
        apply(profile, ticket: nil)
    }

    /// Another instance recorded this first-time decision: counted here, not reported again.
    public func applyPeerDecision(by viewerId: String, about candidateId: String?, like: Bool) {
        count(by: viewerId, about: candidateId, like: like)
    }

    /// Another instance stored this block: both users' cached exclusions take the other in.
    public func applyPeerBlock(_ blocker: String, _ blocked: String) {
        exclude(blocker, blocked)
    }

    /// A block committed here: hidden both ways from now on, and reported to the peers.
    public func recordBlock(_ blocker: String, _ blocked: String) {
        exclude(blocker, blocked)
        report(.block(blockerId: blocker, blockedId: blocked))
    }

    private func exclude(_ blocker: String, _ blocked: String) {
        exclusions.record(blocker, excludes: blocked)
        exclusions.record(blocked, excludes: blocker)
    }

    public init(gazetteer: Gazetteer, exclusionLimits: ViewerExclusions.Limits = .init()) {
        exclusions = ViewerExclusions(limits: exclusionLimits)
        areas = AreaDistances(gazetteer: gazetteer)
        state = Mutex(State(buckets: Array(repeating: [], count: Gender.allCases.count * 8 * areas.count)))
    }

    /// Builds the index from the store (at start, and after the seed population is loaded).
    public func load(profiles: ProfileStore, matching: MatchingStore) async throws {
        let histories = try await matching.likeHistories().byUser
        let received = try await matching.receivedHistories()
        let all = try await profiles.all()
        replaceAll(profiles: all, histories: histories, received: received)
        replaceTaste(try await matching.tasteGraph())
    }

    /// Replaces everything with these profiles and per-user like counts.
    public func replaceAll(profiles: [Profile], histories: [String: LikeHistory], received: [String: LikeHistory] = [:]) {
        var fresh = State(buckets: Array(repeating: [], count: Gender.allCases.count * 8 * areas.count))
        for (userId, history) in received { fresh.received[userId] = LikeTally(history) }
        var likes = 0
        var decisions = 0
        for (userId, history) in histories {
            fresh.tallies[userId] = LikeTally(history)
            likes += history.likesGiven
            decisions += history.decisionsMade
        }
        for profile in profiles where profile.verified {
            let tally = fresh.tallies[profile.userId] ?? LikeTally()
            fresh.tallies[profile.userId] = tally
            let received = fresh.received[profile.userId] ?? LikeTally()
            fresh.received[profile.userId] = received
            let slot = slot(of: profile)
            fresh.buckets[slot].append(
                Entry(profile: profile, tally: tally, received: received, area: areas.ordinal(of: profile.cityArea)))
            fresh.slots[profile.userId] = slot
            fresh.entries[profile.userId] = fresh.buckets[slot].last
        }
        for slot in fresh.buckets.indices where !fresh.buckets[slot].isEmpty {
            fresh.buckets[slot].sort(by: Self.ordered)
        }
        state.withLock { current in
            fresh.nextTicket = current.nextTicket
            current = fresh
            population.reset(to: LikeHistory(likesGiven: likes, decisionsMade: decisions))
        }
        // Decisions and blocks may have been missed (Redis down) or erased: read them again.
        exclusions.removeAll()
    }

    /// A ticket taken inside a write transaction, so saves applied after their COMMIT still apply
    /// in commit order: ``upsert(_:ticket:)`` ignores a save older than the one already applied.
    public func reserveTicket() -> UInt64 {
        state.withLock { state in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
    }

    /// A saved profile: placed in (or moved to) its partition; taken out when no longer verified.
    /// Called after the save committed, with the ticket its transaction took (nil: apply now).
    public func upsert(_ profile: Profile, ticket: UInt64? = nil) {
        apply(profile, ticket: ticket)
        report(.profile(userId: profile.userId))
    }

    private func apply(_ profile: Profile, ticket: UInt64?) {
        state.withLock { state in
            var ticket = ticket ?? 0
            if ticket == 0 {
                ticket = state.nextTicket
                state.nextTicket += 1
            }
            guard ticket > state.applied[profile.userId] ?? 0 else { return }
            state.applied[profile.userId] = ticket
            state.entries[profile.userId] = nil
            if let old = state.slots.removeValue(forKey: profile.userId) {
                state.buckets[old].removeAll { $0.profile.userId == profile.userId }
            }
            guard profile.verified else { return }
            let tally = state.tallies[profile.userId] ?? LikeTally()
            state.tallies[profile.userId] = tally
            let received = state.received[profile.userId] ?? LikeTally()
            state.received[profile.userId] = received
            let slot = slot(of: profile)
            let entry = Entry(profile: profile, tally: tally, received: received, area: areas.ordinal(of: profile.cityArea))
            let at = state.buckets[slot].partitioningIndex { !Self.ordered($0, entry) }
            state.buckets[slot].insert(entry, at: at)
            state.slots[profile.userId] = slot
            state.entries[profile.userId] = entry
        }
    }

    /// A first-time like or pass by `viewerId` (repeats must not be recorded).
    public func recordDecision(by viewerId: String, about candidateId: String? = nil, like: Bool) {
        count(by: viewerId, about: candidateId, like: like)
        report(.decision(viewerId: viewerId, candidateId: candidateId, like: like))
    }

    private func count(by viewerId: String, about candidateId: String?, like: Bool) {
        if let candidateId { exclusions.record(viewerId, excludes: candidateId) }
        let (tally, about) = state.withLock { state in
            let tally = state.tallies[viewerId] ?? LikeTally()
            state.tallies[viewerId] = tally
            guard let candidateId else { return (tally, nil as LikeTally?) }
            let about = state.received[candidateId] ?? LikeTally()
            state.received[candidateId] = about
            return (tally, about)
        }
        tally.record(like: like)
        about?.record(like: like)
        population.record(like: like)
        if let candidateId { tasteGraph.withLock { $0.record(viewer: viewerId, candidate: candidateId, like: like) } }
    }

    /// The taste signals both ways for a pair (the learned ranker's collaborative features).
    public func taste(viewer: String, candidate: String, prior: Double) -> (TasteGraph.Signals, TasteGraph.Signals) {
        tasteGraph.withLock {
            (
                $0.signals(viewer: viewer, candidate: candidate, prior: prior),
                $0.signals(viewer: candidate, candidate: viewer, prior: prior)
            )
        }
    }

    /// The same for one viewer against a page of candidates, in one pass (`TasteGraph+Batch.swift`).
    public func taste(viewer: String, candidates: [String], prior: Double) -> [TasteGraph.BothWays] {
        tasteGraph.withLock { $0.signals(viewer: viewer, candidates: candidates, prior: prior) }
    }

    /// Replaces the taste memory (at load, from the decisions in time order).
    public func replaceTaste(_ graph: TasteGraph) {
        tasteGraph.withLock { $0 = graph }
    }

    /// The user's own likes and decisions (what `p_like_back` is estimated from).
    public func likeHistory(of userId: String) -> LikeHistory {
        state.withLock { $0.tallies[userId] }?.history ?? LikeHistory(likesGiven: 0, decisionsMade: 0)
    }

    /// The likes and decisions others made about the user (the rules' appeal).
    public func receivedHistory(of userId: String) -> LikeHistory {
        state.withLock { $0.received[userId] }?.history ?? LikeHistory(likesGiven: 0, decisionsMade: 0)
    }

    /// What the user did and had done to them so far (the learned ranker's activity features).
    public func activity(of userId: String) -> ActivityStats {
        let (given, received) = state.withLock { ($0.tallies[userId]?.history, $0.received[userId]?.history) }
        return ActivityStats(
            likesGiven: given?.likesGiven ?? 0, decisionsMade: given?.decisionsMade ?? 0,
            likesReceived: received?.likesGiven ?? 0, decisionsReceived: received?.decisionsMade ?? 0)
    }

    /// The population's like rate (the smoothing prior); 0.3 before anyone has decided.
    public var likeRate: Double {
        let total = population.history
        return total.decisionsMade == 0 ? 0.3 : Double(total.likesGiven) / Double(total.decisionsMade)
    }

    public var count: Int { state.withLock { $0.slots.count } }

    /// The indexed (verified) profile with this id, as last saved through any instance; nil when
    /// it is not indexed (the caller reads the store).
    public func profile(of userId: String) -> Profile? {
        state.withLock { $0.entries[userId]?.profile }
    }

    public func partition(of userId: String) -> Partition? {
        state.withLock { state in
            guard let entry = state.entries[userId] else { return nil }
            return Partition(gender: entry.profile.gender, seeking: entry.profile.seeking, cityArea: entry.profile.cityArea)
        }
    }

    /// Calls `visit` with every indexed profile that passes the partition and range checks both
    /// ways for `viewer` (gender and seeking, distance limits, age ranges), with its like counts.
    /// Reads a snapshot: writes that land during the scan are seen by the next one.
    public func forEachPlausible(for viewer: Profile, _ visit: (Profile, LikeHistory) -> Void) {
        scan(for: viewer) { entry, _ in visit(entry.profile, entry.tally.history) }
    }

    /// ``forEachPlausible(for:_:)`` without copies: each entry with its centroid distance from the viewer.
    func scan(for viewer: Profile, _ visit: (Entry, Double) -> Void) {
        let buckets = state.withLock { $0.buckets }
        let viewerArea = areas.ordinal(of: viewer.cityArea)
        let reachable = areas.within(viewer.maxDistanceKm, of: viewerArea)
        let viewerBit = Self.bit(viewer.gender)
        for gender in viewer.seeking {
            for mask in 1..<8 where mask & viewerBit != 0 {
                for (area, km) in reachable {
                    let bucket = buckets[slot(gender: gender, seekingMask: mask, area: area)]
                    var i = bucket.partitioningIndex { $0.profile.ageDisplayed >= viewer.ageMin }
                    while i < bucket.count, bucket[i].profile.ageDisplayed <= viewer.ageMax {
                        let entry = bucket[i]
                        if km <= entry.profile.maxDistanceKm, entry.profile.ageMin <= viewer.ageDisplayed,
                            viewer.ageDisplayed <= entry.profile.ageMax
                        {
                            visit(entry, km)
                        }
                        i += 1
                    }
                }
            }
        }
    }

    // MARK: Slots

    private static func bit(_ gender: Gender) -> Int {
        switch gender {
        case .woman: 1
        case .man: 2
        case .nonbinary: 4
        }
    }

    private func slot(gender: Gender, seekingMask: Int, area: Int) -> Int {
        let g = Self.bit(gender).trailingZeroBitCount
        return (g * 8 + seekingMask) * areas.count + area
    }

    private func slot(of profile: Profile) -> Int {
        slot(
            gender: profile.gender, seekingMask: profile.seeking.reduce(0) { $0 | Self.bit($1) },
            area: areas.ordinal(of: profile.cityArea))
    }

    private static func ordered(_ a: Entry, _ b: Entry) -> Bool {
        (a.profile.ageDisplayed, a.profile.userId) < (b.profile.ageDisplayed, b.profile.userId)
    }
}

extension Array {
    /// The first index whose element satisfies `predicate`, which must be false then true along the array.
    func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if predicate(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
