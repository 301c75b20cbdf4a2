import Foundation

/// What the topic model sees of a text. The same rules as `scripts/topic_text.py`, which trains the model
/// (the parity test checks both on fixed texts; change them together):
/// lower-case; a word is a maximal run of ASCII letters/digits or non-ASCII Unicode letters; words of one
/// character and all-digit words are dropped, and so are source markers (``topicWords(_:)``); words are stemmed
/// (libstemmer, English); features are the stems and adjacent stem pairs, headline features counted
/// `titleRepeat` times.
///
/// Kept apart from `TextAnalyzer` on purpose: the shipped weights depend on these exact rules, and the
/// clustering tokeniser is free to change.
struct TopicTokenizer: Sendable {
    private let stemmer = Stemmer()

    /// Lower-cased words including single characters and numbers (the place matcher needs "u", "s").
    static func rawWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    static func words(_ text: String) -> [String] {
        rawWords(text).filter { word in
            word.unicodeScalars.count > 1 && !word.unicodeScalars.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 }
        }
    }

    /// Words that say where or how a text was published, not what it is about: agency and outlet bylines, web
    /// page furniture and entities, honorifics (British and American papers write "Mr" in every section). Each
    /// topic of the labelled data comes from one source, so the model would otherwise learn the source ("AP"
    /// reads as tech, "Mr" as politics) and misread every other outlet.
    static let sourceMarkers: Set<String> = [
        "reuters", "reuter", "ap", "afp", "upi", "newsfactor", "cnn", "washingtonpost", "usatoday", "quot", "amp",
        "nbsp", "lt", "gt", "www", "http", "https", "href", "com", "mr", "mrs", "ms", "caption", "toggle",
    ]
    static let sourceMarkerPairs: Set<String> = ["story highlights", "usa today", "read more", "click here"]
    /// The 1980s wire's abbreviations (Reuters-21578) as today's words; nil drops the word.
    static let wireAbbreviations: [String: String?] = [
        "mln": "million", "bln": "billion", "dlrs": "dollars", "dlr": "dollar", "pct": "percent", "cts": "cents",
        "qtr": "quarter", "shr": "share", "shrs": "shares", "revs": "revenues", "avg": "average", "vs": nil,
    ]

    /// ``words(_:)`` without source markers and with the wire's abbreviations spelled out: what the model reads.
    static func topicWords(_ text: String) -> [String] {
        let all = words(text)
        var kept: [String] = []
        kept.reserveCapacity(all.count)
        var index = 0
        while index < all.count {
            let word = all[index]
            if index + 1 < all.count, sourceMarkerPairs.contains(word + " " + all[index + 1]) {
                index += 2
                continue
            }
            index += 1
            if sourceMarkers.contains(word) || isNumberedUpdate(word) { continue }
            if let spelled = wireAbbreviations[word] {
                if let spelled { kept.append(spelled) }
                continue
            }
            kept.append(word)
        }
        return kept
    }

    /// "update1", "update2": a wire story's revision tag.
    private static func isNumberedUpdate(_ word: String) -> Bool {
        guard word.hasPrefix("update") else { return false }
        let number = word.unicodeScalars.dropFirst(6)
        return !number.isEmpty && number.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 }
    }

    private static func isWordScalar(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 { return (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39) }
        switch c.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    /// Feature counts: stems and stem bigrams, the headline's counted `titleRepeat` times.
    func counts(title: String, text: String, titleRepeat: Int) -> [String: Int] {
        var counts: [String: Int] = [:]
        func add(_ part: String, times: Int) {
            let stems = Self.topicWords(part).map { stemmer.stem($0) }
            for stem in stems { counts[stem, default: 0] += times }
            if stems.count > 1 {
                for i in 1..<stems.count { counts[stems[i - 1] + " " + stems[i], default: 0] += times }
            }
        }
        add(title, times: titleRepeat)
        add(text, times: 1)
        return counts
    }
}
