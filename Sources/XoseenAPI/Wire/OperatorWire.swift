import Foundation
import Xoseen

/// The operator console's read-only answers (`X-Operator-Token`). Aggregates only: no user's
/// messages, dates of birth, images or descriptors.

/// `GET /ops/api/models`: the registry, what serves, the audit trail, the shadow comparison and
/// the live calibration of served scores.
struct ModelsAnswer: Encodable {
    struct Metrics: Encodable {
        let examples: Int
        let auc: Double
        let logLoss: Double
        let calibrationError: Double
        let meanScore: Double
        let scoreStdDev: Double
        let saturatedShare: Double

        init(_ m: RankingMetrics) {
            examples = m.examples
            auc = m.auc
            logLoss = m.logLoss
            calibrationError = m.calibrationError
            meanScore = m.meanScore
            scoreStdDev = m.scoreStdDev
            saturatedShare = m.saturatedShare
        }
    }

    struct Model: Encodable {
        let version: String
        let createdAt: Date
        let promotedAt: Date?
        let trainExamples: Int
        let holdoutExamples: Int
        let learned: Metrics
        let ruleBased: Metrics
        let learnedMatchRateAt10: Double
        let ruleMatchRateAt10: Double
    }

    struct Serving: Encodable {
        let servingRanker: String
        let modelVersion: String?
        let rolloutPct: Double
        let shadow: Bool
    }

    struct Audit: Encodable {
        let at: Date
        let action: String
        let detail: String
    }

    struct Shadow: Encodable {
        let modelVersion: String
        let pairs: Int
        let meanServed: Double
        let meanShadow: Double
        let meanAbsoluteDifference: Double
        let servedHistogram: [Int]
        let shadowHistogram: [Int]
    }

    struct CalibrationBin: Encodable {
        let lower: Double
        let upper: Double
        let decisions: Int
        let meanScore: Double
        let likeRate: Double
    }

    let serving: Serving
    let models: [Model]
    let audit: [Audit]
    let shadow: [Shadow]
    /// By ranker (`rule_based`, `learned`): served score bins against the observed like rate.
    let calibration: [String: [CalibrationBin]]
}

/// `GET /ops/api/safety-flags?days=N`: messages the scanner stopped, per UTC day and category.
struct SafetyFlagsAnswer: Encodable {
    struct Day: Encodable {
        let day: String
        let counts: [String: Int]
    }

    let days: Int
    let categories: [String]
    let series: [Day]
}
