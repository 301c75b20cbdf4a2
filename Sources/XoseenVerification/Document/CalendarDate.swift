import Foundation

/// A date without a time or zone (a date of birth, a document's expiry), proleptic Gregorian.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Nil unless it names a real day (no 31 April, no 29 February outside leap years).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1800...9999).contains(year), day >= 1, day <= Self.days(in: month, of: year) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Strict ISO `YYYY-MM-DD`.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The UTC calendar day of `date`.
    public init(_ date: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        self.year = c.year!
        self.month = c.month!
        self.day = c.day!
    }

    static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public var iso: String { String(format: "%04d-%02d-%02d", year, month, day) }
    public var description: String { iso }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    /// Whole years from `self` (a birth date) to `today`; a 29 February birthday counts on 1 March
    /// in common years.
    public func age(on today: CalendarDate) -> Int {
        var years = today.year - year
        if (today.month, today.day) < (month, day) { years -= 1 }
        return years
    }

    /// The same day `years` later (29 February becomes 28 February in a common year).
    public func adding(years: Int) -> CalendarDate {
        CalendarDate(year: year + years, month: month, day: min(day, Self.days(in: month, of: year + years)))!
    }
}
