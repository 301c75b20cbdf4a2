import Foundation

/// Folds a message to lowercase ASCII before tokenising, undoing the visual tricks used to slip words past a
/// filter: zero-width and other invisible characters are dropped, compatibility forms (fullwidth `ｓｎａｐ`,
/// mathematical `𝐬𝐧𝐚𝐩`, circled letters, `＠`) become their plain letters (Unicode NFKD), accents are dropped
/// (`ś` → `s`), and letters from other scripts that look like Latin ones (Cyrillic `а`, Greek `ο`, Armenian
/// `ո`…) become those Latin letters; typographic quotes become ASCII ones (`’` → `'`, `“ ” „ « »` → `"`), and
/// currency signs `$` (`£300` is an amount as `$300` is).
/// Anything else that is not ASCII (emoji, CJK) becomes a space.
/// Leetspeak is not undone here: digits must survive for phone numbers; the tokeniser reads them per word.
enum CharacterFolding {
    static func fold(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in text.utf8 { output.append(lowercased(byte)) }
            return output
        }
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                output.append(lowercased(UInt8(value)))
            } else if isInvisible(value) || scalar.properties.generalCategory == .nonspacingMark {
                continue
            } else if let latin = Homoglyphs.latin[value] {
                output.append(latin)
            } else if Self.currencySigns.contains(value) {
                // "£300" and "€50" are amounts as "$300" is (the learned features split words at either).
                output.append(UInt8(ascii: "$"))
            } else if value == 0x2019 || value == 0x2018 || value == 0x02BC {
                output.append(UInt8(ascii: "'"))
            } else if value == 0x201C || value == 0x201D || value == 0x201E || value == 0x00AB || value == 0x00BB {
                output.append(UInt8(ascii: "\""))
            } else {
                output.append(UInt8(ascii: " "))
            }
        }
        return output
    }

    /// Currency signs read as `$` (pound, euro, yen, rupee, naira, peso, won, lira, rouble, hryvnia, cedi).
    private static let currencySigns: Set<UInt32> = [
        0x00A3, 0x20AC, 0x00A5, 0x20B9, 0x20A6, 0x20B1, 0x20A9, 0x20BA, 0x20BD, 0x20B4, 0x20B5,
    ]

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte
    }

    /// Format characters that render as nothing: zero-width space/joiners, word joiner, BOM, soft hyphen,
    /// Mongolian vowel separator, invisible operators, variation selectors.
    private static func isInvisible(_ value: UInt32) -> Bool {
        switch value {
        case 0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x200B...0x200F, 0x202A...0x202E,
            0x2060...0x2064, 0x206A...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0:
            return true
        default:
            return false
        }
    }
}

/// Letters of other scripts that pass for Latin ones in chat, in both cases, mapped to lowercase ASCII.
/// Taken from the shapes in Unicode's confusables data for the Cyrillic, Greek and Armenian blocks; only
/// the look-alikes of letters, since this runs after NFKD has already handled compatibility forms.
enum Homoglyphs {
    static let latin: [UInt32: UInt8] = {
        let pairs: [(String, Character)] = [
            // Cyrillic
            ("аА", "a"), ("вВЬьъЪ", "b"), ("сС", "c"), ("ԁ", "d"), ("еЕэЭ", "e"), ("гГ", "r"), ("һҺнН", "h"),
            ("іІӀӏ", "i"), ("јЈ", "j"), ("кК", "k"), ("мМ", "m"), ("пП", "n"), ("оО", "o"), ("рР", "p"),
            ("ԛԚ", "q"), ("ѕЅ", "s"), ("тТ", "t"), ("цЦ", "u"), ("ѵѴ", "v"), ("ԝԜшШщЩ", "w"), ("хХ", "x"),
            ("уУүҮ", "y"), ("зЗ", "3"),
            // Greek
            ("αΑ", "a"), ("βΒ", "b"), ("εΕ", "e"), ("ζΖ", "z"), ("ηΗ", "n"), ("ιΙ", "i"), ("κΚ", "k"),
            ("Μ", "m"), ("μ", "u"), ("νΝ", "v"), ("οΟσ", "o"), ("ρΡ", "p"), ("τΤ", "t"), ("υΥ", "u"), ("χΧ", "x"),
            ("γ", "y"), ("ωΩ", "w"), ("ς", "s"),
            // Armenian
            ("ո", "n"), ("ս", "u"), ("օՕ", "o"), ("հ", "h"), ("ց", "g"), ("զ", "q"), ("ա", "w"),
            // Latin look-alikes NFKD leaves alone
            ("ıɩ", "i"), ("ɡ", "g"), ("ʀ", "r"), ("ꜱ", "s"), ("ᴀ", "a"), ("ᴇ", "e"), ("ᴏ", "o"), ("ᴜ", "u"),
            ("ß", "s"), ("øØ", "o"), ("đĐ", "d"), ("łŁ", "l"), ("ħ", "h"),
        ]
        var table: [UInt32: UInt8] = [:]
        for (letters, latin) in pairs {
            for scalar in letters.unicodeScalars { table[scalar.value] = latin.asciiValue! }
        }
        return table
    }()
}
