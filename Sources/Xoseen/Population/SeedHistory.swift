import Foundation

extension SeedPopulation {
    /// A time-ordered history of likes and passes among `personas` over the `days` before `endingAt`.
    ///
    /// How it is simulated:
    /// - Each persona has hidden traits drawn from `(seed, userId)`: how many people they act on (20–80), how
    ///   choosy they are (a quarter choosy, a fifth generous, the rest in between) and an appeal others react to.
    /// - Viewers are shown mutually compatible people (``Attraction/isMutual(_:_:)``) in a feed-like order
    ///   (inside their age range and distance first), with about one in twelve from outside the mutual filter
    ///   mixed in, and everyone else only when the compatible ones run out. Among the
    ///   next few in line the least-seen person comes first, so everyone is acted on by a similar number of
    ///   people; and about one time in seven a viewer answers someone who already liked them (a "likes you"
    ///   queue), which is where most matches come from.
    /// - A viewer likes a compatible candidate with probability `σ(7·(u − 0.6) + choosiness + appeal)`, where `u`
    ///   is a hidden compatibility: 0.30 shared interests (rarity-weighted) + 0.20 intent + 0.20 age fit + 0.15
    ///   distance fit + 0.15 texting style, plus ``Lifestyle/dealbreaker(for:)`` when both carry real lifestyle
    ///   answers (personas past the demo). Incompatible people are always passed.
    /// - Each viewer's actions are spread evenly over the window, so nobody's history is all old or all new.
    ///
    /// Cost: O(n²) up to about 600 personas; above that each viewer draws from a random sample of 600, so a
    /// 100k-profile benchmark population gets a history in O(n).
    public func history(
        of personas: [PersonaProfile], seed: UInt64 = 42,
        endingAt end: Date = SeedPopulation.referenceDate, days: Int = 60
    ) -> [PersonaSwipe] {
        let n = personas.count
        guard n > 1 else { return [] }
        let traits = personas.map { HiddenTraits(userId: $0.userId, seed: seed) }
        let attraction = personas.map(\.attraction)
        let centroids = personas.map { gazetteer.resolve($0.cityArea)?.centroid }
        var rng = SplitMix64(seed: seed, stream: 0x4849_5354_4F52_59)

        func distance(_ v: Int, _ c: Int) -> Double {
            guard let a = centroids[v], let b = centroids[c] else { return 25 }
            return a.distanceKm(to: b)
        }
        func withinPreferences(_ v: Int, _ c: Int) -> Bool {
            let viewer = personas[v]
            let candidate = personas[c]
            return (viewer.ageMin...viewer.ageMax).contains(candidate.ageDisplayed)
                && distance(v, c) <= viewer.maxDistanceKm
        }
        func likeProbability(_ v: Int, _ c: Int) -> Double {
            let viewer = personas[v]
            let candidate = personas[c]
            let interests = InterestVocabulary.sharedInterestScore(viewer.interests, candidate.interests)
            let intent = viewer.intent.compatibility(with: candidate.intent)
            let outside = max(viewer.ageMin - candidate.ageDisplayed, candidate.ageDisplayed - viewer.ageMax, 0)
            let age = exp(-Double(outside) / 3)
            let km = distance(v, c)
            let place =
                km <= viewer.maxDistanceKm
                ? 1 - 0.5 * km / viewer.maxDistanceKm : 0.5 * exp(-(km - viewer.maxDistanceKm) / 5)
            let texting = viewer.textingStyle.compatibility(with: candidate.textingStyle)
            let u = 0.30 * interests + 0.20 * intent + 0.20 * age + 0.15 * place + 0.15 * texting
            // Lifestyle clashes (personas past the demo carry real answers; the demo has none, so no change there).
            let clash = viewer.lifestyle.flatMap { mine in candidate.lifestyle.map { mine.dealbreaker(for: $0) } } ?? 0
            return 1 / (1 + exp(-(7 * (u - 0.6) + traits[v].choosiness + traits[c].appeal + clash)))
        }

        // Who a viewer can be shown: everyone at the seed's size; for large populations (benchmarks) a random
        // sample of `poolLimit`, which keeps the simulation O(n · poolLimit) in time and memory instead of O(n²).
        let poolLimit = 600
        func sample(excluding v: Int?) -> [Int] {
            if n - (v == nil ? 0 : 1) <= poolLimit { return (0..<n).filter { $0 != v } }
            var picked = Set<Int>()
            var result: [Int] = []
            while result.count < poolLimit {
                let c = rng.below(n)
                if c != v, picked.insert(c).inserted { result.append(c) }
            }
            return result
        }
        func mutual(_ v: Int, _ c: Int) -> Bool { Attraction.isMutual(attraction[v], attraction[c]) }
        // How many people each persona is compatible with (over a common reference sample when n is large).
        let reference = sample(excluding: nil)
        let compatibleCount = (0..<n).map { c in reference.reduce(0) { $0 + ($1 != c && mutual(c, $1) ? 1 : 0) } }

        // Feed order per viewer: compatible people (preferred ones first, shuffled within), then the rest.
        var pools: [[Int]] = []
        pools.reserveCapacity(n)
        for v in 0..<n {
            var preferred: [Int] = []
            var other: [Int] = []
            var incompatible: [Int] = []
            for c in sample(excluding: v) {
                if mutual(v, c) {
                    if withinPreferences(v, c) { preferred.append(c) } else { other.append(c) }
                } else {
                    incompatible.append(c)
                }
            }
            rng.shuffle(&preferred)
            rng.shuffle(&other)
            rng.shuffle(&incompatible)
            // One in about twelve shown is someone outside the mutual filter (the seed stands in for history
            // that predates it); they are always passed. People with the fewest compatible matches (asexual-only,
            // small orientation pools) come first among them, so nobody goes unseen. The sort is stable, so
            // the shuffle still orders equals.
            incompatible = stableSorted(incompatible) { compatibleCount[$0] < compatibleCount[$1] }
            var pool: [Int] = []
            pool.reserveCapacity(preferred.count + other.count + incompatible.count)
            var rest = incompatible[...]
            for c in preferred + other {
                pool.append(c)
                if pool.count % 12 == 11, let next = rest.popFirst() { pool.append(next) }
            }
            pool.append(contentsOf: rest)
            pools.append(pool)
        }

        let rounds = traits.map(\.quota).max() ?? 0
        let span = Double(days) * 86_400
        let start = end.timeIntervalSince1970 - span
        var acted = [Set<Int>](repeating: [], count: n)
        var cursor = [Int](repeating: 0, count: n)
        var incoming = [Int](repeating: 0, count: n)
        var admirers = [[(viewer: Int, round: Int)]](repeating: [], count: n)
        var events: [PersonaSwipe] = []
        var order = Array(0..<n)

        for round in 0..<rounds {
            rng.shuffle(&order)
            for v in order {
                let quota = traits[v].quota
                // Spread each viewer's `quota` actions evenly over the rounds.
                guard (round + 1) * quota / rounds > round * quota / rounds else { continue }
                var chosen: Int?
                if rng.chance(0.15) {
                    chosen = admirers[v].first { $0.round < round && !acted[v].contains($0.viewer) }?.viewer
                }
                if chosen == nil {
                    while cursor[v] < pools[v].count, acted[v].contains(pools[v][cursor[v]]) { cursor[v] += 1 }
                    var position = cursor[v]
                    var seen = 0
                    while position < pools[v].count, seen < 6 {
                        let c = pools[v][position]
                        if !acted[v].contains(c) {
                            if chosen == nil || incoming[c] < incoming[chosen!] { chosen = c }
                            seen += 1
                        }
                        position += 1
                    }
                }
                guard let c = chosen else { continue }
                acted[v].insert(c)
                incoming[c] += 1
                let like = mutual(v, c) && rng.chance(likeProbability(v, c))
                if like { admirers[c].append((v, round)) }
                let offset = (Double(round) + rng.unit()) / Double(rounds) * span
                events.append(
                    PersonaSwipe(
                        viewerId: personas[v].userId, candidateId: personas[c].userId,
                        action: like ? .like : .pass,
                        timestamp: Date(timeIntervalSince1970: (start + offset).rounded(.down))))
            }
        }
        events.sort {
            ($0.timestamp, $0.viewerId, $0.candidateId) < ($1.timestamp, $1.viewerId, $1.candidateId)
        }
        return events
    }

