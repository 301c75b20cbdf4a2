import Testing

@testable import Jarvis

/// The learned word weights of the several-source summary (`WordImportance`) and the selection they drive
/// (`ConceptCoverage`).
@Suite struct WordImportanceTests {
    static func sentence(_ terms: [String], voice: Int, position: Int, names: Set<String> = []) -> WordImportance.Sentence {
        .init(terms: terms, capitalised: names, voice: voice, position: position)
    }

    static let story: [WordImportance.Sentence] = [
        sentence(["senat", "pass", "budget", "vote", "said", "tuesday"], voice: 0, position: 0, names: ["senat"]),
        sentence(["senat", "approv", "budget", "vote", "spokesman"], voice: 1, position: 0, names: ["senat"]),
        sentence(["budget", "senat", "vote", "weather", "colour"], voice: 2, position: 1, names: ["senat"]),
        sentence(["weather", "tuesday", "remark", "spokesman", "colour"], voice: 1, position: 6),
    ]
    static let headlines = [["senat", "pass", "budget"], ["senat", "approv", "budget"], ["budget", "vote"]]

    @Test func wordsEveryVoiceLeadsWithOutweighAnAside() {
        let weights = WordImportance.weights(
            from: WordImportance.features(of: Self.story, headlines: Self.headlines, voiceCount: 3))
        let budget = weights["budget"] ?? 0
        #expect(budget > 0.5)
        // A headline word of one voice outweighs an aside two voices make (counting voices said the opposite).
        #expect((weights["pass"] ?? 0) > (weights["colour"] ?? 0))
        // A word one voice writes once, late in its article, and no headline uses, adds nothing.
        #expect(weights["remark"] == 0)
        #expect(budget > weights["weather"] ?? 0)
        #expect(weights.values.allSatisfy { $0 == 0 || $0 >= WordImportance.threshold })
    }

    @Test func featuresDoNotDependOnTheSentencesOrder() {
        let forward = WordImportance.features(of: Self.story, headlines: Self.headlines, voiceCount: 3)
        let backward = WordImportance.features(
            of: Self.story.reversed(), headlines: Self.headlines.reversed(), voiceCount: 3)
        #expect(forward == backward)
        #expect(forward["budget"]?.count == WordImportance.featureNames.count)
        #expect(WordImportanceModel.coefficients.count == WordImportance.featureNames.count)
    }

    @Test func theSentenceWithTheImportantWordsIsChosenOverALongerOne() {
        let weights = WordImportance.weights(
            from: WordImportance.features(of: Self.story, headlines: Self.headlines, voiceCount: 3))
        let candidates: [ConceptCoverage.Sentence] = [
            .init(terms: ["weather", "tuesday", "remark", "spokesman", "colour"], position: 0, words: 24, characters: 150),
            .init(terms: ["senat", "pass", "budget", "vote"], position: 0, words: 12, characters: 80),
        ]
        let chosen = ConceptCoverage.select(
            candidates, weights: weights, maxSentences: 1, maxCharacters: 400, redundant: { _, _ in false })
        #expect(chosen == [1])
        // Nothing of weight: nothing chosen, so the summary falls back to centrality.
        #expect(
            ConceptCoverage.select(
                candidates, weights: [:], maxSentences: 3, maxCharacters: 400, redundant: { _, _ in false }
            ).isEmpty)
    }
}

/// The learned headline model (`HeadlineSelector`) reads the features its training script fitted.
@Suite struct HeadlineModelTests {
    @Test func featuresMatchTheModel() {
        let story = StoryAnalyzer().prepare(InsightFixtures.rateHike, now: InsightFixtures.now)
        let features = HeadlineSelector.features(story)
        #expect(features.count == story.articles.count)
        #expect(features.allSatisfy { $0.count == HeadlineSelector.featureNames.count })
        #expect(HeadlineModel.coefficients.count == HeadlineSelector.featureNames.count)
        // The same story in another order gives each headline the same features.
        let reversed = StoryAnalyzer().prepare(InsightFixtures.rateHike.reversed(), now: InsightFixtures.now)
        let byHeadline = Dictionary(uniqueKeysWithValues: zip(story.articles.map(\.headline), features))
        for (article, row) in zip(reversed.articles, HeadlineSelector.features(reversed)) {
            #expect(byHeadline[article.headline] == row)
        }
    }

    /// A headline a page mangled loses to a whole one; ordinary punctuation costs nothing.
    @Test func aGarbledHeadlineIsPenalised() {
        for garbled in ["Ships in a traffic jam in ; Suez Canal blocked", "Rates rise , markets fall", "Fares rise ()"] {
            #expect(HeadlineSelector.penalty(garbled, cleaned: garbled) >= 0.3, "\(garbled)")
        }
        for whole in ["Rates rise; markets fall", "Fares rise, council says", "Mayor (61) re-elected"] {
            #expect(HeadlineSelector.penalty(whole, cleaned: whole) == 0, "\(whole)")
        }
    }
}
