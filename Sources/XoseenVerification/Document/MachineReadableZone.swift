/// The machine-readable zone of an ICAO 9303 document, as read by OCR: TD3 (passports, two
/// lines of 44) and TD1 (ID cards, three lines of 30). Dates and check digits are the
/// reliable part of an OCR'd MRZ; names are not used.
public struct MachineReadableZone: Sendable, Equatable {
    public enum Format: String, Sendable { case td3, td1 }

    public let format: Format
    public let documentNumber: String
    public let dateOfBirth: CalendarDate?
    public let expiry: CalendarDate?
    /// Names of the check digits that did not validate (empty: every one did).
    public let failedChecks: [String]
    /// The lines the fields were read from, as parsed (after filler repair).
    public let lines: [String]
    /// The holder's nationality (ICAO three-letter code, fillers dropped) and sex (`M`, `F`, `<`).
    public let nationality: String
    public let sex: String

    public var isValid: Bool { failedChecks.isEmpty && dateOfBirth != nil }

    /// Whether the birth year's century is in doubt: read as the recent century the holder is a
    /// minor, and a century earlier they would still be a plausible age (at most 120).
    public func birthCenturyIsOpen(today: CalendarDate) -> Bool {
        guard let birth = dateOfBirth else { return false }
        return birth.age(on: today) < 18 && birth.age(on: today) + 100 <= 120
    }

    /// The same zone with the birth year's century taken from elsewhere (the printed field).
    func withBirthYear(_ year: Int) -> MachineReadableZone {
        let birth = dateOfBirth.flatMap { CalendarDate(year: year, month: $0.month, day: $0.day) } ?? dateOfBirth
        return MachineReadableZone(
            format: format, documentNumber: documentNumber, dateOfBirth: birth, expiry: expiry,
            failedChecks: failedChecks, lines: lines, nationality: nationality, sex: sex)
    }

    /// ICAO 9303 part 3: weights 7, 3, 1 repeating; digits count as themselves, A–Z as 10–35,
    /// the filler `<` as 0. Nil for a character outside that alphabet.
    public static func checkDigit<S: StringProtocol>(_ text: S) -> Int? {
        var total = 0
        for (i, c) in text.unicodeScalars.enumerated() {
            let value: Int
            switch c.value {
            case 0x30...0x39: value = Int(c.value) - 0x30
            case 0x41...0x5A: value = Int(c.value) - 0x41 + 10
            case 0x3C: value = 0
            default: return nil
            }
            total += value * [7, 3, 1][i % 3]
        }
        return total % 10
    }

    /// Finds and parses an MRZ among OCR'd lines, or nil when none is there. `today` decides the
    /// century of a two-digit birth year (a birth year cannot be in the future).
    public static func find(in lines: [String], today: CalendarDate) -> MachineReadableZone? {
        let cleaned = lines.map(clean).filter { $0.filter { $0 == "<" }.count >= 2 || $0.count >= 28 }
        let raw = parse(cleaned, today: today)
        if raw?.isValid == true { return raw }
        // OCR reads runs of the filler `<` as K, X or S and drops or adds a few: repair, re-check.
        let repaired = parse(cleaned.map(repairFiller), today: today)
        return repaired?.isValid == true ? repaired : (raw ?? repaired)
    }

    /// The longest filler run (`<` mixed with the K, X, S or C OCR reads in its place) made
    /// all `<`, and stretched or shrunk so that the line has an MRZ length (30 or 44) again:
    /// OCR merges and splits `<<` pairs. The check digits say whether the repair was right.
    static func repairFiller(_ line: String) -> String {
        let chars = Array(line)
        guard let length = [30, 44].first(where: { abs(chars.count - $0) <= 4 }) else { return line }
        var best: Range<Int>?
        var i = 0
        while i < chars.count {
            guard chars[i] == "<" || "KXSC".contains(chars[i]) else {
                i += 1
                continue
            }
            var j = i
            while j < chars.count, chars[j] == "<" || "KXSC".contains(chars[j]) { j += 1 }
            if chars[i..<j].contains("<"), j - i >= 2, j - i > (best?.count ?? 0) { best = i..<j }
            i = j
        }
        guard let run = best else { return line }
        let size = run.count + length - chars.count
        guard size >= 1 else { return line }
        return String(chars[..<run.lowerBound]) + String(repeating: "<", count: size) + String(chars[run.upperBound...])
    }

    static func parse(_ cleaned: [String], today: CalendarDate) -> MachineReadableZone? {
        for i in cleaned.indices {
            let line = cleaned[i]
            // TD3: line 2 starts with the document number and carries the dates at 13 and 21.
            if line.count >= 42, line.count <= 46, i > 0 || cleaned.count == 1 {
                if let zone = td3(line2: String(line.prefix(44)), line1: i > 0 ? cleaned[i - 1] : nil, today: today) {
                    return zone
                }
            }
            // TD1: line 1 starts with a document code (I, A or C), line 2 with the birth date.
            if line.count >= 28, line.count <= 32, i + 1 < cleaned.count, let first = line.first, "IAC".contains(first) {
                if let zone = td1(line1: String(line.prefix(30)), line2: String(cleaned[i + 1].prefix(30)), today: today) {
                    return zone
                }
            }
        }
        return nil
    }

