import Foundation

/// How likely a word of a story is to appear in a neutral summary of it: the weight of a concept in
/// `ConceptCoverage`.
///
/// After Hong & Nenkova (2014), word importance is learned rather than counted: a logistic regression over what
/// the story's candidate sentences say about the word (how many of its voices use it, how many headlines, how
/// early in an article, whether it is written as a name), fitted by `scripts/train-summary-words.py` on the
/// words of real events and whether the editors' summary of the event used them (development events of
/// `scripts/eval-summaries.py` only; coefficients in `WordImportanceModel.swift`). A word below `threshold` adds
/// nothing to a sentence, so a sentence is chosen for the words a summary needs, not for its length.
struct WordImportance {
    /// A candidate sentence as the features read it.
    struct Sentence {
        var terms: [String]
        /// Terms written capitalised after the sentence's first word ("Senate", "Pelosi").
        var capitalised: Set<String>
        var voice: Int
        /// Index of the sentence in its article.
        var position: Int
    }

    /// Probability below which a word adds nothing (chosen on the development events).
    static let threshold = 0.2

    /// Feature names in the model's order (the training script writes them beside the coefficients).
    static let featureNames = [
        "voice_share", "two_voices", "three_voices", "headline_share", "in_a_headline", "lead_voice_share",
        "earliest_position", "log_count", "capitalised_share", "number", "length",
    ]

    /// Each distinct term's features; `headlines` are the terms of every article's headline, `voiceCount` the
    /// story's independent voices.
    static func features(of sentences: [Sentence], headlines: [[String]], voiceCount: Int) -> [String: [Double]] {
        struct Tally {
            var voices = Set<Int>()
            var leadVoices = Set<Int>()
            var count = 0
            var capitalised = 0
            var earliest = Int.max
        }
        var tallies: [String: Tally] = [:]
        for sentence in sentences {
            for term in sentence.terms {
                var tally = tallies[term] ?? Tally()
                tally.voices.insert(sentence.voice)
                if sentence.position <= 1 { tally.leadVoices.insert(sentence.voice) }
                tally.count += 1
                if sentence.capitalised.contains(term) { tally.capitalised += 1 }
                tally.earliest = min(tally.earliest, sentence.position)
                tallies[term] = tally
            }
        }
        let headlineSets = headlines.map(Set.init)
        let voices = Double(max(voiceCount, 1))
        let headlineCount = Double(max(headlineSets.count, 1))
        var result: [String: [Double]] = [:]
        for (term, tally) in tallies {
            let inHeadlines = Double(headlineSets.filter { $0.contains(term) }.count)
            result[term] = [
                Double(tally.voices.count) / voices,
                tally.voices.count >= 2 ? 1 : 0,
                tally.voices.count >= 3 ? 1 : 0,
                inHeadlines / headlineCount,
                inHeadlines > 0 ? 1 : 0,
                Double(tally.leadVoices.count) / voices,
                1 / Double(1 + tally.earliest),
                log1p(Double(tally.count)),
                Double(tally.capitalised) / Double(tally.count),
                term.first?.isNumber == true ? 1 : 0,
                Double(min(term.count, 12)) / 12,
            ]
        }
        return result
    }

    /// The model's probability for one term's features.
    static func probability(_ features: [Double]) -> Double {
        var z = WordImportanceModel.intercept
        for (x, w) in zip(features, WordImportanceModel.coefficients) { z += x * w }
        return 1 / (1 + exp(-z))
    }

    /// Concept weights for `ConceptCoverage` from each term's `features`: its probability, or 0 below `threshold`.
    static func weights(from features: [String: [Double]]) -> [String: Double] {
        features.mapValues { features in
            let p = probability(features)
            return p >= threshold ? p : 0
        }
    }
}
