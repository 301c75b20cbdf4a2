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
}
