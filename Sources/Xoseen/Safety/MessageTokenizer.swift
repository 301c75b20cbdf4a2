/// Splits a folded message (``CharacterFolding``) into ``MessageToken``s.
///
/// Obfuscation is undone per word: `.` and `_` between letters join ("w.h.a.t.s.a.p.p", "jake_99"), symbols
/// inside words read as letters ("c@sh", "b!tch"), `*` inside a word is kept as a hidden letter ("f*ck"),
/// apostrophes vanish ("you're" → "youre"). Hyphens split words; spaced-out letters are joined later, against
/// the rules' vocabulary (``TokenMerger``). E-mail addresses become one token. Quotation marks, double or
/// single, mark the words of a quotation (``MessageToken/Flags/quoted``).
enum MessageTokenizer {
    static func tokenize(_ bytes: [UInt8]) -> [MessageToken] {
        var state = State(bytes: bytes)
        state.run()
        markQuotations(&state.tokens, closedAtEnd: state.separator.contains(.quote))
        return state.tokens
    }

    /// Flags the words between paired double quotes as ``MessageToken/Flags/quoted``, when the marks pair up and
    /// at least two words stand outside them (a message that is all quotation is the sender's own words).
    static func markQuotations(_ tokens: inout [MessageToken], closedAtEnd: Bool) {
        var marks = closedAtEnd ? 1 : 0
        for token in tokens where token.separator.contains(.quote) { marks += 1 }
        guard marks >= 2, marks % 2 == 0 else { return }
        var inside = false
        var outside = 0
        for index in tokens.indices {
            if tokens[index].separator.contains(.quote) { inside.toggle() }
            if inside { tokens[index].flags.insert(.quoted) } else { outside += 1 }
        }
        if outside < 2 {
            for index in tokens.indices { tokens[index].flags.remove(.quoted) }
        }
    }

    private struct State {
        let bytes: [UInt8]
        var tokens: [MessageToken] = []
        var piece: [UInt8] = []
        var pieceFlags: MessageToken.Flags = []
        /// Where dots stood between digits in `piece` (its length at each).
        var pieceDots: [Int] = []
        var separator: MessageToken.Separator = []
        var clauseStart = true
        /// A single quote opened a quotation that no single quote has closed yet.
        var singleQuoteOpen = false

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func run() {
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if isSpace(byte) {
                    endPiece()
                    if separator.contains(.space) || byte != UInt8(ascii: " ") { separator.insert(.wideSpace) }
                    separator.insert(.space)
                    if byte == UInt8(ascii: "\n") { clauseStart = true }
                    index += 1
                    continue
                }
                var end = index
                while end < bytes.count && !isSpace(bytes[end]) { end += 1 }
                chunk(index..<end)
                index = end
            }
            endPiece()
        }

        /// One whitespace-delimited run of characters.
        mutating func chunk(_ range: Range<Int>) {
            if let email = emailRange(in: range) {
                for index in range.lowerBound..<email.lowerBound { character(at: index, in: range) }
                endPiece()
                emit(raw: Array(bytes[email]), flags: [.email, .hasLetter], text: "@email")
                for index in email.upperBound..<range.upperBound { character(at: index, in: range) }
                return
            }
            for index in range { character(at: index, in: range) }
        }

