import Foundation

/// Sentence selection by the words a summary needs, for stories told by several sources.
///
/// After Gillick & Favre (2009): a summary is worth the concepts it covers, each counted once. Our concepts are
/// the sentence's content stems, weighted by `WordImportance` — learned from editors' summaries of real events
/// (Hong & Nenkova 2014), so a word several outlets put in their headlines and leads outweighs one an article
/// repeats. Unlike their integer program, we choose greedily (best new weight per word, Lin & Bilmes' cost
/// scaling), and a sentence's gain is raised by its place in its article (`leadWeight / (1 + position)`): news
/// puts the facts first. The lead weight was chosen on the development events of `scripts/eval-summaries.py`
/// (never the reported ones); see docs/jarvis-stories.md.
struct ConceptCoverage {
    struct Sentence {
        var terms: [String]
        var position: Int
        var words: Int
        var characters: Int
    }

    /// Lead bonus: a first sentence's gain counts (1 + leadWeight) times.
    static let leadWeight = 2.0

    /// Indices of the chosen sentences, best first, within `maxSentences` and `maxCharacters` (joined by spaces);
    /// `weights` are the concepts' weights (absent: 0), `redundant(i, j)` keeps near-duplicates apart. Empty when
    /// no sentence covers a concept of positive weight.
    static func select(
        _ sentences: [Sentence], weights: [String: Double], maxSentences: Int, maxCharacters: Int,
        redundant: (Int, Int) -> Bool
    ) -> [Int] {
        let bags = sentences.map { Set($0.terms) }
        var covered = Set<String>()
        var chosen: [Int] = []
        var length = 0
        while chosen.count < maxSentences {
            var best: (index: Int, value: Double)?
            for (i, sentence) in sentences.enumerated() where !chosen.contains(i) {
                let added = sentence.characters + (chosen.isEmpty ? 0 : 1)
                guard length + added <= maxCharacters, !chosen.contains(where: { redundant($0, i) }) else { continue }
                // Summed in the sentence's term order: the same sum in every process.
                var gain = 0.0
                var counted = Set<String>()
                for term in sentence.terms where !covered.contains(term) && counted.insert(term).inserted {
                    gain += weights[term] ?? 0
                }
                guard gain > 0 else { continue }
                let lead = 1 + leadWeight / Double(1 + sentence.position)
                let value = gain * lead / Double(max(sentence.words, 1))
                if best == nil || value > best!.value + 1e-12 { best = (i, value) }
            }
            guard let pick = best else { break }
            chosen.append(pick.index)
            covered.formUnion(bags[pick.index])
            length += sentences[pick.index].characters + (chosen.count == 1 ? 0 : 1)
        }
        return chosen
    }
}
