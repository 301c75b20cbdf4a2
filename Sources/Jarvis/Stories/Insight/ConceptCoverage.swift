import Foundation

/// Sentence selection by shared concepts, for stories told by several sources.
///
/// After Gillick & Favre (2009): a summary is worth the concepts it covers, each counted once, weighted by how
/// many independent voices state it, so what several outlets report outweighs what one article repeats. Our
/// concepts are the sentence's content stems and pairs of adjacent content stems (stop words removed); a
/// concept counts only when at least two voices state it. Unlike their integer program, we choose greedily
/// (best new weight per word, Lin & Bilmes' cost scaling), and a sentence's gain is raised by its place in its
/// article (`leadWeight / (1 + position)`): news puts the facts first. The weights were chosen on the
/// development events of `scripts/eval-summaries.py` (never the reported ones); see docs/jarvis-stories.md.
struct ConceptCoverage {
    struct Sentence {
        var terms: [String]
        var voice: Int
        var position: Int
        var words: Int
        var characters: Int
    }

    /// Lead bonus: a first sentence's gain counts (1 + leadWeight) times.
    static let leadWeight = 2.0
    /// Cost scaling: gain per words^costExponent.
    static let costExponent = 1.0
    /// Voices that must state a concept for it to count.
    static let minimumVoices = 2

    static func concepts(_ terms: [String]) -> Set<String> {
        var result = Set(terms)
        if terms.count > 1 {
            for i in 1..<terms.count { result.insert(terms[i - 1] + " " + terms[i]) }
        }
        return result
    }

    /// Indices of the chosen sentences, best first, within `maxSentences` and `maxCharacters` (joined by spaces);
    /// `redundant(i, j)` keeps near-duplicates apart. Empty when no sentence covers a shared concept.
    static func select(
        _ sentences: [Sentence], maxSentences: Int, maxCharacters: Int,
        redundant: (Int, Int) -> Bool
    ) -> [Int] {
        let bags = sentences.map { concepts($0.terms) }
        var voices: [String: Set<Int>] = [:]
        for (bag, sentence) in zip(bags, sentences) {
            for concept in bag { voices[concept, default: []].insert(sentence.voice) }
        }
        var covered = Set<String>()
        var chosen: [Int] = []
        var length = 0
        while chosen.count < maxSentences {
            var best: (index: Int, value: Double)?
            for (i, sentence) in sentences.enumerated() where !chosen.contains(i) {
                let added = sentence.characters + (chosen.isEmpty ? 0 : 1)
                guard length + added <= maxCharacters, !chosen.contains(where: { redundant($0, i) }) else { continue }
                var gain = 0
                for concept in bags[i] where !covered.contains(concept) {
                    let n = voices[concept]?.count ?? 0
                    if n >= minimumVoices { gain += n }
                }
                guard gain > 0 else { continue }
                let lead = 1 + leadWeight / Double(1 + sentence.position)
                let value = Double(gain) * lead / pow(Double(max(sentence.words, 1)), costExponent)
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
