/// A small pattern language over message tokens, so the rules read as phrases:
///
///     "add|follow|dm me|us ~2 on|at|via @platform"
///
/// Elements are separated by spaces:
/// - `a|b|c` one token among alternatives; `gift_card` a two-token alternative; `@name` the alternatives of a
///   named word set. Words are compared as skeletons (``Skeleton``), so the rule "kill" also matches "k1ll".
/// - a trailing `?` makes an element optional.
/// - `~N` skips up to N tokens; `~N@name` skips up to N tokens of a named set. A skip never crosses a clause
///   boundary (`.`, `,`, `!`, `?`) and never skips a negation ("you are not stupid" is not "you are … stupid").
/// - `:num` a number (digits or a number word), `:digits` any word with a digit, `:money` an amount like `$50`, `:handle` a user-name-like word ("jake_99", "@bella"),
///   `:content` any word outside ``PhrasePattern/fillers``, `:any` any token, `:shortcode` a 4–6 digit
///   number (premium-rate SMS shortcodes: "txt WIN to 80086"), `:code` what can be a code, an account or an ID
///   number: a word with three digits or more ("4242", "x1234567") or the first of numbers in a row ("4 2 4 2",
///   "12/27"), never the "2" of "2 years"; `:charge` an amount or pence as premium texts price them ("150p",
///   "150ppm").
/// - `!a|b` (zero-width) the next token is not one of these; `$` (zero-width) the clause ends here; `&`
///   (zero-width) the clause goes on here (words next to each other may stand either side of a comma or full stop).
struct PhrasePattern: Sendable {
    enum TokenClass: Sendable {
        case number, digits, money, handle, content, any, shortcode, code, charge
    }

    enum Element: Sendable {
        case words(single: Set<Int32>, multi: [[Int32]], classes: [TokenClass], optional: Bool)
        case gap(max: Int, allowed: Set<Int32>?)
        case notFollowedBy(Set<Int32>)
        case clauseEnd
        case clauseGoesOn
    }

    let source: String
    let elements: [Element]

    /// Ids that can start a match, or nil when the first element is not a plain word set.
    var leadingIDs: Set<Int32>? {
        guard case .words(let single, let multi, let classes, false) = elements.first, classes.isEmpty else { return nil }
        return single.union(multi.compactMap(\.first))
    }

    /// The word sets after the first element of which a match needs one word each (elements that are not
    /// optional and name no class), for skipping a pattern whose words the message does not have. A
    /// several-token alternative counts by its first token.
    var requiredWordSets: [Set<Int32>] {
        elements.dropFirst().compactMap { element in
            guard case .words(let single, let multi, let classes, false) = element, classes.isEmpty else { return nil }
            return single.union(multi.compactMap(\.first))
        }
    }

    struct SyntaxError: Error, CustomStringConvertible {
        let description: String
    }

    init(_ source: String, sets: [String: [String]], vocabulary: inout SafetyVocabulary) throws {
        self.source = source
        var elements: [Element] = []
        for var part in source.split(separator: " ").map(String.init) {
            var optional = false
            if part.count > 1 && part.hasSuffix("?") {
                optional = true
                part.removeLast()
            }
            if part.hasPrefix("~") {
                let body = part.dropFirst()
                let digits = body.prefix(while: \.isNumber)
                guard let max = Int(digits) else { throw SyntaxError(description: "bad gap '\(part)' in '\(source)'") }
                let rest = body.dropFirst(digits.count)
                var allowed: Set<Int32>?
                if rest.hasPrefix("@") {
                    let words = try Self.expand(String(rest), sets: sets, source: source)
                    allowed = Set(words.map { vocabulary.id(for: $0) })
                }
                elements.append(.gap(max: max, allowed: allowed))
            } else if part == "$" {
                elements.append(.clauseEnd)
            } else if part == "&" {
                elements.append(.clauseGoesOn)
            } else if part.hasPrefix("!") && part.count > 1 {
                let words = try Self.expand(String(part.dropFirst()), sets: sets, source: source)
                elements.append(.notFollowedBy(Set(words.map { vocabulary.id(for: $0) })))
            } else {
                var single: Set<Int32> = []
                var multi: [[Int32]] = []
                var classes: [TokenClass] = []
                for word in try Self.expand(part, sets: sets, source: source) {
                    if word.hasPrefix(":") {
                        classes.append(try Self.tokenClass(word, source: source))
                        continue
                    }
                    let pieces = word.split(separator: "_").map { vocabulary.id(for: String($0)) }
                    if pieces.count == 1 { single.insert(pieces[0]) } else { multi.append(pieces) }
                }
                elements.append(.words(single: single, multi: multi, classes: classes, optional: optional))
            }
        }
        self.elements = elements
    }

