import Foundation

/// Turns article text into the features story intelligence works on: stemmed terms without
/// stop words, named entities (capitalised sequences), and numbers with their units.
/// One place for tokenisation, so clustering, topics and summaries see the same words.
public struct TextAnalyzer: Sendable {
    private let stemmer = Stemmer()

    public init() {}

    /// Lower-cased, stop-word-free, stemmed terms in order.
    public func terms(_ text: String) -> [String] {
        words(text).compactMap { word in
            let lower = word.lowercased()
            guard lower.count > 1 || lower.first?.isNumber == true, !StopWords.english.contains(lower) else { return nil }
            return lower.first?.isNumber == true ? lower : stemmer.stem(lower)
        }
    }

    /// Words: runs of letters/digits; keeps inner apostrophes, dots and commas of numbers
    /// ("27.5", "1,200"), and hyphenated words as one.
    ///
    /// Walks Unicode scalars with an ASCII fast path: `Character.isLetter` (grapheme breaking
    /// plus a property lookup per character) was a fifth of the clustering benchmark. Combining
    /// marks continue the word they follow, as they would inside one `Character`.
    public func words(_ text: String) -> [Substring] {
        var result: [Substring] = []
        let scalars = text.unicodeScalars
        var start: String.Index?
        var previous: Unicode.Scalar?
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let c = scalars[index]
            let next = scalars.index(after: index)
            let kind = Self.kind(of: c)
            var inWord = kind == .letter || kind == .digit || (start != nil && kind == .mark)
            if !inWord, start != nil, let before = previous, next < scalars.endIndex {
                let following = Self.kind(of: scalars[next])
                switch c {
                case ".", ",": inWord = Self.kind(of: before) == .digit && following == .digit
                case "'", "’", "-": inWord = Self.kind(of: before) == .letter && following == .letter
                default: break
                }
            }
            if inWord {
                if start == nil { start = index }
            } else if let s = start {
                result.append(text[s..<index])
                start = nil
            }
            previous = c
            index = next
        }
        if let s = start { result.append(text[s...]) }
        return result
    }

    private enum ScalarKind { case letter, digit, mark, other }

    private static func kind(of c: Unicode.Scalar) -> ScalarKind {
        let v = c.value
        if v < 0x80 {
            if (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) { return .letter }
            return v >= 0x30 && v <= 0x39 ? .digit : .other
        }
        let properties = c.properties
        if properties.isAlphabetic { return .letter }
        if properties.numericType != nil { return .digit }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
        default: return .other
        }
    }

    /// Capitalised word sequences that are not sentence-initial stop words: "Central Bank of
    /// Nigeria" → ["central bank of nigeria"]. Crude but language-free and fast.
    public func entities(_ text: String) -> [String] {
        var result: [String] = []
        var current: [Substring] = []
        var pendingConnector: Substring?
        func flush() {
            // "The", "In" before a name go; the "New" of "New Hampshire" is the name's own.
            while let first = current.first, StopWords.english.contains(first.lowercased()),
                !(first == "New" && current.count > 1)
            {
                current.removeFirst()
            }
            if !current.isEmpty {
                let phrase = current.joined(separator: " ").lowercased()
                if !(current.count == 1 && StopWords.english.contains(phrase)) { result.append(phrase) }
            }
            current = []
            pendingConnector = nil
        }
        for word in words(text) {
            guard let first = word.first else { continue }
            if first.isUppercase {
                if let connector = pendingConnector { current.append(connector) }
                pendingConnector = nil
                current.append(word)
            } else if !current.isEmpty && ["of", "de", "du", "al", "bin", "van", "von", "and"].contains(word.lowercased())
                && pendingConnector == nil
            {
                pendingConnector = word
            } else {
                flush()
            }
        }
        flush()
        return result
    }

    /// A capitalised word sequence and whether it opens a sentence (where a capital may be grammar,
    /// not a name: "Voters queued", "Rain fell").
    public struct NamedEntity: Sendable, Equatable {
        public var phrase: String
        public var sentenceStart: Bool
    }

    /// Named entities for matching: like `entities`, but a phrase never runs across punctuation
    /// ("in Oslo, Norway" is two names; "in May. Few analysts" is not "may few"), and
    /// a possessive ending is dropped ("Peru's" is "peru").
    public func namedEntities(_ text: String) -> [NamedEntity] {
        var result: [NamedEntity] = []
        var current: [Substring] = []
        var currentStartsSentence = false
        var pendingConnector: Substring?
        var sentenceStart = true
        func flush() {
            var startsSentence = currentStartsSentence
            while let first = current.first, StopWords.english.contains(first.lowercased()) {
                current.removeFirst()
                startsSentence = false
            }
            if !current.isEmpty {
                let phrase = current.map(Self.withoutPossessive).joined(separator: " ").lowercased()
                if !(current.count == 1 && StopWords.english.contains(phrase)) {
                    result.append(NamedEntity(phrase: phrase, sentenceStart: startsSentence))
                }
            }
            current = []
            pendingConnector = nil
        }
        let all = words(text)
        for (index, word) in all.enumerated() {
            guard let first = word.first else { continue }
            let opensSentence = sentenceStart
            sentenceStart = false
            if first.isUppercase {
                if let connector = pendingConnector { current.append(connector) }
                if current.isEmpty { currentStartsSentence = opensSentence }
                pendingConnector = nil
                current.append(word)
            } else if !current.isEmpty && ["of", "de", "du", "al", "bin", "van", "von", "and"].contains(word.lowercased())
                && pendingConnector == nil
            {
                pendingConnector = word
            } else {
                flush()
            }
            // What separates this word from the next: anything but spaces ends the phrase, and a
            // full stop, question or exclamation mark, colon or line break starts a sentence.
            let gapEnd = index + 1 < all.count ? all[index + 1].startIndex : text.endIndex
            let gap = text[word.endIndex..<gapEnd]
            if gap.contains(where: { !$0.isWhitespace || $0.isNewline }) {
                flush()
                if gap.contains(where: { ".!?:\n".contains($0) }) { sentenceStart = true }
            }
        }
        flush()
        return result
    }

    /// The word without its possessive ending: "Nigeria's" → "Nigeria", "Democrats’" → "Democrats".
    static func withoutPossessive(_ word: Substring) -> Substring {
        for suffix in ["'s", "’s", "'", "’"] where word.count > suffix.count + 1 && word.hasSuffix(suffix) {
            return word.dropLast(suffix.count)
        }
        return word
    }

    /// Numbers as written with the word after them (the unit or the counted thing):
    /// "killed 12 people" → ("12", "people"); "27.5%" → ("27.5", "%"); "$3bn" → ("3", "bn").
    public func quantities(_ text: String) -> [(value: Double, unit: String)] {
        let tokens = words(text)
        var result: [(Double, String)] = []
        for (i, token) in tokens.enumerated() {
            let digits = token.filter { $0.isNumber || $0 == "." }
            guard token.first?.isNumber == true, let value = Double(digits) else { continue }
            let suffix = token.drop(while: { $0.isNumber || $0 == "." || $0 == "," }).lowercased()
            var unit = suffix
            if unit.isEmpty {
                let end = token.endIndex
                if end < text.endIndex, text[end] == "%" {
                    unit = "%"
                } else if i + 1 < tokens.count {
                    unit = tokens[i + 1].lowercased()
                }
            }
            result.append((value, unit))
        }
        return result
    }

    /// Initials inside a name ("George H.W. Bush", "J.R.R. Tolkien"): two or more capital letters each with
    /// its dot. Initials that end sentences as often as not (places and bodies: "U.S.", "D.C.", "U.N.") are not.
    static func isNameInitials(_ word: String) -> Bool {
        let letters = word.drop { !$0.isLetter }
        guard letters.count >= 4, letters.count % 2 == 0, !placeInitials.contains(String(letters)) else { return false }
        for (k, c) in letters.enumerated() {
            if k % 2 == 0 ? !(c.isUppercase && c.isLetter) : c != "." { return false }
        }
        return true
    }

    private static let placeInitials: Set<String> = [
        "U.S.", "U.K.", "U.N.", "E.U.", "D.C.", "L.A.", "N.Y.", "N.J.", "S.C.", "N.C.", "U.A.E.", "U.S.A.", "U.S.S.R.",
        "P.M.", "A.M.", "B.C.", "A.D.", "R.I.", "N.H.", "N.M.", "N.D.", "S.D.", "W.Va.",
    ]

    private static let closers: Set<Character> = ["\"", "”", "’", "'", ")"]

    /// No abbreviation or run of initials is longer: a longer word never keeps a full stop from ending a sentence.
    private static let longestAbbreviation = 16

    /// "a.m." and "p.m." end a sentence unless a time zone or a day follows ("2:30 a.m. EST Tuesday").
    private static let clockSuffixes: Set<String> = ["a.m.", "p.m."]
    private static let afterClock: Set<String> = [
        "est", "edt", "et", "cst", "cdt", "ct", "mst", "mdt", "mt", "pst", "pdt", "pt", "gmt", "bst", "utc", "cet",
        "cest", "ist", "jst", "aest", "aedt", "eat", "wat", "sast", "local", "monday", "tuesday", "wednesday",
        "thursday", "friday", "saturday", "sunday",
    ]

    private static func continuesClock(_ characters: [Character], after index: Int) -> Bool {
        var j = index
        while j < characters.count && characters[j].isWhitespace { j += 1 }
        var word = ""
        while j < characters.count, characters[j].isLetter, word.count < 12 {
            word.append(characters[j])
            j += 1
        }
        return afterClock.contains(word.lowercased())
    }

    /// Sentences (for summaries): split after . ! ? (a full stop with the quotes or parentheses it closes) followed
    /// by space and a capital or digit, not after common abbreviations or single initials.
    public func sentences(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        // The word being written (since the last space) and its length, kept as characters arrive: reading it
        // back from `current` at every full stop was quadratic in a sentence that never ends ("(Sept. (Sept. …"
        // over 70 KB took 37 s, "A. B. C. …" 147 s). Only its last characters can make an abbreviation.
        var word = ""
        var wordLength = 0
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            current.append(c)
            if c == " " {
                word = ""
                wordLength = 0
            } else if wordLength < Self.longestAbbreviation {
                word.append(c)
                wordLength += 1
            } else {
                wordLength += 1
            }
            if c == "\n" {
                let trimmed = current.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { result.append(trimmed) }
                current = ""
                word = ""
                wordLength = 0
            } else if c == "." || c == "!" || c == "?" {
                let lastWord = wordLength <= Self.longestAbbreviation ? word : ""
                // A full stop inside a closing quotation or parenthesis ends the sentence after it: "… shouting
                // “white power.” The president …". (After "?" or "!" the speaker usually follows: "“Why?” she asked.")
                if c == "." {
                    while i + 1 < characters.count, TextAnalyzer.closers.contains(characters[i + 1]) {
                        i += 1
                        current.append(characters[i])
                        if wordLength < Self.longestAbbreviation { word.append(characters[i]) }
                        wordLength += 1
                    }
                }
                let nextIndex = i + 1
                let atEnd = nextIndex >= characters.count
                let followedBySpace = !atEnd && characters[nextIndex].isWhitespace
                var startsNew = atEnd
                if followedBySpace {
                    var j = nextIndex
                    while j < characters.count && characters[j].isWhitespace { j += 1 }
                    startsNew =
                        j >= characters.count || characters[j].isUppercase || characters[j].isNumber
                        || characters[j] == "\"" || characters[j] == "“" || characters[j] == "‘"
                }
                // The word as written, without the bracket or quote that opens it: "(Sept. 12)".
                let written = String(lastWord.drop { "([{“‘\"'".contains($0) })
                let abbreviation =
                    StopWords.abbreviations.contains(written.lowercased())
                    || (written.count == 2 && written.first?.isUppercase == true)
                    || Self.isNameInitials(written)
                    || (Self.clockSuffixes.contains(written.lowercased()) && Self.continuesClock(characters, after: nextIndex))
                if startsNew && !abbreviation {
                    let trimmed = current.trimmingCharacters(in: .whitespacesAndNewlines)
                    if !trimmed.isEmpty { result.append(trimmed) }
                    current = ""
                    word = ""
                    wordLength = 0
                }
            }
            i += 1
        }
        let trimmed = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { result.append(trimmed) }
        return result
    }
}