    /// Upper-cased, spaces dropped, and the characters OCR confuses with `<` kept as they are
    /// (digits fields are repaired per position below).
    static func clean(_ line: String) -> String {
        String(line.uppercased().unicodeScalars.filter { !$0.properties.isWhitespace }.map { Character($0) })
    }

    /// Letters OCR reads in place of digits, in fields that can only hold digits.
    static func digits(_ field: Substring) -> String {
        String(
            field.map { c -> Character in
                switch c {
                case "O", "Q", "D": "0"
                case "I", "L": "1"
                case "Z": "2"
                case "S": "5"
                case "B": "8"
                case "G": "6"
                default: c
                }
            })
    }

    /// Digits OCR reads in place of letters, in a field that holds only letters (a country
    /// code), fillers dropped.
    static func letters(_ field: Substring) -> String {
        String(
            field.compactMap { c -> Character? in
                switch c {
                case "<": nil
                case "0": "O"
                case "1": "I"
                case "2": "Z"
                case "5": "S"
                case "8": "B"
                default: c
                }
            })
    }

    static func date(_ yymmdd: String, birth: Bool, today: CalendarDate) -> CalendarDate? {
        // ASCII only: `isNumber` also holds for other scripts' digits and for fractions, which `Int` refuses.
        guard yymmdd.count == 6, yymmdd.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let yy = Int(yymmdd.prefix(2))!
        let mm = Int(yymmdd.dropFirst(2).prefix(2))!
        let dd = Int(yymmdd.suffix(2))!
        guard birth else { return CalendarDate(year: 2000 + yy, month: mm, day: dd) }
        // A birth date is never in the future: this century's reading unless it is still to come (a date later
        // this year included), else the last century's.
        guard let recent = CalendarDate(year: 2000 + yy, month: mm, day: dd) else { return nil }
        return recent <= today ? recent : CalendarDate(year: 1900 + yy, month: mm, day: dd)
    }

    static func slice(_ s: String, _ from: Int, _ length: Int) -> Substring {
        let start = s.index(s.startIndex, offsetBy: from)
        return s[start..<s.index(start, offsetBy: length)]
    }

    static func td3(line2 raw: String, line1: String? = nil, today: CalendarDate) -> MachineReadableZone? {
        guard raw.count == 44 else { return nil }
        let lines = (line1.map { [$0] } ?? []) + [raw]
        let number = slice(raw, 0, 9)
        let numberCheck = digits(slice(raw, 9, 1))
        let dob = digits(slice(raw, 13, 6))
        let dobCheck = digits(slice(raw, 19, 1))
        let expiry = digits(slice(raw, 21, 6))
        let expiryCheck = digits(slice(raw, 27, 1))
        let personal = slice(raw, 28, 14)
        let personalCheck = digits(slice(raw, 42, 1))
        let compositeCheck = digits(slice(raw, 43, 1))
        guard let birth = date(dob, birth: true, today: today) else { return nil }
        var failed: [String] = []
        func check(_ name: String, _ field: String, _ digit: String) {
            if checkDigit(field).map(String.init) != digit { failed.append(name) }
        }
        check("document_number", String(number), numberCheck)
        check("date_of_birth", dob, dobCheck)
        check("expiry", expiry, expiryCheck)
        if personalCheck != "<" || personal.contains(where: { $0 != "<" }) {
            check("personal_number", String(personal), personalCheck == "<" ? "0" : personalCheck)
        }
        let composite = String(number) + numberCheck + dob + dobCheck + expiry + expiryCheck + String(personal) + personalCheck
        check("composite", composite, compositeCheck)
        return MachineReadableZone(
            format: .td3, documentNumber: String(number).replacingOccurrences(of: "<", with: ""),
            dateOfBirth: birth, expiry: date(expiry, birth: false, today: today), failedChecks: failed,
            lines: lines, nationality: letters(slice(raw, 10, 3)),
            sex: String(slice(raw, 20, 1)))
    }

    static func td1(line1: String, line2: String, today: CalendarDate) -> MachineReadableZone? {
        guard line1.count == 30, line2.count == 30 else { return nil }
        let number = slice(line1, 5, 9)
        let numberCheck = digits(slice(line1, 14, 1))
        let optional1 = slice(line1, 15, 15)
        let dob = digits(slice(line2, 0, 6))
        let dobCheck = digits(slice(line2, 6, 1))
        let expiry = digits(slice(line2, 8, 6))
        let expiryCheck = digits(slice(line2, 14, 1))
        let optional2 = slice(line2, 18, 11)
        let compositeCheck = digits(slice(line2, 29, 1))
        guard let birth = date(dob, birth: true, today: today) else { return nil }
        var failed: [String] = []
        func check(_ name: String, _ field: String, _ digit: String) {
            if checkDigit(field).map(String.init) != digit { failed.append(name) }
        }
        check("document_number", String(number), numberCheck)
        check("date_of_birth", dob, dobCheck)
        check("expiry", expiry, expiryCheck)
        let composite =
            String(number) + numberCheck + String(optional1) + dob + dobCheck + expiry + expiryCheck + String(optional2)
        check("composite", composite, compositeCheck)
        return MachineReadableZone(
            format: .td1, documentNumber: String(number).replacingOccurrences(of: "<", with: ""),
            dateOfBirth: birth, expiry: date(expiry, birth: false, today: today), failedChecks: failed,
            lines: [line1, line2], nationality: letters(slice(line2, 15, 3)),
            sex: String(slice(line2, 7, 1)))
    }
}
