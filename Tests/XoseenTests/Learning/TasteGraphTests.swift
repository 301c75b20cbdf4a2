import Testing
import Xoseen

/// The collaborative memory behind the learned ranker's taste features.
@Suite struct TasteGraphTests {
    /// w1 and w2 judge men alike; w1 liked m1 and passed m2, w2 did the same and also liked m3.
    /// For w3, who liked m1 and passed m2 too, m3 resembles what she likes, and like-minded deciders liked m3.
    static func graph() -> TasteGraph {
        var g = TasteGraph()
        for w in ["w1", "w2"] {
            g.record(viewer: w, candidate: "m1", like: true)
            g.record(viewer: w, candidate: "m2", like: false)
        }
        g.record(viewer: "w2", candidate: "m3", like: true)
        g.record(viewer: "w1", candidate: "m3", like: true)
        g.record(viewer: "w2", candidate: "m4", like: false)
        g.record(viewer: "w1", candidate: "m4", like: false)
        g.record(viewer: "w3", candidate: "m1", like: true)
        g.record(viewer: "w3", candidate: "m2", like: false)
        return g
    }

    @Test func likeMindedVerdictsCarryOver() {
        let g = Self.graph()
        let liked = g.signals(viewer: "w3", candidate: "m3", prior: 0.4)
        let passed = g.signals(viewer: "w3", candidate: "m4", prior: 0.4)
        #expect(liked.userTaste > 0 && passed.userTaste < 0)
        #expect(liked.itemTaste > passed.itemTaste)
        for s in [liked, passed] {
            #expect((-1...1).contains(s.itemTaste) && (-1...1).contains(s.userTaste) && (0...1).contains(s.recentLikeRate))
        }
    }

    @Test func strangersAreNeutral() {
        let g = Self.graph()
        let unknown = g.signals(viewer: "nobody", candidate: "m3", prior: 0.4)
        #expect(unknown.itemTaste == 0 && unknown.userTaste == 0 && unknown.recentLikeRate == 0.4)
        let unseen = g.signals(viewer: "w3", candidate: "new", prior: 0.4)
        #expect(unseen.itemTaste == 0 && unseen.userTaste == 0)
    }

    @Test func recentLikesMoveTheRecentRate() {
        var g = TasteGraph()
        for i in 0..<8 { g.record(viewer: "v", candidate: "c\(i)", like: true) }
        #expect(g.signals(viewer: "v", candidate: "x", prior: 0.3).recentLikeRate > 0.9)
        for i in 8..<16 { g.record(viewer: "v", candidate: "c\(i)", like: false) }
        #expect(g.signals(viewer: "v", candidate: "x", prior: 0.3).recentLikeRate < 0.1)
    }

    @Test func memoryIsBounded() {
        var g = TasteGraph()
        for i in 0..<(TasteGraph.memory * 3) {
            g.record(viewer: "v", candidate: "c\(i)", like: i % 2 == 0)
            g.record(viewer: "u\(i)", candidate: "v", like: true)
        }
        #expect(g.count == TasteGraph.memory * 6 + 1)
        #expect(g.remembered("v") == (made: TasteGraph.memory, received: TasteGraph.memory))
        #expect(g.remembered("c0") == (made: 0, received: 1))
    }

    /// m1 was liked by the two deciders who pass on nearly everyone, m2 by the two who like nearly everyone:
    /// both have a liked rate of 100%, but only m1's likes say something. Likewise passing on someone everyone
    /// likes is pickiness, passing on someone everyone passes on is not.
    @Test func residualsSeparateAppealFromWhoJudged() {
        var g = TasteGraph()
        for i in 0..<12 {
            for choosy in ["c1", "c2"] { g.record(viewer: choosy, candidate: "x\(i)", like: false) }
            for generous in ["g1", "g2"] { g.record(viewer: generous, candidate: "x\(i)", like: true) }
        }
        for choosy in ["c1", "c2"] { g.record(viewer: choosy, candidate: "m1", like: true) }
        for generous in ["g1", "g2"] { g.record(viewer: generous, candidate: "m2", like: true) }
        for decider in ["c1", "c2", "g1", "g2"] {
            g.record(viewer: decider, candidate: "popular", like: true)
            g.record(viewer: decider, candidate: "unpopular", like: false)
        }
        let m1 = g.signals(viewer: "w", candidate: "m1", prior: 0.5)
        let m2 = g.signals(viewer: "w", candidate: "m2", prior: 0.5)
        #expect(m1.appealBeyondPickiness > 0.5, "liked by the choosy: \(m1)")
        #expect(m2.appealBeyondPickiness < 0.25, "liked by those who like everyone: \(m2)")
        g.record(viewer: "picky", candidate: "popular", like: false)
        g.record(viewer: "fair", candidate: "unpopular", like: false)
        let picky = g.signals(viewer: "picky", candidate: "m1", prior: 0.5).pickinessBeyondAppeal
        let fair = g.signals(viewer: "fair", candidate: "m1", prior: 0.5).pickinessBeyondAppeal
        #expect(picky < fair, "\(picky) vs \(fair)")
        #expect(picky < -0.3)
        for s in [m1, m2] {
            #expect((-1...1).contains(s.appealBeyondPickiness) && (-1...1).contains(s.pickinessBeyondAppeal))
        }
        // Strangers are neutral.
        let none = g.signals(viewer: "nobody", candidate: "new", prior: 0.5)
        #expect(none.appealBeyondPickiness == 0 && none.pickinessBeyondAppeal == 0)
    }

