import Foundation

/// BERT's uncased tokenizer: text cleaned, lower-cased and stripped of accents, split on
/// whitespace and punctuation (CJK ideographs stand alone), then each word cut into the longest
/// pieces found in the vocabulary (`##` marks a continuation), or `[UNK]` when it cannot be.
struct WordPieceTokenizer: Sendable {
    let vocabulary: [String: Int32]
    let unknown: Int32
    let classification: Int32
    let separator: Int32
    /// Words longer than this (in characters) are `[UNK]`, as in BERT.
    let maxWordCharacters = 100

    init(vocabularyFile path: String) throws {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw EmbeddingError.modelMissing(path) }
        var vocabulary: [String: Int32] = [:]
        var index: Int32 = 0
        text.enumerateLines { line, _ in
            if vocabulary[line] == nil { vocabulary[line] = index }
            index += 1
        }
        guard let unknown = vocabulary["[UNK]"], let cls = vocabulary["[CLS]"], let sep = vocabulary["[SEP]"] else {
            throw EmbeddingError.malformedModel("\(path): no [UNK]/[CLS]/[SEP]")
        }
        self.vocabulary = vocabulary
        self.unknown = unknown
        classification = cls
        separator = sep
    }

    /// `[CLS] pieces… [SEP]`, at most `maxTokens` in all.
    func encode(_ text: String, maxTokens: Int) -> [Int32] {
        var ids: [Int32] = [classification]
        let room = max(0, maxTokens - 2)
        for word in words(text) {
            if ids.count - 1 >= room { break }
            ids.append(contentsOf: pieces(word))
        }
        if ids.count - 1 > room { ids.removeLast(ids.count - 1 - room) }
        ids.append(separator)
        return ids
    }

    /// Basic tokenization: lower case, accents removed (NFD, combining marks dropped), control
    /// characters dropped, splits at whitespace, punctuation and CJK ideographs.
    func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark: continue
            case .control, .format:
                if scalar == "\t" || scalar == "\n" || scalar == "\r" { flush() }
                continue
            default: break
            }
            if scalar.value == 0 || scalar.value == 0xFFFD { continue }
            if properties.isWhitespace {
                flush()
            } else if Self.isPunctuation(scalar) || Self.isIdeograph(scalar) {
                flush()
                words.append(String(Character(scalar)))
            } else {
                current.append(scalar)
            }
        }
        flush()
        return words
    }

    /// Greedy longest match first.
    func pieces(_ word: String) -> [Int32] {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count <= maxWordCharacters else { return [unknown] }
        var result: [Int32] = []
        var start = 0
        while start < scalars.count {
            var end = scalars.count
            var found: Int32?
            while start < end {
                var piece = start > 0 ? "##" : ""
                piece.unicodeScalars.append(contentsOf: scalars[start..<end])
                if let id = vocabulary[piece] {
                    found = id
                    break
                }
                end -= 1
            }
            guard let id = found else { return [unknown] }
            result.append(id)
            start = end
        }
        return result
    }

    /// ASCII symbols count as punctuation (BERT's rule), and every Unicode punctuation category.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if (33...47).contains(v) || (58...64).contains(v) || (91...96).contains(v) || (123...126).contains(v) { return true }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default: return false
        }
    }

    static func isIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F, 0x2B740...0x2B81F,
            0x2B820...0x2CEAF, 0xF900...0xFAFF, 0x2F800...0x2FA1F:
            return true
        default: return false
        }
    }
}
