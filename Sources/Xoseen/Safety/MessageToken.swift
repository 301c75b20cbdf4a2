/// One word of a folded message, as the rules see it.
struct MessageToken: Sendable {
    /// The word's skeleton (see ``Skeleton``): leetspeak read as letters, look-alike letters merged. Digits stay
    /// digits in tokens with no letter ("2019", "555").
    var text: String
    /// The folded characters before the skeleton (lowercase, digits kept), for reading digits out of "9l7"; a
    /// number keeps the dots between its digits.
    var raw: [UInt8]
    var flags: Flags
    /// The separator characters between the previous token and this one.
    var separator: Separator
    /// Vocabulary id of `text`, or `MessageToken.unknown`.
    var id: Int32 = MessageToken.unknown
    /// A number written with dots between its digits ("555.123.4567" is one token, its `raw` keeps the dots):
    /// each group's length, or empty without dots.
    var dotGroups: [Int] {
        guard flags.contains(.number), raw.contains(UInt8(ascii: ".")) else { return [] }
        return raw.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map(\.count)
    }

    static let unknown: Int32 = -1

    struct Flags: OptionSet, Sendable {
        let rawValue: UInt16
        /// Only digits.
        static let number = Flags(rawValue: 1 << 0)
        /// A money amount: `$50`, `$2,000`.
        static let money = Flags(rawValue: 1 << 1)
        /// Written with a leading `@` ("@bella.rose").
        static let handle = Flags(rawValue: 1 << 2)
        /// Had `.` or `_` inside ("jake_99", "w.h.a.t.s.a.p.p").
        static let joined = Flags(rawValue: 1 << 3)
        static let hasDigit = Flags(rawValue: 1 << 4)
        static let hasLetter = Flags(rawValue: 1 << 5)
        /// First token after `.`, `!`, `?`, `,`, `;`, `:` or a line break. Gaps in patterns do not cross it.
        static let clauseStart = Flags(rawValue: 1 << 6)
        /// Contains `*` standing for hidden letters ("f*ck").
        static let masked = Flags(rawValue: 1 << 7)
        /// A complete e-mail address.
        static let email = Flags(rawValue: 1 << 8)
        /// A number word ("five", "oh").
        static let numberWord = Flags(rawValue: 1 << 9)
        /// Inside double quotes, in a message that says more than the quotation: someone else's words
        /// ("saying \"women are trash\" is so wrong").
        static let quoted = Flags(rawValue: 1 << 10)
    }

    struct Separator: OptionSet, Sendable {
        let rawValue: UInt16
        static let space = Separator(rawValue: 1 << 0)
        /// Two or more spaces, a tab or a line break.
        static let wideSpace = Separator(rawValue: 1 << 1)
        static let hyphen = Separator(rawValue: 1 << 2)
        static let dot = Separator(rawValue: 1 << 3)
        static let comma = Separator(rawValue: 1 << 4)
        static let parenthesis = Separator(rawValue: 1 << 5)
        static let plus = Separator(rawValue: 1 << 6)
        static let slash = Separator(rawValue: 1 << 7)
        static let colon = Separator(rawValue: 1 << 8)
        static let other = Separator(rawValue: 1 << 9)
        /// A double quotation mark (`"`, and “ ” „ « » folded to it).
        static let quote = Separator(rawValue: 1 << 10)
    }

    /// A word that points somewhere or names a sum: a handle, an e-mail address, a domain or user name ("bit.ly",
    /// "jake_99"), an amount, a number of five digits or more (shortcodes, phone numbers), or a word with three
    /// digits ("partyman318") or of eight characters with a digit (a link's "XYTcq5NzMuA") — not the "2" and "4"
    /// of text speak ("gr8", "2nite").
    var pointsSomewhere: Bool {
        if !flags.isDisjoint(with: [.handle, .email, .money]) { return true }
        if flags.contains(.joined) && flags.contains(.hasLetter) { return true }
        let digits = raw.reduce(0) { $0 + ($1 >= 0x30 && $1 <= 0x39 ? 1 : 0) }
        if flags.contains(.hasLetter) { return digits >= 3 || (digits > 0 && raw.count >= 8) }
        return digits >= 5
    }

    /// A word that looks like a user name on another service: written with `@`, or letters mixed with digits or
    /// joined by `.`/`_` ("jake_99", "bella.rose22").
    var looksLikeHandle: Bool {
        if flags.contains(.handle) { return true }
        return flags.contains(.hasLetter) && (flags.contains(.hasDigit) || flags.contains(.joined))
    }
}

/// The comparison form of a word: leetspeak digits and symbols read as the letters they stand for, letters that
/// are confused with each other (`l`, `i`, `1`, `|`, `!`) merged into one, and runs of three or more of the
/// same letter cut to one ("sooo" → "so"). Rules are written in plain words and turned into skeletons with
/// the same function, so "k1ll", "kill" and "ki11" all meet.
enum Skeleton {
    static func of(_ word: some Collection<UInt8>) -> String {
        let bytes = Array(word)
        let hasLetter = bytes.contains(where: isLetter)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var start = 0
        while start < bytes.count {
            var end = start + 1
            while end < bytes.count && bytes[end] == bytes[start] { end += 1 }
            let mapped = hasLetter ? letter(for: bytes[start]) : bytes[start]
            let count = (isLetter(bytes[start]) && end - start >= 3) ? 1 : end - start
            for _ in 0..<count { output.append(mapped) }
            start = end
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func isLetter(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }

    /// Leetspeak reading of one character in a word that has letters.
    private static func letter(for byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0"): return UInt8(ascii: "o")
        case UInt8(ascii: "1"), UInt8(ascii: "l"), UInt8(ascii: "!"), UInt8(ascii: "|"): return UInt8(ascii: "i")
        case UInt8(ascii: "3"): return UInt8(ascii: "e")
        case UInt8(ascii: "4"), UInt8(ascii: "@"): return UInt8(ascii: "a")
        case UInt8(ascii: "5"), UInt8(ascii: "$"): return UInt8(ascii: "s")
        case UInt8(ascii: "7"), UInt8(ascii: "+"): return UInt8(ascii: "t")
        case UInt8(ascii: "8"): return UInt8(ascii: "b")
        case UInt8(ascii: "9"): return UInt8(ascii: "g")
        default: return byte
        }
    }
}
