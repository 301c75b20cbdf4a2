import Foundation
import SQLStore

/// Figures an operator looks at before moving a rollout: the registry's audit trail, the
/// shadow comparison (served vs shadow score on the same pages) and the live calibration of
/// what was served (served `final` in ten bins against the like rate actually observed).
extension ModelRegistry {
    public struct AuditEntry: Sendable, Equatable {
        public var at: Date
        public var action: String
        public var detail: String
    }

    public func audit(limit: Int = 50) async throws -> [AuditEntry] {
        try await database.read { connection in
            try connection.query("SELECT at, action, detail FROM ml_audit ORDER BY at DESC LIMIT $1", limit).map {
                AuditEntry(
                    at: try $0.decode(Date.self, "at"), action: try $0.decode(String.self, "action"),
                    detail: try $0.decode(String.self, "detail"))
            }
        }
    }

    public struct ShadowComparison: Sendable, Equatable {
        public var modelVersion: String
        public var pairs: Int
        public var meanServed: Double
        public var meanShadow: Double
        public var meanAbsoluteDifference: Double
        /// Ten bins over [0, 1]: how many served and how many shadow scores fell in each.
        public var servedHistogram: [Int]
        public var shadowHistogram: [Int]
    }

    /// Per model version, over the latest `limit` shadow rows.
    public func shadowComparison(limit: Int = 50_000) async throws -> [ShadowComparison] {
        let rows: [(String, Double, Double)] = try await database.read { connection in
            try connection.query(
                """
                SELECT model_version, served_score, shadow_score FROM shadow_scores ORDER BY scored_at DESC LIMIT $1
                """, limit
            ).map {
                (
                    try $0.decode(String.self, "model_version"), try $0.decode(Double.self, "served_score"),
                    try $0.decode(Double.self, "shadow_score")
                )
            }
        }
        var byVersion: [String: [(Double, Double)]] = [:]
        for (version, served, shadow) in rows { byVersion[version, default: []].append((served, shadow)) }
        return byVersion.keys.sorted().map { version in
            let pairs = byVersion[version]!
            let n = Double(pairs.count)
            var served = [Int](repeating: 0, count: 10)
            var shadow = served
            for (a, b) in pairs {
                served[Self.bin(a)] += 1
                shadow[Self.bin(b)] += 1
            }
            return ShadowComparison(
                modelVersion: version, pairs: pairs.count, meanServed: pairs.reduce(0) { $0 + $1.0 } / n,
                meanShadow: pairs.reduce(0) { $0 + $1.1 } / n,
                meanAbsoluteDifference: pairs.reduce(0) { $0 + abs($1.0 - $1.1) } / n,
                servedHistogram: served, shadowHistogram: shadow)
        }
    }

    public struct CalibrationBin: Sendable, Equatable {
        public var lower: Double
        public var upper: Double
        public var decisions: Int
        public var meanScore: Double
        public var likeRate: Double
    }

    /// The served score of each of the latest `limit` like/pass events (test events excluded)
    /// against whether it was a like, by ranker (`rule_based`, `learned`), in ten bins.
    public func liveCalibration(limit: Int = 50_000) async throws -> [String: [CalibrationBin]] {
        struct Scores: Decodable { let final: Double? }
        let rows: [(String, String, String)] = try await database.read { connection in
            try connection.query(
                """
                SELECT ranker, action, scores FROM user_events WHERE is_test = 0 AND action IN ('like', 'pass')
                ORDER BY occurred_at DESC LIMIT $1
                """, limit
            ).map {
                (try $0.decode(String.self, "ranker"), try $0.decode(String.self, "action"), try $0.decode(String.self, "scores"))
            }
        }
        let decoder = JSONDecoder()
        var sums: [String: [(n: Int, score: Double, likes: Int)]] = [:]
        for (ranker, action, scores) in rows {
            guard let final = (try? decoder.decode(Scores.self, from: Data(scores.utf8)))?.final, final.isFinite else { continue }
            var bins = sums[ranker] ?? Array(repeating: (0, 0, 0), count: 10)
            let b = Self.bin(final)
            bins[b].n += 1
            bins[b].score += final
            bins[b].likes += action == "like" ? 1 : 0
            sums[ranker] = bins
        }
        return sums.mapValues { bins in
            bins.enumerated().map { i, s in
                CalibrationBin(
                    lower: Double(i) / 10, upper: Double(i + 1) / 10, decisions: s.n,
                    meanScore: s.n == 0 ? 0 : s.score / Double(s.n), likeRate: s.n == 0 ? 0 : Double(s.likes) / Double(s.n))
            }
        }
    }

    static func bin(_ score: Double) -> Int { min(9, max(0, Int(score * 10))) }
}
