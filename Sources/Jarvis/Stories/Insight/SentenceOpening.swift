/// Whether a sentence leans on the one before it, and so reads badly when a summary or a consensus line takes it
/// alone: it opens with a connective or a pronoun ("But …", "However, …", "He said …", "The same is now true of
/// …"), a pronoun right after its first word ("Earlier he had suggested …", "When she …"), or a short opening
/// phrase that hands over to a pronoun ("In tweets, he accused …", "Specifically, they asked …"), or a "however"
/// in its opening words. One rule for the summary and the consensus.
enum SentenceOpening {
    /// First words that continue a previous sentence, lowercased (capitalised at a sentence's start, they name no
    /// one either).
    static let continuing: Set<String> = [
        "but", "and", "or", "so", "yet", "still", "while", "although", "though", "however", "also", "meanwhile",
        "instead", "if", "then", "there", "such", "both", "specifically", "additionally", "moreover", "furthermore",
        "nevertheless", "nonetheless", "likewise", "similarly", "otherwise", "thus", "hence", "besides", "again",
        "that", "this", "these", "those", "it", "its", "he", "she", "they", "his", "her", "their", "him", "them",
    ]

    /// Subject pronouns: after an opening word or phrase, the sentence's actor is someone named before it. (A
    /// possessive there points forward to the subject: "In his disclosure, Scaramucci listed …" stands alone.)
    private static let personal: Set<String> = ["he", "she", "they", "it"]

    /// Words of an opening phrase before its comma ("In tweets,", "On Tuesday,", "During his remarks on Wednesday,").
    private static let openingPhraseWords = 8

    static func leansOnPrevious(_ sentence: String) -> Bool {
        let words = sentence.split(whereSeparator: \.isWhitespace).prefix(openingPhraseWords + 2).map(String.init)
        guard let first = words.first.map(bare) else { return false }
        if continuing.contains(first) { return true }
        // A contrast set against the sentence before: "On Wednesday, however, Trump declared …".
        if words.dropFirst().contains(where: { bare($0) == "however" }) { return true }
        if words.count > 1 {
            let second = bare(words[1])
            if personal.contains(second) || (first == "the" && second == "same") { return true }
        }
        guard let comma = words.prefix(openingPhraseWords).firstIndex(where: { $0.hasSuffix(",") }),
            comma + 1 < words.count
        else { return false }
        return personal.contains(bare(words[comma + 1]))
    }

    /// A word's leading letters, lowercased: "“He" is "he", "There’s" is "there".
    private static func bare(_ word: String) -> String {
        String(word.drop { !$0.isLetter }.prefix { $0.isLetter }).lowercased()
    }
}