        mutating func character(at index: Int, in range: Range<Int>) {
            let byte = bytes[index]
            let previous = index > range.lowerBound ? bytes[index - 1] : 0
            let next = index + 1 < range.upperBound ? bytes[index + 1] : 0
            if isWordByte(byte) {
                if isDigit(byte) && pieceFlags.contains(.money) == false && piece.last == UInt8(ascii: "$") {
                    piece.removeLast()
                    pieceFlags.insert(.money)
                }
                piece.append(byte)
                return
            }
            switch byte {
            case UInt8(ascii: "'"):
                // An apostrophe vanishes ("don't" → "dont", "the students' books"); a single quote that opens
                // before a word, and the one that closes it, mark a quotation like double quotes do.
                if !isWordByte(previous) && isLetter(next) && !singleQuoteOpen {
                    singleQuoteOpen = true
                    boundary(.quote, clause: false)
                } else if singleQuoteOpen && !isWordByte(next) {
                    singleQuoteOpen = false
                    boundary(.quote, clause: false)
                }
                return
            case UInt8(ascii: "."), UInt8(ascii: "_"):
                if isWordByte(previous) && isWordByte(next) && !piece.isEmpty {
                    // "1,200.50" stays a number; "w.h.a.t" and "jake_99" join.
                    if !(pieceFlags.contains(.money) && isDigit(next)) { pieceFlags.insert(.joined) }
                    if byte == UInt8(ascii: ".") && isDigit(previous) && isDigit(next) { pieceDots.append(piece.count) }
                    return
                }
                boundary(byte == UInt8(ascii: ".") ? .dot : .other, clause: byte == UInt8(ascii: "."))
            case UInt8(ascii: ","):
                if pieceFlags.contains(.money) && isDigit(previous) && isDigit(next) { return }
                boundary(.comma, clause: true)
            case UInt8(ascii: "-"), UInt8(ascii: "~"):
                boundary(.hyphen, clause: false)
            case UInt8(ascii: "*"):
                if isWordByte(previous) || isWordByte(next) || previous == UInt8(ascii: "*") || next == UInt8(ascii: "*") {
                    piece.append(byte)
                    pieceFlags.insert(.masked)
                } else {
                    boundary(.other, clause: false)
                }
            case UInt8(ascii: "@"):
                if piece.isEmpty && isLetterOrDigit(next) {
                    pieceFlags.insert(.handle)
                } else if isLetterOrDigit(previous) && isWordByte(next) {
                    piece.append(byte)
                } else {
                    boundary(.other, clause: false)
                }
            case UInt8(ascii: "$"):
                if isDigit(next) {
                    endPiece()
                    piece.append(byte)
                } else if isLetter(previous) || isLetter(next) {
                    piece.append(byte)
                } else {
                    boundary(.other, clause: false)
                }
            case UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: "+"):
                if isLetterOrDigit(previous) && isLetter(next) || isLetter(previous) && isLetterOrDigit(next) {
                    piece.append(byte)
                } else {
                    let kind: MessageToken.Separator = byte == UInt8(ascii: "+") ? .plus : .other
                    boundary(kind, clause: byte == UInt8(ascii: "!"))
                }
            case UInt8(ascii: "\""):
                boundary(.quote, clause: false)
            case UInt8(ascii: "?"), UInt8(ascii: ";"):
                boundary(.other, clause: true)
            case UInt8(ascii: ":"):
                boundary(.colon, clause: true)
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"),
                UInt8(ascii: "{"), UInt8(ascii: "}"):
                boundary(.parenthesis, clause: false)
            case UInt8(ascii: "/"), UInt8(ascii: "\\"):
                boundary(.slash, clause: false)
            case UInt8(ascii: "#"):
                endPiece()
                emit(raw: [byte], flags: [], text: "#")
            default:
                boundary(.other, clause: false)
            }
        }

        mutating func boundary(_ kind: MessageToken.Separator, clause: Bool) {
            endPiece()
            separator.insert(kind)
            if clause { clauseStart = true }
        }

        mutating func endPiece() {
            defer {
                piece.removeAll(keepingCapacity: true)
                pieceFlags = []
                pieceDots.removeAll()
            }
            while let last = piece.last, last == UInt8(ascii: "$") || last == UInt8(ascii: "@") { piece.removeLast() }
            guard !piece.isEmpty else { return }
            var flags = pieceFlags
            let hasDigit = piece.contains(where: isDigit)
            let hasLetter = piece.contains(where: isLetter)
            if hasDigit { flags.insert(.hasDigit) }
            if hasLetter { flags.insert(.hasLetter) }
            var text: String
            var raw = piece
            if !hasLetter && !flags.contains(.masked) {
                text = String(decoding: piece.filter(isDigit), as: UTF8.self)
                if !flags.contains(.money) { flags.insert(.number) }
                if !pieceDots.isEmpty && flags.contains(.number) && piece.allSatisfy(isDigit) {
                    for position in pieceDots.reversed() { raw.insert(UInt8(ascii: "."), at: position) }
                }
            } else if hasDigit && isNumberWithUnit(piece) {
                // "10th", "7pm", "40k", "5'11": a quantity, not leetspeak.
                text = String(decoding: piece, as: UTF8.self)
                flags.remove(.hasLetter)
            } else {
                text = Skeleton.of(piece)
                if NumberWords.digit(forSkeleton: text) != nil { flags.insert(.numberWord) }
            }
            emit(raw: raw, flags: flags, text: text)
        }

        mutating func emit(raw: [UInt8], flags: MessageToken.Flags, text: String) {
            var flags = flags
            if clauseStart { flags.insert(.clauseStart) }
            tokens.append(MessageToken(text: text, raw: raw, flags: flags, separator: separator))
            separator = []
            clauseStart = false
        }

        /// The span of an e-mail address in a chunk: `local@domain.tld`, tld two or more letters.
        func emailRange(in range: Range<Int>) -> Range<Int>? {
            guard let at = range.first(where: { bytes[$0] == UInt8(ascii: "@") }) else { return nil }
            var start = at
            while start > range.lowerBound && isEmailByte(bytes[start - 1]) { start -= 1 }
            var end = at + 1
            while end < range.upperBound
                && (isLetterOrDigit(bytes[end]) || bytes[end] == UInt8(ascii: "-")
                    || bytes[end] == UInt8(ascii: "."))
            { end += 1 }
            while end > at + 1 && bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
            guard start < at, end > at + 1 else { return nil }
            let domain = bytes[(at + 1)..<end]
            guard let lastDot = domain.lastIndex(of: UInt8(ascii: ".")), lastDot > at + 1 else { return nil }
            let tld = bytes[(lastDot + 1)..<end]
            guard tld.count >= 2, tld.allSatisfy(isLetter) else { return nil }
            return start..<end
        }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isLetter(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    static func isLetterOrDigit(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }
    /// Letters, digits and the symbols that stand for letters inside words.
    static func isWordByte(_ byte: UInt8) -> Bool { isLetterOrDigit(byte) }
    static func isEmailByte(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "%")
    }

    private static let unitSuffixes: Set<String> = [
        "st", "nd", "rd", "th", "am", "pm", "a", "p", "k", "m", "s", "x", "ish", "ft", "in", "lb", "lbs", "yo", "yr", "yrs",
        "h", "hr", "hrs", "min", "mins", "mi", "km", "b", "bn", "mm", "cm",
    ]

    /// Digits followed by a short unit or ordinal suffix ("10th", "40k", "7pm").
    static func isNumberWithUnit(_ piece: [UInt8]) -> Bool {
        guard let firstLetter = piece.firstIndex(where: { !isDigit($0) }), firstLetter > 0 else { return false }
        let suffix = piece[firstLetter...]
        guard suffix.allSatisfy(isLetter) else { return false }
        return unitSuffixes.contains(String(decoding: suffix, as: UTF8.self))
    }
}

/// Digits written as words, as people spell out phone numbers ("nine one seven"). "oh" and "o" count as zero
/// only next to other digits (``DigitRunReader`` decides).
enum NumberWords {
    private static let digits: [String: UInt8] = {
        let words = [
            "zero": 0, "oh": 0, "o": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "niner": 9,
        ]
        var table: [String: UInt8] = [:]
        for (word, digit) in words { table[Skeleton.of(Array(word.utf8))] = UInt8(digit) }
        return table
    }()

    static func digit(forSkeleton text: String) -> UInt8? { digits[text] }
}