    /// The merge walk over by-id copies gives exactly what comparing the remembered decisions one
    /// by one gives (repeated decisions, full rings that drop their oldest, both directions).
    @Test func tasteMatchesTheDecisionByDecisionDefinition() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var graph = TasteGraph()
        var given: [String: [(String, Bool)]] = [:]
        var received: [String: [(String, Bool)]] = [:]
        func remember(_ ring: inout [(String, Bool)]?, _ entry: (String, Bool)) {
            var list = ring ?? []
            if list.count >= TasteGraph.memory { list.removeFirst() }
            list.append(entry)
            ring = list
        }
        for _ in 0..<4_000 {
            let viewer = "u\(next(40))"
            let candidate = "u\(next(40))"
            guard viewer != candidate else { continue }
            let like = next(3) == 0
            graph.record(viewer: viewer, candidate: candidate, like: like)
            remember(&given[viewer], (candidate, like))
            remember(&received[candidate], (viewer, like))
        }
        // The definition: agreements − disagreements over the shared ids (the latest verdict of the
        // first list per id, every entry of the second), over shared + 2.
        func agreement(_ verdicts: [(String, Bool)], _ entries: [(String, Bool)]) -> Double {
            var latest: [String: Bool] = [:]
            for (id, like) in verdicts { latest[id] = like }
            var score = 0
            var shared = 0
            for (id, like) in entries {
                guard let verdict = latest[id] else { continue }
                shared += 1
                score += verdict == like ? 1 : -1
            }
            return Double(score) / Double(shared + 2)
        }
        for v in 0..<40 {
            for c in 0..<40 where c != v {
                let viewer = "u\(v)"
                let candidate = "u\(c)"
                let mine = given[viewer] ?? []
                let about = received[candidate] ?? []
                var item = 0.0
                for (other, like) in mine { item += agreement(about, received[other] ?? []) * (like ? 1 : -1) }
                item /= Double(mine.count + 1)
                var user = 0.0
                var weight = 0.5
                for (decider, like) in about {
                    let similarity = agreement(mine, given[decider] ?? [])
                    user += similarity * (like ? 1 : -1)
                    weight += abs(similarity)
                }
                let signals = graph.signals(viewer: viewer, candidate: candidate, prior: 0.3)
                #expect(signals.itemTaste == max(-1, min(1, item)), "\(viewer) → \(candidate)")
                #expect(signals.userTaste == max(-1, min(1, user / weight)), "\(viewer) → \(candidate)")
            }
        }
        // A feed page's batch (one viewer, many candidates, both ways) is the pair-by-pair values exactly,
        // unknown viewers and candidates included.
        for v in 0...40 {
            let viewer = v == 40 ? "nobody" : "u\(v)"
            let candidates = (0..<40).map { "u\($0)" }.filter { $0 != viewer } + ["new"]
            let batch = graph.signals(viewer: viewer, candidates: candidates, prior: 0.3)
            #expect(batch.count == candidates.count)
            for (candidate, both) in zip(candidates, batch) {
                #expect(both.mine == graph.signals(viewer: viewer, candidate: candidate, prior: 0.3), "\(viewer) → \(candidate)")
                #expect(
                    both.theirs == graph.signals(viewer: candidate, candidate: viewer, prior: 0.3), "\(candidate) → \(viewer)")
            }
        }
    }
}
