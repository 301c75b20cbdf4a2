import Foundation

/// Dates as feeds really write them, parsed by hand: `DateFormatter` is slow, locale-bound and
/// rejects most of the real-world variants below.
///
/// Accepted:
/// - RFC 822/1123 and what publishers make of it: optional (even wrong) weekday, 1–2 digit day,
///   short or full month names in any case, 2-digit years (00–49 → 20xx, 50–99 → 19xx), missing
///   seconds, missing time, `AM`/`PM`, extra whitespace, `-`/`,`/`.` separators, asctime order
///   (`Mon Jan 2 10:00:00 2024`), numeric zones (`+0100`, `-05:00`, `+01`), `GMT+01:00`, named zones
///   (UT/GMT/UTC/Z, US zones, common European/African/Asian abbreviations) and military letters
///   (A–I = +1…+9, K–M = +10…+12, N–Y = −1…−12, Z = 0, the conventional reading).
/// - ISO 8601 / W3DTF: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, with `T`/space and `hh:mm[:ss[.fff…]]`,
///   zone `Z`, `±hh:mm`, `±hhmm`, `±hh`, or none; the basic form `YYYYMMDDThhmmss[Z]`.
/// A missing zone means UTC. Fractions of a second are dropped.
public enum FeedDate {
    /// How far ahead of `now` a date may be before it is treated as wrong (clock skew allowance).
    public static let futureTolerance: TimeInterval = 600

    /// The date to store for an item: the parsed one, or `now` when absent, unparseable or in the future.
    public static func resolve(_ raw: String?, now: Date) -> (date: Date, fromFeed: Bool) {
        guard let raw, let date = parse(raw) else { return (now, false) }
        if date.timeIntervalSince(now) > futureTolerance { return (now, false) }
        return (date, true)
    }

