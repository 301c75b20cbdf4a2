/// Splits words run together to dodge a filter, or typed in haste: "fuckyou", "killyourself", "shutup",
/// "stupidbitch", "deathto all …", whole sentences ("ihatewomen", "muslimsarescum").
///
/// Only a word the rules do not know (no rule word and no slip of one, ``Misspellings``) is split, only into
/// pieces that abuse is glued from — the hate and abuse words (``HateSpeechRules/obfuscated``) and a short list
/// of verbs and the small words they take ("you", "off", "up", "all", "the", …) — and only when a piece is one of
/// the abuse words or verbs: "theme" is not "the me". Ordinary words that split so ("diego" is no "die go")
/// are listed here: `GluedWordsTests` checks every split against the encoder's vocabulary of common words.
struct GluedWords: Sendable {
    /// Verbs of abuse that are glued to what follows them.
    static let verbs = SharedWords.words(
        "fuck fck fuk kill go shut suck eat piss screw hang gas stab shoot burn die death rot stfu hate")
    /// The small words glued after them.
    static let particles = SharedWords.words(
        "you u ya yourself urself yourselves off up all them these those the to my me your ur hell now i are is people"
    )
    /// Ordinary words that split into such pieces; never split.
    static let ordinaryWords: Set<String> = Set(
        SharedWords.words("diego auburn blackburn hangul").map { Skeleton.of(Array($0.utf8)) })

    private let abusive: Set<String>
    /// The pieces as a letter trie: 26 children per node (0 = none), and whether a piece ends at the node.
    private let children: [Int32]
    private let terminal: [Bool]

    /// `abusiveWords`: the rule words abuse is made of, as written in the rules.
    init(abusiveWords: [String]) {
        let skeleton = { (word: Substring) in Skeleton.of(Array(word.utf8)) }
        let verbs = Self.verbs.map { skeleton(Substring($0)) }
        // Single words of four letters or more: "rid" of "get_rid_of" or "cow" are no abuse glued alone.
        abusive = Set(abusiveWords.filter { !$0.contains("_") && $0.utf8.count >= 4 }.map { skeleton(Substring($0)) })
            .union(verbs.filter { $0.utf8.count >= 3 })
        var children = [Int32](repeating: 0, count: 26)
        var terminal = [false]
        for piece in abusive.union(verbs).union(Self.particles.map { skeleton(Substring($0)) }) {
            var node = 0
            for letter in piece.utf8 {
                guard Skeleton.isLetter(letter) else { break }
                let slot = node * 26 + Int(letter - UInt8(ascii: "a"))
                if children[slot] == 0 {
                    children[slot] = Int32(terminal.count)
                    children += [Int32](repeating: 0, count: 26)
                    terminal.append(false)
                }
                node = Int(children[slot])
            }
            if piece.utf8.allSatisfy(Skeleton.isLetter) { terminal[node] = true }
        }
        self.children = children
        self.terminal = terminal
    }

    /// The pieces of a token's skeleton, or nil when it is not glued from them. Fewest pieces first; a token of
    /// more than 24 letters is never split.
    func split(_ skeleton: String) -> [String]? {
        guard (5...24).contains(skeleton.utf8.count), startsWithPiece(skeleton) else { return nil }
        let letters = Array(skeleton.utf8)
        guard letters.allSatisfy(Skeleton.isLetter), !Self.ordinaryWords.contains(skeleton) else { return nil }
        // best[i]: the fewest pieces covering letters[..<i], with where the last piece starts.
        var best: [(count: Int, start: Int)?] = Array(repeating: nil, count: letters.count + 1)
        best[0] = (0, 0)
        for start in 0..<letters.count {
            guard let before = best[start] else { continue }
            var node = 0
            for end in (start + 1)...letters.count {
                node = Int(children[node * 26 + Int(letters[end - 1] - UInt8(ascii: "a"))])
                if node == 0 { break }
                if terminal[node] && (best[end] == nil || before.count + 1 < best[end]!.count) {
                    best[end] = (before.count + 1, start)
                }
            }
        }
        guard let whole = best[letters.count], whole.count >= 2 else { return nil }
        var found: [String] = []
        var end = letters.count
        while end > 0, let last = best[end] {
            found.append(String(decoding: letters[last.start..<end], as: UTF8.self))
            end = last.start
        }
        found.reverse()
        return found.contains(where: abusive.contains) ? found : nil
    }

    /// Whether a piece shorter than the word starts it: most words are ruled out here, without allocating.
    private func startsWithPiece(_ skeleton: String) -> Bool {
        var node = 0
        var length = 0
        let count = skeleton.utf8.count
        for letter in skeleton.utf8 {
            guard Skeleton.isLetter(letter) else { return false }
            node = Int(children[node * 26 + Int(letter - UInt8(ascii: "a"))])
            length += 1
            if node == 0 || length == count { return false }
            if terminal[node] { return true }
        }
        return false
    }

    /// The tokens with every glued unknown word split into its pieces (ids looked up in `vocabulary`), or nil
    /// when none was.
    func splitAll(_ tokens: [MessageToken], vocabulary: SafetyVocabulary) -> [MessageToken]? {
        var splits: [(index: Int, parts: [String])] = []
        for index in tokens.indices {
            let token = tokens[index]
            guard token.id == MessageToken.unknown, token.raw.count == token.text.utf8.count,
                let parts = split(token.text)
            else { continue }
            splits.append((index, parts))
        }
        guard !splits.isEmpty else { return nil }
        var output: [MessageToken] = []
        output.reserveCapacity(tokens.count + splits.count * 2)
        var next = 0
        for (index, parts) in splits {
            output += tokens[next..<index]
            let token = tokens[index]
            var offset = 0
            for (position, part) in parts.enumerated() {
                var piece = token
                piece.text = part
                piece.raw = Array(token.raw[offset..<(offset + part.utf8.count)])
                piece.id = vocabulary.lookup(part)
                if position > 0 {
                    piece.flags.remove(.clauseStart)
                    piece.separator = .space
                }
                offset += part.utf8.count
                output.append(piece)
            }
            next = index + 1
        }
        output += tokens[next...]
        return output
    }
}
