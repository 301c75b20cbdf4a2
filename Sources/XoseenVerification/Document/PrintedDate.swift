/// Dates as printed on ID cards and licences: `1990-03-14`, `14.03.1990`, `03/14/1990`,
/// `14 MAR 1990`, `MAR 14, 1990`, `14-Mar-90`, `March 14 1990`… A numeric date whose first two
/// parts could both be the month is read in the document's customary order.
public enum PrintedDate {
    public enum Order: Sendable { case monthFirst, dayFirst }

    public struct Found: Sendable, Equatable {
        public let date: CalendarDate
        /// Where in the text it starts (UTF-16 offset).
        public let offset: Int
        /// The day/month order had to be assumed.
        public let ambiguous: Bool
    }

    static let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]

    // Numbers may be split by / . - or spaces; month names by spaces, dashes, dots or nothing.
    // Regex values are immutable once built (not marked Sendable by the standard library).
    nonisolated(unsafe) private static let numeric = try! Regex(
        #"(?:^|[^0-9])(\d{1,4})\s?[/.\-]\s?(\d{1,2})\s?[/.\-]\s?(\d{2,4})(?!\d)"#)
    nonisolated(unsafe) private static let dayMonthName = try! Regex(
        #"(?:^|[^0-9])(\d{1,2})[\s.\-]*([A-Z]{3,9})\.?[\s.\-,]*(\d{4}|\d{2})(?!\d)"#)
    nonisolated(unsafe) private static let monthNameDay = try! Regex(
        #"(?:^|[^A-Z])([A-Z]{3,9})\.?[\s.\-]*(\d{1,2})(?:st|nd|rd|th)?,?[\s.\-]*(\d{4})(?!\d)"#)

    /// Every date in `text`, in order of appearance. `pivot` is today's date: a two-digit year is read so
    /// that the date is not after it (dates of birth are in the past; "15.12.26" on 2026-12-01 is 1926).
    public static func all(in text: String, order: Order, pivot: CalendarDate) -> [Found] {
        var found: [Found] = []
        let upper = digitsRepaired(text.uppercased())
        func offset(_ index: String.Index) -> Int { upper.utf16.distance(from: upper.startIndex, to: index) }
        func year(_ s: Substring) -> Int? {
            guard let v = Int(s) else { return nil }
            if s.count == 4 { return v }
            guard s.count == 2 else { return nil }
            return v > pivot.year % 100 ? 1900 + v : 2000 + v
        }
        /// A date of a two-digit year that falls after `pivot` (later this year) is last century's.
        func past(_ date: CalendarDate?, twoDigitYear: Bool) -> CalendarDate? {
            guard let date, twoDigitYear, date > pivot else { return date }
            return CalendarDate(year: date.year - 100, month: date.month, day: date.day)
        }
        for match in upper.matches(of: numeric) {
            guard let a = match.output[1].substring, let b = match.output[2].substring, let c = match.output[3].substring else {
                continue
            }
            if a.count == 4, let y = Int(a), let m = Int(b), let d = Int(c) {
                if let date = CalendarDate(year: y, month: m, day: d) {
                    found.append(Found(date: date, offset: offset(match.output[1].range!.lowerBound), ambiguous: false))
                }
                continue
            }
            guard a.count <= 2, let first = Int(a), let second = Int(b), let y = year(c) else { continue }
            let monthFirst = past(CalendarDate(year: y, month: first, day: second), twoDigitYear: c.count == 2)
            let dayFirst = past(CalendarDate(year: y, month: second, day: first), twoDigitYear: c.count == 2)
            let date: CalendarDate?
            var ambiguous = false
            switch (monthFirst, dayFirst) {
            case (let m?, let d?):
                ambiguous = m != d
                date = order == .monthFirst ? m : d
            case (let m?, nil): date = m
            case (nil, let d?): date = d
            default: date = nil
            }
            if let date {
                found.append(Found(date: date, offset: offset(match.output[1].range!.lowerBound), ambiguous: ambiguous))
            }
        }
        for match in upper.matches(of: dayMonthName) {
            guard let d = match.output[1].substring.flatMap({ Int($0) }), let name = match.output[2].substring,
                let m = month(name), let yearText = match.output[3].substring, let y = year(yearText),
                let date = past(CalendarDate(year: y, month: m, day: d), twoDigitYear: yearText.count == 2)
            else { continue }
            found.append(Found(date: date, offset: offset(match.output[1].range!.lowerBound), ambiguous: false))
        }
        for match in upper.matches(of: monthNameDay) {
            guard let name = match.output[1].substring, let m = month(name),
                let d = match.output[2].substring.flatMap({ Int($0) }),
                let y = match.output[3].substring.flatMap(year), let date = CalendarDate(year: y, month: m, day: d)
            else { continue }
            found.append(Found(date: date, offset: offset(match.output[1].range!.lowerBound), ambiguous: false))
        }
        return found.sorted { $0.offset < $1.offset }
    }

    /// OCR's letters for digits (`O4 JUL`, `l2/03/1990`) where a digit touches them; offsets are
    /// kept (one character for one).
    static func digitsRepaired(_ text: String) -> String {
        let chars = Array(text)
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < chars.count && chars[i].isASCII && chars[i].isNumber }
        return String(
            chars.indices.map { i -> Character in
                guard isDigit(i - 1) || isDigit(i + 1) else { return chars[i] }
                switch chars[i] {
                case "O": return "0"
                case "I", "L": return "1"
                default: return chars[i]
                }
            })
    }

    /// JAN…DEC from an English month name or its three-letter abbreviation (OCR's `0` for `O` too).
    static func month(_ name: Substring) -> Int? {
        let word = name.replacingOccurrences(of: "0", with: "O")
        guard word.count >= 3, let index = months.firstIndex(of: String(word.prefix(3))) else { return nil }
        let full = [
            "JANUARY", "FEBRUARY", "MARCH", "APRIL", "MAY", "JUNE", "JULY", "AUGUST", "SEPTEMBER", "OCTOBER", "NOVEMBER",
            "DECEMBER",
        ][index]
        guard word.count == 3 || full.hasPrefix(word) || (word == "SEPT") else { return nil }
        return index + 1
    }
}
