#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// UTC timestamps for log lines (`2026-12-03T19:01:53.042Z`), written as bytes straight into the line.
///
/// The calendar date comes from integer arithmetic on the day count (the proleptic Gregorian
/// civil-from-days conversion), not from `gmtime_r`: glibc's takes a process-wide lock on every call,
/// and a server writes a line per request from every thread.
enum Timestamp {
    /// The number of bytes `append` writes for years 0 through 9999.
    static let width = 24

    static func now() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return time
    }

    static func append(_ time: timespec, to out: inout [UInt8]) {
        let seconds = max(0, Int(time.tv_sec))
        let days = seconds / 86_400
        let secondOfDay = seconds % 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        appendDigits(year, width: 4, to: &out)
        out.append(UInt8(ascii: "-"))
        appendDigits(month, width: 2, to: &out)
        out.append(UInt8(ascii: "-"))
        appendDigits(day, width: 2, to: &out)
        out.append(UInt8(ascii: "T"))
        appendDigits(secondOfDay / 3600, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, width: 2, to: &out)
        out.append(UInt8(ascii: "."))
        appendDigits(Int(time.tv_nsec) / 1_000_000, width: 3, to: &out)
        out.append(UInt8(ascii: "Z"))
    }

    /// Year, month (1–12) and day (1–31) of a day count from 1970-01-01.
    static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468  // days from 0000-03-01, so leap days end each 4-, 100- and 400-year cycle
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 is March
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Decimal digits of a non-negative `value`, zero-padded to at least `width`.
    static func appendDigits(_ value: Int, width: Int, to out: inout [UInt8]) {
        var divisor = 1
        var digits = 1
        while digits < width || value / divisor >= 10 {
            divisor *= 10
            digits += 1
        }
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
