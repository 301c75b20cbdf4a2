import Testing

@testable import Xoseen

/// Slips of the rules' words (``Misspellings``) against ordinary English: a slip that is a common word would make
/// the scanner read that word as the rule word everywhere.
@Suite struct MisspellingsTests {
    @Test func noSlipIsAnOrdinaryWord() throws {
        let rules = CompiledSafetyRules.shared
        var clashes: [String] = []
        for word in try SafetyTesting.requireCommonWords() {
            let skeleton = Skeleton.of(Array(word.utf8))
            guard rules.vocabulary.lookup(skeleton) == MessageToken.unknown,
                let id = rules.misspellings.id(for: skeleton)
            else { continue }
            clashes.append("\(skeleton) reads as \(rules.vocabulary.words[Int(id)])")
        }
        #expect(clashes == [])
    }

    @Test(arguments: ["muslms are vermin", "immigrnts are parasites", "you pathtic loser", "kill all the imigrants"])
    func aSlipOfAHateWordIsStillReadAsIt(_ text: String) {
        let reason: SafetyReason = text.hasPrefix("you") ? .insult : .hateSpeech
        SafetyTesting.expect(text, gets: .blocked(category: .harassment, reason: reason))
    }

    @Test(arguments: ["we parked in the garage", "the kids had a treat", "the moons of jupiter", "a violet dress"])
    func ordinaryWordsAreNotSlips(_ text: String) {
        SafetyTesting.expect(text, gets: .allowed)
    }

    @Test func slipsAreOneLetterLeftOutOrTwoNeighboursSwapped() {
        #expect(Misspellings.slips(of: "abcdef") == ["acdef", "abdef", "abcef", "abcdf", "acbdef", "abdcef", "abcedf", "abcdfe"])
        #expect(Misspellings.slips(of: "abcde") == [])
    }
}
