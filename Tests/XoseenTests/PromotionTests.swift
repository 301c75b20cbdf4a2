import Testing

@testable import Xoseen

/// What lets the classifier's spam vote count: a word that points somewhere or names a sum.
@Suite struct PromotionTests {
    func pointsSomewhere(_ text: String) -> Bool {
        MessageTokenizer.tokenize(CharacterFolding.fold(text)).contains(where: \.pointsSomewhere)
    }

    @Test(arguments: [
        "bit.ly", "dbuk.net", "jake_99", "partyman318", "@bella", "$50", "£1.50", "87121", "me@example.com",
        "XYTcq5NzMuA",
    ])
    func linksHandlesAmountsAndLongNumbersPoint(_ text: String) {
        #expect(pointsSomewhere(text))
    }

    @Test(arguments: ["gr8", "2nite", "b4", "2019", "7:30", "u free on sat?"])
    func textSpeakTimesAndYearsDoNot(_ text: String) {
        #expect(!pointsSomewhere(text))
    }

    @Test func aLinksSchemeIsBlankedForTheClassifierWhatItNamesIsKept() {
        let masked = LinkMasking.masked(CharacterFolding.fold("look https://www.yelp.com/biz and http://t.co/x"))
        #expect(String(decoding: masked, as: UTF8.self) == "look             yelp.com/biz and        t.co/x")
    }

    /// The promotion rules are compiled apart, on the first spam vote: a syntax error must show here, not then.
    @Test func thePromotionRulesCompile() {
        #expect(CompiledSafetyRules.promotion.cues.count == PromotionRules.cues.count)
        #expect(CompiledSafetyRules.promotion.cues.allSatisfy { $0.group == SafetyCue.promotionGroup && $0.weight == 0 })
    }
}