    private static func tokenClass(_ name: String, source: String) throws -> TokenClass {
        switch name {
        case ":num": return .number
        case ":digits": return .digits
        case ":money": return .money
        case ":handle": return .handle
        case ":content": return .content
        case ":any": return .any
        case ":shortcode": return .shortcode
        case ":code": return .code
        case ":charge": return .charge
        default: throw SyntaxError(description: "unknown class '\(name)' in '\(source)'")
        }
    }

    /// `a|@set|b` → the plain words.
    private static func expand(_ alternatives: String, sets: [String: [String]], source: String) throws -> [String] {
        var words: [String] = []
        for alternative in alternatives.split(separator: "|").map(String.init) {
            if alternative.hasPrefix("@") {
                guard let set = sets[String(alternative.dropFirst())] else {
                    throw SyntaxError(description: "unknown set '\(alternative)' in '\(source)'")
                }
                words += set
            } else {
                words.append(alternative)
            }
        }
        return words
    }

    // MARK: Matching

    func matches(_ tokens: borrowing [MessageToken], at start: Int, context: borrowing MatchContext) -> Bool {
        match(element: 0, token: start, tokens, context)
    }

    private func match(
        element index: Int, token position: Int, _ tokens: borrowing [MessageToken],
        _ context: borrowing MatchContext
    ) -> Bool {
        guard index < elements.count else { return true }
        switch elements[index] {
        case .words(let single, let multi, let classes, let optional):
            if optional && match(element: index + 1, token: position, tokens, context) { return true }
            guard position < tokens.count else { return false }
            if context.token(tokens[position], isIn: single)
                || classes.contains(where: { context.token(tokens[position], is: $0) })
                || classes.contains(.code) && MatchContext.isCode(at: position, in: tokens)
            {
                if match(element: index + 1, token: position + 1, tokens, context) { return true }
            }
            for sequence in multi where position + sequence.count <= tokens.count {
                var matched = true
                for (offset, id) in sequence.enumerated() where tokens[position + offset].id != id {
                    matched = false
                    break
                }
                if matched && match(element: index + 1, token: position + sequence.count, tokens, context) { return true }
            }
            return false
        case .gap(let max, let allowed):
            var skipped = 0
            while true {
                let next = position + skipped
                if skipped == 0 || next >= tokens.count || !tokens[next].flags.contains(.clauseStart) {
                    if match(element: index + 1, token: next, tokens, context) { return true }
                }
                guard skipped < max, next < tokens.count else { return false }
                let token = tokens[next]
                if token.flags.contains(.clauseStart) { return false }
                if context.negations.contains(token.id) { return false }
                if let allowed, !allowed.contains(token.id) { return false }
                skipped += 1
            }
        case .notFollowedBy(let excluded):
            if position < tokens.count && excluded.contains(tokens[position].id) { return false }
            return match(element: index + 1, token: position, tokens, context)
        case .clauseEnd:
            if position < tokens.count && !tokens[position].flags.contains(.clauseStart) { return false }
            return match(element: index + 1, token: position, tokens, context)
        case .clauseGoesOn:
            if position < tokens.count && tokens[position].flags.contains(.clauseStart) { return false }
            return match(element: index + 1, token: position, tokens, context)
        }
    }
}

