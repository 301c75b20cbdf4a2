import Testing

@testable import Xoseen

/// The words a phrase needs, which let the scanner skip a cue whose words a message does not have.
@Suite struct PhrasePatternTests {
    @Test func requiredWordsAreTheNeededElementsAfterTheFirst() throws {
        var vocabulary = SafetyVocabulary()
        let pattern = try PhrasePattern(
            "send me? money|cash ~2 to :num|now via|using gift_card|paypal",
            sets: [:], vocabulary: &vocabulary)
        let id = { (word: String) in vocabulary.lookup(Skeleton.of(Array(word.utf8))) }
        #expect(
            pattern.requiredWordSets == [
                [id("money"), id("cash")], [id("to")], [id("via"), id("using")], [id("gift"), id("paypal")],
            ])
    }

    @Test func aCueIsNotTriedWhereItsWordsAreMissingYetMatchesWhereTheyAreAll() {
        // "kill all the immigrants" needs "immigrants" after "kill": without it nothing matches; with it the cue
        // matches however many other cues were skipped.
        SafetyTesting.expect("kill all the time", gets: .allowed)
        SafetyTesting.expect("kill all the immigrants", gets: .blocked(category: .harassment, reason: .hateSpeech))
    }

    @Test func theClauseGoesOnUnlessAPunctuationMarkEndsIt() throws {
        var vocabulary = SafetyVocabulary()
        let pattern = try PhrasePattern("hurt & them", sets: [:], vocabulary: &vocabulary)
        func tokens(_ text: String) -> [MessageToken] {
            var tokens = MessageTokenizer.tokenize(CharacterFolding.fold(text))
            for index in tokens.indices { tokens[index].id = vocabulary.lookup(tokens[index].text) }
            return tokens
        }
        #expect(
            pattern.matches(tokens("hurt them"), at: 0, context: MatchContext(vocabulary: vocabulary, negations: [], fillers: []))
        )
        #expect(
            !pattern.matches(
                tokens("hurt. them"), at: 0, context: MatchContext(vocabulary: vocabulary, negations: [], fillers: [])))
    }

    @Test(arguments: [
        ("150p", true), ("25p", true), ("1.50p", true), ("150ppm", true), ("150ppw", true),
        ("p", false), ("150", false), ("150pm", false), ("5pm", false), ("p150", false), ("2pac", false),
    ])
    func penceAreDigitsThenPOrPpmOrPpw(_ raw: String, _ isPence: Bool) {
        #expect(MatchContext.isPence(Array(raw.utf8)) == isPence)
    }
}