    /// The mutual likes in a history, sorted.
    public static func matches(in history: [PersonaSwipe]) -> [PersonaPair] {
        var likes = Set<[String]>()
        var pairs = Set<PersonaPair>()
        for event in history where event.action == .like {
            likes.insert([event.viewerId, event.candidateId])
            if likes.contains([event.candidateId, event.viewerId]) {
                pairs.insert(PersonaPair(event.viewerId, event.candidateId))
            }
        }
        return pairs.sorted { ($0.first, $0.second) < ($1.first, $1.second) }
    }
}

/// Swift's `sort` is not guaranteed stable; this is (a merge sort), so equal elements keep their shuffled order.
private func stableSorted<T>(_ items: [T], by less: (T, T) -> Bool) -> [T] {
    guard items.count > 1 else { return items }
    let middle = items.count / 2
    let left = stableSorted(Array(items[..<middle]), by: less)
    let right = stableSorted(Array(items[middle...]), by: less)
    var merged: [T] = []
    merged.reserveCapacity(items.count)
    var i = 0
    var j = 0
    while i < left.count, j < right.count {
        if less(right[j], left[i]) {
            merged.append(right[j])
            j += 1
        } else {
            merged.append(left[i])
            i += 1
        }
    }
    merged.append(contentsOf: left[i...])
    merged.append(contentsOf: right[j...])
    return merged
}

/// What the history simulation knows about a persona and the persona does not carry.
private struct HiddenTraits {
    /// How many people this persona acts on over the window.
    let quota: Int
    /// Added to the like logit: negative for choosy people, positive for generous ones.
    let choosiness: Double
    /// Added to the like logit of everyone who sees this persona.
    let appeal: Double

    init(userId: String, seed: UInt64) {
        var rng = SplitMix64(seed: seed ^ 0x7472_6169_7473, stream: SplitMix64.stableHash(userId))
        quota = rng.int(in: 20...80)
        let base = rng.weighted([(-1.4, 0.25), (-0.3, 0.55), (0.9, 0.20)])
        choosiness = base + 0.3 * rng.gaussian()
        appeal = 0.5 * rng.gaussian()
    }
}
