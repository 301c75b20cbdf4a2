import Testing

@testable import Xoseen

/// Words run together (``GluedWords``): split when glued from abuse, never an ordinary word.
@Suite struct GluedWordsTests {
    @Test func noOrdinaryWordIsSplit() throws {
        let rules = CompiledSafetyRules.shared
        var clashes: [String] = []
        for word in try SafetyTesting.requireCommonWords() {
            let skeleton = Skeleton.of(Array(word.utf8))
            guard rules.wordID(skeleton) == MessageToken.unknown, let parts = rules.gluedWords.split(skeleton) else {
                continue
            }
            clashes.append("\(word) splits as \(parts.joined(separator: " "))")
        }
        #expect(clashes == [])
    }

    @Test(arguments: [
        ("fuckyou", SafetyReason.insult), ("fuckoff loser", .insult), ("go killyourself", .wishingHarm),
        ("fucku", .insult), ("deathto all muslims", .hateSpeech),
        // Whole sentences run together (each was allowed).
        ("ihatewomen", .hateSpeech), ("ihatetranspeople", .hateSpeech), ("muslimsarescum", .hateSpeech),
        ("gaysaredisgusting", .hateSpeech), ("allblacksareanimals", .hateSpeech),
    ])
    func gluedAbuseIsSplitAndBlocked(_ text: String, _ reason: SafetyReason) {
        SafetyTesting.expect(text, gets: .blocked(category: .harassment, reason: reason))
    }

    @Test(arguments: ["we watched the shootout", "mon dieu", "the blackout lasted all night", "a cowboy hat"])
    func ordinaryWordsStayWhole(_ text: String) {
        SafetyTesting.expect(text, gets: .allowed)
    }

    @Test func splitsIntoTheFewestPiecesWithAnAbusivePiece() {
        let glued = GluedWords(abusiveWords: ["bitch", "stupid"])
        #expect(glued.split("stupidbitch") == ["stupid", "bitch"])
        #expect(glued.split("gokiiiyourseif") == ["go", "kiii", "yourseif"])
        #expect(glued.split("theyou") == nil)
        #expect(glued.split("yourup") == nil)
    }
}
