/// The rules' longer words typed with one slip: a letter left out ("immigrnt", "despicble", "stupd") or two
/// neighbouring letters swapped ("plageu", "cancre"), whether by haste or to slip past a filter. A token that is
/// no rule word is read as the rule word it is one slip from.
///
/// Only the words that hate and abuse are made of have slips (groups, slurs, insults, dehumanising nouns, verbs
/// of violence: what people obfuscate), only words of six letters or more, never at the first or last letter (a
/// plural's "s" is no slip), and a slip that two rule words share or that is itself an ordinary English word
/// ("refuge" is no slip of "refugee") is left out: `MisspellingsTests` checks every slip against the encoder's
/// vocabulary of about 22,000 common words, and the clashes it found are listed here.
struct Misspellings: Sendable {
    static let minimumLength = 6

    /// Ordinary words one slip from a rule word ("garage" from "garbage", "treat" from "threat"); never read as
    /// that rule word.
    static let ordinaryWords = Set(
        SharedWords.words(
            """
            strange hated garage treat violet refuge sinking beats backs picks stung moons inched buren loses naive \
            americas
            """
        ).map { Skeleton.of(Array($0.utf8)) })

    private let table: [String: Int32]

    /// `words`: the rule words that have slips, as written in the rules (`jewish_people` is two words).
    init(vocabulary: SafetyVocabulary, words: [String]) {
        var table: [String: Int32] = [:]
        var shared: Set<String> = []
        let pieces = Set(words.flatMap { $0.split(separator: "_").map { Skeleton.of(Array($0.utf8)) } })
        for word in pieces.sorted() {
            let id = vocabulary.lookup(word)
            for slip in Self.slips(of: word) where !vocabulary.contains(slip) && !Self.ordinaryWords.contains(slip) {
                if let other = table[slip], other != id { shared.insert(slip) }
                table[slip] = id
            }
        }
        for slip in shared { table[slip] = nil }
        self.table = table
    }

    /// The rule word `skeleton` is one slip from, if any.
    func id(for skeleton: String) -> Int32? {
        let length = skeleton.utf8.count
        guard length >= Self.minimumLength - 1 else { return nil }
        return table[skeleton]
    }

    /// Every slip of a word of lower-case letters: each letter but the first and the last left out, each pair of
    /// neighbours after the first letter swapped. Nothing for shorter words or words with other characters.
    static func slips(of word: String) -> [String] {
        let letters = Array(word.utf8)
        guard letters.count >= minimumLength, letters.allSatisfy(Skeleton.isLetter) else { return [] }
        var slips: [String] = []
        for index in 1..<(letters.count - 1) {
            var dropped = letters
            dropped.remove(at: index)
            slips.append(String(decoding: dropped, as: UTF8.self))
        }
        for index in 1..<(letters.count - 1) where letters[index] != letters[index + 1] {
            var swapped = letters
            swapped.swapAt(index, index + 1)
            slips.append(String(decoding: swapped, as: UTF8.self))
        }
        return slips
    }
}