    /// Parses one date string; nil when it is not a date we understand.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            var start = 0
            var end = bytes.count
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            guard end - start >= 4 else { return nil }
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if let iso = parseISO(slice) { return iso }
            return parseRFC(slice)
        }
    }

    // MARK: ISO 8601 / W3DTF

    private static func parseISO(_ b: UnsafeBufferPointer<UInt8>) -> Date? {
        var i = 0
        func digits(_ count: Int) -> Int? {
            guard i + count <= b.count else { return nil }
            var value = 0
            for k in 0..<count {
                let c = b[i + k]
                guard c >= 0x30, c <= 0x39 else { return nil }
                value = value * 10 + Int(c - 0x30)
            }
            i += count
            return value
        }
        func peek(_ c: UInt8) -> Bool { i < b.count && b[i] == c }

        guard let year = digits(4) else { return nil }
        var month = 1
        var day = 1
        var hour = 0
        var minute = 0
        var second = 0
        var offset = 0
        let basic = i < b.count && isDigit(b[i])
        if basic {
            // 20240131T101500Z
            guard let m = digits(2), let d = digits(2) else { return nil }
            month = m
            day = d
        } else if peek(0x2D) {
            i += 1
            guard let m = digits(2) else { return nil }
            month = m
            if peek(0x2D) {
                i += 1
                guard let d = digits(2) else { return nil }
                day = d
            }
        }
        if i < b.count, b[i] == 0x54 || b[i] == 0x74 || b[i] == 0x20 {
            i += 1
            while i < b.count, b[i] == 0x20 { i += 1 }
            guard let h = digits(2) else { return nil }
            hour = h
            if peek(0x3A) { i += 1 }
            guard let mi = digits(2) else { return nil }
            minute = mi
            if peek(0x3A) || (basic && i < b.count && isDigit(b[i])) {
                if peek(0x3A) { i += 1 }
                guard let s = digits(2) else { return nil }
                second = s
            }
            if i < b.count, b[i] == 0x2E || b[i] == 0x2C {
                i += 1
                while i < b.count, isDigit(b[i]) { i += 1 }
            }
            while i < b.count, b[i] == 0x20 { i += 1 }
            if i < b.count {
                if b[i] == 0x5A || b[i] == 0x7A {
                    i += 1
                } else if b[i] == 0x2B || b[i] == 0x2D {
                    let sign = b[i] == 0x2D ? -1 : 1
                    i += 1
                    guard let oh = digits(2) else { return nil }
                    var om = 0
                    if peek(0x3A) { i += 1 }
                    if i < b.count {
                        guard let m = digits(2) else { return nil }
                        om = m
                    }
                    offset = sign * (oh * 3600 + om * 60)
                } else {
                    // "2024-01-31 10:00:00 GMT" and friends: let the RFC reader have it.
                    return nil
                }
            }
        }
        guard i == b.count else { return nil }
        return makeDate(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            offset: offset)
    }

    // MARK: RFC 822 and real-world variants

    private static func parseRFC(_ b: UnsafeBufferPointer<UInt8>) -> Date? {
        var day: Int?
        var month: Int?
        var year: Int?
        var hour: Int?
        var minute = 0
        var second = 0
        var offset: Int?
        var pm: Bool?
        var i = 0
        // "2024-01-31 10:00:00 GMT": an ISO date with an RFC-style rest.
        if b.count >= 10, b[4] == 0x2D, b[7] == 0x2D, (0..<4).allSatisfy({ isDigit(b[$0]) }),
            isDigit(b[5]), isDigit(b[6]), isDigit(b[8]), isDigit(b[9])
        {
            func two(_ k: Int) -> Int { Int(b[k] - 0x30) * 10 + Int(b[k + 1] - 0x30) }
            year = two(0) * 100 + two(2)
            month = two(5)
            day = two(8)
            i = 10
            if i < b.count, b[i] | 0x20 == 0x74 { i += 1 }  // the ISO "T" is a separator, not military zone T
        }
        while i < b.count {
            let c = b[i]
            if isDigit(c) {
                var value = 0
                let start = i
                // Wrapping: a run too long for an Int must not trap; every use below checks its length.
                while i < b.count, isDigit(b[i]) {
                    value = value &* 10 &+ Int(b[i] - 0x30)
                    i += 1
                }
                let length = i - start
                if i < b.count, b[i] == 0x3A, hour == nil, length <= 2 {
                    // hh:mm[:ss[.fff]]
                    hour = value
                    i += 1
                    guard let mm = readNumber(b, &i, maxDigits: 2) else { return nil }
                    minute = mm
                    if i < b.count, b[i] == 0x3A {
                        i += 1
                        guard let ss = readNumber(b, &i, maxDigits: 2) else { return nil }
                        second = ss
                        if i < b.count, b[i] == 0x2E {
                            i += 1
                            while i < b.count, isDigit(b[i]) { i += 1 }
                        }
                    }
                } else if length == 4, year == nil {
                    year = value
                } else if length <= 2, day == nil {
                    day = value
                } else if length <= 2, year == nil {
                    year = value < 50 ? 2000 + value : 1900 + value
                } else {
                    return nil
                }
            } else if c == 0x2B || c == 0x2D, hour != nil, i + 1 < b.count, isDigit(b[i + 1]) {
                // Numeric zone after the time: +0100, -05:00, +01.
                let sign = c == 0x2D ? -1 : 1
                i += 1
                let start = i
                var value = 0
                while i < b.count, isDigit(b[i]) {
                    value = value &* 10 &+ Int(b[i] - 0x30)
                    i += 1
                }  // length checked below
                var seconds: Int
                switch i - start {
                case 1, 2:
                    guard value <= 14 else { return nil }
                    seconds = value * 3600
                    if i < b.count, b[i] == 0x3A {
                        i += 1
                        guard let mm = readNumber(b, &i, maxDigits: 2), mm < 60 else { return nil }
                        seconds += mm * 60
                    }
                case 4:
                    guard value / 100 <= 14, value % 100 < 60 else { return nil }
                    seconds = (value / 100) * 3600 + (value % 100) * 60
                default: return nil
                }
                // Adds to "GMT" in "GMT+01:00"; any other earlier zone makes the date ambiguous.
                guard offset == nil || offset == 0 else { return nil }
                offset = sign * seconds
            } else if isLetter(c) {
                let start = i
                while i < b.count, isLetter(b[i]) || b[i] == 0x2E { i += 1 }
                var word: UInt64 = 0  // up to 8 lowercased letters packed for cheap comparison
                var letters = 0
                for k in start..<i where b[k] != 0x2E {
                    if letters < 8 { word = word << 8 | UInt64(b[k] | 0x20) }
                    letters += 1
                }
                if let m = monthIndex(word, letters: letters, b: b, start: start) {
                    if month != nil { return nil }
                    month = m
                } else if isWeekday(b, start: start, letters: letters) {
                    continue
                } else if letters == 2, word == pack("am") {
                    pm = false
                } else if letters == 2, word == pack("pm") {
                    pm = true
                } else if let zone = zoneOffset(word, letters: letters) {
                    // "+0100 (CET)": the numeric zone wins over the comment.
                    if offset == nil { offset = zone }
                } else if letters <= 3, month != nil {
                    // Unknown zone abbreviation: RFC 1123 says treat it as UTC rather than fail.
                    offset = offset ?? 0
                } else {
                    return nil
                }
            } else if c == 0x2C || c == 0x2D || c == 0x2E || c == 0x2F || isSpace(c) || c == 0x28 || c == 0x29 {
                i += 1
            } else {
                return nil
            }
        }
        guard let day, let month, let year else { return nil }
        var h = hour ?? 0
        if let pm {
            guard h >= 1, h <= 12 else { return nil }
            if pm, h != 12 { h += 12 } else if !pm, h == 12 { h = 0 }
        }
        return makeDate(
            year: year, month: month, day: day, hour: h, minute: minute, second: second,
            offset: offset ?? 0)
    }

    // MARK: Helpers

    private static func readNumber(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, maxDigits: Int) -> Int? {
        var value = 0
        let start = i
        while i < b.count, isDigit(b[i]), i - start < maxDigits {
            value = value * 10 + Int(b[i] - 0x30)
            i += 1
        }
        return i > start ? value : nil
    }

    @inline(__always) private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    @inline(__always) private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    @inline(__always) private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }

    private static func pack(_ s: StaticString) -> UInt64 {
        var v: UInt64 = 0
        s.withUTF8Buffer { for c in $0.prefix(8) { v = v << 8 | UInt64(c | 0x20) } }
        return v
    }

    private static let monthNames: [StaticString] = [
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december",
    ]
    private static let monthPrefixes: [UInt64] = monthNames.map { name in
        var v: UInt64 = 0
        name.withUTF8Buffer { for c in $0.prefix(3) { v = v << 8 | UInt64(c) } }
        return v
    }

    /// `Jan`, `jan.`, `January`, `Sept`: the first three letters pick the month, the rest must agree.
    private static func monthIndex(_ word: UInt64, letters: Int, b: UnsafeBufferPointer<UInt8>, start: Int) -> Int? {
        guard letters >= 3 else { return nil }
        var prefix: UInt64 = 0
        var k = start
        var taken = 0
        while taken < 3 {
            if b[k] != 0x2E {
                prefix = prefix << 8 | UInt64(b[k] | 0x20)
                taken += 1
            }
            k += 1
        }
        guard let index = monthPrefixes.firstIndex(of: prefix) else { return nil }
        if letters > 3 {
            // Longer words must be a prefix of the full month name ("Sept", "June", "December").
            let full = monthNames[index]
            guard letters <= full.utf8CodeUnitCount else { return nil }
            var ok = true
            full.withUTF8Buffer { name in
                var n = 0
                var p = start
                while n < letters {
                    if b[p] != 0x2E {
                        if (b[p] | 0x20) != name[n] {
                            ok = false
                            return
                        }
                        n += 1
                    }
                    p += 1
                }
            }
            guard ok else { return nil }
        }
        return index + 1
    }

    private static let weekdayPrefixes: [UInt64] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map { (s: StaticString) in
        var v: UInt64 = 0
        s.withUTF8Buffer { for c in $0 { v = v << 8 | UInt64(c) } }
        return v
    }

    /// Weekdays are ignored (they are often wrong); only recognised so they are not taken for zones.
    private static func isWeekday(_ b: UnsafeBufferPointer<UInt8>, start: Int, letters: Int) -> Bool {
        guard letters >= 3, start + 3 <= b.count else { return false }
        let prefix = UInt64(b[start] | 0x20) << 16 | UInt64(b[start + 1] | 0x20) << 8 | UInt64(b[start + 2] | 0x20)
        return weekdayPrefixes.contains(prefix)
    }

    private static let zones: [UInt64: Int] = {
        let hours: [(StaticString, Double)] = [
            ("ut", 0), ("utc", 0), ("gmt", 0), ("z", 0), ("wet", 0),
            ("est", -5), ("edt", -4), ("cst", -6), ("cdt", -5), ("mst", -7), ("mdt", -6), ("pst", -8), ("pdt", -7),
            ("akst", -9), ("akdt", -8), ("hst", -10), ("ast", -4), ("adt", -3), ("nst", -3.5), ("ndt", -2.5),
            ("bst", 1), ("ist", 5.5), ("cet", 1), ("cest", 2), ("met", 1), ("mest", 2), ("eet", 2), ("eest", 3),
            ("west", 1), ("msk", 3), ("wat", 1), ("cat", 2), ("eat", 3), ("sast", 2),
            ("pkt", 5), ("hkt", 8), ("sgt", 8), ("jst", 9), ("kst", 9), ("aest", 10), ("aedt", 11),
            ("acst", 9.5), ("awst", 8), ("nzst", 12), ("nzdt", 13),
        ]
        var table: [UInt64: Int] = [:]
        for (name, h) in hours { table[pack(name)] = Int(h * 3600) }
        // Military letters (J is unused).
        for (index, letter) in "abcdefghiklm".utf8.enumerated() { table[UInt64(letter)] = (index + 1) * 3600 }
        for (index, letter) in "nopqrstuvwxy".utf8.enumerated() { table[UInt64(letter)] = -(index + 1) * 3600 }
        return table
    }()

    private static func zoneOffset(_ word: UInt64, letters: Int) -> Int? {
        guard letters <= 4 else { return nil }
        return zones[word]
    }

    private static func makeDate(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int
    ) -> Date? {
        guard (1900...2200).contains(year), (1...12).contains(month), day >= 1,
            day <= daysIn(month: month, year: year),
            (0...24).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            abs(offset) <= 18 * 3600
        else { return nil }
        // Civil date → days since 1970-01-01 (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offset
        // Whole seconds: the app's decoder rejects fractions, and equal dates should compare equal.
        return Date(timeIntervalSince1970: Double(seconds))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
