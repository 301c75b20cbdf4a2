import Foundation
import SQLStore

/// Trust & safety's view of the scanner over time: how many messages it stopped, by UTC day
/// and category (counts only: never a room, sender or text).
extension ChatStore {
    public struct FlagCount: Sendable, Equatable {
        /// `YYYY-MM-DD` (UTC).
        public var day: String
        public var category: String
        public var count: Int
    }

    public func flagCounts(since start: Date) async throws -> [FlagCount] {
        let rows: [(Date, String)] = try await database.read { connection in
            // At most one row per flag since `start`; the operator asks for at most 90 days.
            try connection.query("SELECT flagged_at, category FROM safety_flags WHERE flagged_at >= $1 LIMIT 500000", start).map {
                (try $0.decode(Date.self, "flagged_at"), try $0.decode(String.self, "category"))
            }
        }
        var counts: [String: [String: Int]] = [:]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for (at, category) in rows {
            let c = calendar.dateComponents([.year, .month, .day], from: at)
            let day = String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
            counts[day, default: [:]][category, default: 0] += 1
        }
        return counts.keys.sorted().flatMap { day in
            counts[day]!.keys.sorted().map { FlagCount(day: day, category: $0, count: counts[day]![$0]!) }
        }
    }
}