/// What matching needs besides the pattern: the vocabulary for masked words, negations, fillers.
struct MatchContext: Sendable {
    let vocabulary: SafetyVocabulary
    let negations: Set<Int32>
    let fillers: Set<Int32>

    func token(_ token: MessageToken, isIn ids: Set<Int32>) -> Bool {
        if ids.contains(token.id) { return true }
        guard token.flags.contains(.masked) else { return false }
        return vocabulary.maskedCandidates(token.text).contains(where: ids.contains)
    }

    func token(_ token: MessageToken, is tokenClass: PhrasePattern.TokenClass) -> Bool {
        switch tokenClass {
        case .number: return token.flags.contains(.number) || token.flags.contains(.numberWord)
        case .digits: return token.flags.contains(.hasDigit)
        case .money: return token.flags.contains(.money)
        case .handle: return token.looksLikeHandle
        case .content: return !fillers.contains(token.id) && !token.flags.contains(.clauseStart)
        case .any: return true
        case .shortcode:
            return (4...6).contains(token.text.utf8.count) && token.text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        case .code: return false  // needs the next token too: `isCode(at:in:)`
        case .charge: return token.flags.contains(.money) || Self.isPence(token.raw)
        }
    }

    /// Pence as premium texts price them: "150p", "25p", "1.50p", "150ppm", "150ppw" (digits, then `p`, `ppm`
    /// or `ppw`).
    static func isPence(_ raw: [UInt8]) -> Bool {
        guard let letters = raw.firstIndex(where: { !($0 >= 0x30 && $0 <= 0x39) && $0 != UInt8(ascii: ".") }),
            letters > 0, raw[0] >= 0x30 && raw[0] <= 0x39
        else { return false }
        let suffix = raw[letters...]
        return suffix.elementsEqual("p".utf8) || suffix.elementsEqual("ppm".utf8) || suffix.elementsEqual("ppw".utf8)
    }

    /// `:code`: a word with three digits or more, or a number followed by another number in the same clause.
    static func isCode(at position: Int, in tokens: borrowing [MessageToken]) -> Bool {
        let flags = tokens[position].flags
        if flags.contains(.money) { return false }
        if tokens[position].raw.lazy.filter({ $0 >= 0x30 && $0 <= 0x39 }).count >= 3 { return true }
        guard flags.contains(.number) || flags.contains(.numberWord), position + 1 < tokens.count else { return false }
        let next = tokens[position + 1].flags
        return (next.contains(.number) || next.contains(.numberWord)) && !next.contains(.clauseStart)
    }
}

/// Every word the rules mention, as skeletons, with a small integer id each; tokens are looked up once and
/// compared by id.
struct SafetyVocabulary: Sendable {
    private(set) var ids: [String: Int32] = [:]
    private(set) var words: [String] = []

    mutating func id(for word: String) -> Int32 {
        let skeleton = Skeleton.of(Array(word.lowercased().utf8))
        if let id = ids[skeleton] { return id }
        let id = Int32(words.count)
        ids[skeleton] = id
        words.append(skeleton)
        return id
    }

    func lookup(_ skeleton: String) -> Int32 { ids[skeleton] ?? MessageToken.unknown }

    func contains(_ skeleton: String) -> Bool { ids[skeleton] != nil }

    /// Words a masked token may stand for: same length, same letters where not masked, at least two letters
    /// shown ("f*ck" → "fuck"; "**" → nothing).
    func maskedCandidates(_ masked: String) -> [Int32] {
        let pattern = Array(masked.utf8)
        guard pattern.filter({ $0 != UInt8(ascii: "*") }).count >= 2 else { return [] }
        var found: [Int32] = []
        for (index, word) in words.enumerated() where word.utf8.count == pattern.count {
            if zip(word.utf8, pattern).allSatisfy({ $1 == UInt8(ascii: "*") || $0 == $1 }) { found.append(Int32(index)) }
        }
        return found
    }
}
