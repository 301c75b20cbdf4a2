/// The taste signals of one viewer against many candidates, both ways, exactly as
/// ``TasteGraph/signals(viewer:candidate:prior:)`` gives them pair by pair, at a fraction of the cost:
/// a feed page re-orders up to 300 candidates, and pair by pair that is 4 × 32 merge walks a candidate.
///
/// What stays fixed across the page is prepared once: the viewer's own verdicts and the verdicts about
/// the viewer as look-up tables indexed by user (for comparisons whose first side is the viewer), and,
/// for comparisons against the viewer's ≤ 32 remembered others, an index from each decider to the
/// verdicts those others hold (so one walk over a candidate's verdicts scores all 32 comparisons).
extension TasteGraph {
    public typealias BothWays = (mine: Signals, theirs: Signals)

    public func signals(viewer: String, candidates: [String], prior: Double) -> [BothWays] {
        let v = ids[viewer].map(Int.init)
        let mine = v.map { given[$0] } ?? []
        let aboutViewer = v.map { received[$0] } ?? []
        let recent = Self.recentRate(mine, prior: prior)
        let pickiness = residual(of: mine, prior: prior) { ($0.likesReceived, $0.received) }
        // Forward item taste compares each candidate with the people the viewer decided on; reverse
        // user taste compares each candidate's verdicts with those of the viewer's deciders.
        let peopleJudged = VerdictIndex(mine.map { receivedByOther[Self.other($0)] })
        let judgesOfViewer = VerdictIndex(aboutViewer.map { givenByOther[Self.other($0)] })
        // Forward user taste and reverse item taste compare with the viewer's own verdicts.
        let viewerGave = VerdictTable(v.map { givenByOther[$0] } ?? [], users: given.count)
        let viewerGot = VerdictTable(v.map { receivedByOther[$0] } ?? [], users: given.count)
        let viewerAppeal = residual(of: aboutViewer, prior: prior) { ($0.likesGiven, $0.made) }

        var scratch = VerdictIndex.Scratch()
        return candidates.map { candidate -> BothWays in
            guard let c = ids[candidate].map(Int.init) else {
                let forward = Signals(itemTaste: 0, userTaste: 0, recentLikeRate: recent, pickinessBeyondAppeal: pickiness)
                let reverse = Signals(
                    itemTaste: 0, userTaste: 0, recentLikeRate: prior, appealBeyondPickiness: v == nil ? 0 : viewerAppeal)
                // An unknown candidate decided nothing: from its side the tastes are 0, as pair by pair.
                return (forward, reverse)
            }
            let aboutCandidate = received[c]
            // Viewer → candidate.
            var forward = Signals(itemTaste: 0, userTaste: 0, recentLikeRate: recent, pickinessBeyondAppeal: pickiness)
            forward.appealBeyondPickiness = residual(of: aboutCandidate, prior: prior) { ($0.likesGiven, $0.made) }
            let judged = peopleJudged.agreements(with: receivedByOther[c], scratch: &scratch)
            var item = 0.0
            for (k, entry) in mine.enumerated() { item += judged[k] * (entry > 0 ? 1 : -1) }
            item /= Double(mine.count + 1)
            var user = 0.0
            var weight = 0.5
            for entry in aboutCandidate {
                let similarity = viewerGave.agreement(with: givenByOther[Self.other(entry)])
                user += similarity * (entry > 0 ? 1 : -1)
                weight += abs(similarity)
            }
            forward.itemTaste = max(-1, min(1, item))
            forward.userTaste = max(-1, min(1, user / weight))
            // Candidate → viewer.
            let theirs = given[c]
            var reverse = Signals(
                itemTaste: 0, userTaste: 0, recentLikeRate: Self.recentRate(theirs, prior: prior),
                pickinessBeyondAppeal: residual(of: theirs, prior: prior) { ($0.likesReceived, $0.received) })
            guard v != nil else { return (forward, reverse) }
            reverse.appealBeyondPickiness = viewerAppeal
            var itemBack = 0.0
            for entry in theirs {
                itemBack += viewerGot.agreement(with: receivedByOther[Self.other(entry)]) * (entry > 0 ? 1 : -1)
            }
            itemBack /= Double(theirs.count + 1)
            let judges = judgesOfViewer.agreements(with: givenByOther[c], scratch: &scratch)
            var userBack = 0.0
            var weightBack = 0.5
            for (k, entry) in aboutViewer.enumerated() {
                userBack += judges[k] * (entry > 0 ? 1 : -1)
                weightBack += abs(judges[k])
            }
            reverse.itemTaste = max(-1, min(1, itemBack))
            reverse.userTaste = max(-1, min(1, userBack / weightBack))
            return (forward, reverse)
        }
    }

    private static func other(_ entry: Int32) -> Int { Int(abs(entry) - 1) }

    /// One user's verdicts (the latest per id) as a table indexed by the other's id + 1: +1 like,
    /// −1 pass, 0 none. `agreement(with:)` is `TasteGraph.agreement(verdicts, entries)`.
    struct VerdictTable {
        private var verdicts: [Int8]

        init(_ byOther: [Int32], users: Int) {
            verdicts = [Int8](repeating: 0, count: byOther.isEmpty ? 0 : users + 1)
            for entry in byOther { verdicts[Int(abs(entry))] = entry > 0 ? 1 : -1 }  // oldest first: the latest stays
        }

        func agreement(with entries: [Int32]) -> Double {
            guard !verdicts.isEmpty else { return 0 }
            var score = 0
            var shared = 0
            for entry in entries {
                let verdict = verdicts[Int(abs(entry))]
                guard verdict != 0 else { continue }
                shared += 1
                score += (entry > 0) == (verdict > 0) ? 1 : -1
            }
            return Double(score) / Double(shared + 2)
        }
    }

    /// Up to 32 users' entries indexed by the other's id, so that one walk over a varying user's
    /// verdicts gives `TasteGraph.agreement(verdicts, entries[k])` for every k at once.
    struct VerdictIndex {
        private var byId: [Int32: [(k: Int, like: Bool)]] = [:]
        private let count: Int

        init(_ entries: [[Int32]]) {
            count = entries.count
            for (k, list) in entries.enumerated() {
                for entry in list { byId[abs(entry), default: []].append((k, entry > 0)) }
            }
        }

        struct Scratch {
            var score: [Int] = []
            var shared: [Int] = []
            var result: [Double] = []
        }

        /// `verdicts` ordered by id, oldest first within one id (the by-other copies): the latest counts.
        func agreements(with verdicts: [Int32], scratch: inout Scratch) -> [Double] {
            scratch.score = [Int](repeating: 0, count: count)
            scratch.shared = [Int](repeating: 0, count: count)
            var i = 0
            while i < verdicts.count {
                let id = abs(verdicts[i])
                while i + 1 < verdicts.count, abs(verdicts[i + 1]) == id { i += 1 }
                if let holders = byId[id] {
                    let liked = verdicts[i] > 0
                    for holder in holders {
                        scratch.shared[holder.k] += 1
                        scratch.score[holder.k] += holder.like == liked ? 1 : -1
                    }
                }
                i += 1
            }
            scratch.result = (0..<count).map { Double(scratch.score[$0]) / Double(scratch.shared[$0] + 2) }
            return scratch.result
        }
    }
}
