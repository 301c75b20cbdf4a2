import Foundation
import HTTPServer
import Xoseen

/// The operator console's read-only figures, behind the review queue's credential
/// (`X-Operator-Token` = `XOSEEN_OPERATOR_TOKEN`; unset → 403 `operator_disabled`):
/// `GET /ops/api/models` (registry, serving state, audit, shadow comparison, live calibration)
/// and `GET /ops/api/safety-flags?days=1..90` (stopped messages per day and category).
/// Changing what serves stays with the `xoseen promote|rollback|rollout|shadow` commands.
struct OperatorRoutes {
    let learning: LearnedServing
    let chat: ChatService
    let operatorToken: String?

    func register(on router: inout Router) {
        let learning = learning
        let chat = chat
        let operatorToken = operatorToken
        router.get("/ops/api/models") { request in
            try authorizeOperator(request, operatorToken)
            let registry = learning.registry
            let status = learning.snapshot.status
            let models = try await registry.list().map { entry in
                ModelsAnswer.Model(
                    version: entry.version, createdAt: entry.createdAt, promotedAt: entry.promotedAt,
                    trainExamples: entry.report.trainExamples, holdoutExamples: entry.report.holdoutExamples,
                    learned: .init(entry.report.learned), ruleBased: .init(entry.report.ruleBased),
                    learnedMatchRateAt10: entry.report.learnedMatchRateAt10,
                    ruleMatchRateAt10: entry.report.ruleMatchRateAt10)
            }
            let serving = try await registry.serving()
            let answer = ModelsAnswer(
                serving: .init(
                    servingRanker: status.ranker.rawValue, modelVersion: serving.version, rolloutPct: serving.rolloutPct,
                    shadow: serving.shadow),
                models: models,
                audit: try await registry.audit().map { .init(at: $0.at, action: $0.action, detail: $0.detail) },
                shadow: try await registry.shadowComparison().map {
                    .init(
                        modelVersion: $0.modelVersion, pairs: $0.pairs, meanServed: $0.meanServed, meanShadow: $0.meanShadow,
                        meanAbsoluteDifference: $0.meanAbsoluteDifference, servedHistogram: $0.servedHistogram,
                        shadowHistogram: $0.shadowHistogram)
                },
                calibration: try await registry.liveCalibration().mapValues { bins in
                    bins.map {
                        .init(
                            lower: $0.lower, upper: $0.upper, decisions: $0.decisions, meanScore: $0.meanScore,
                            likeRate: $0.likeRate)
                    }
                })
            return try .json(answer)
        }

        router.get("/ops/api/safety-flags") { request in
            try authorizeOperator(request, operatorToken)
            let days =
                try request.query["days"].map { text -> Int in
                    guard let n = Int(text), (1...90).contains(n) else {
                        throw HTTPError.invalid("days must be 1..90.", field: "days")
                    }
                    return n
                } ?? 30
            let counts = try await chat.store.flagCounts(since: Date().addingTimeInterval(-Double(days) * 86_400))
            var byDay: [String: [String: Int]] = [:]
            for c in counts { byDay[c.day, default: [:]][c.category] = c.count }
            return try .json(
                SafetyFlagsAnswer(
                    days: days, categories: Set(counts.map(\.category)).sorted(),
                    series: byDay.keys.sorted().map { .init(day: $0, counts: byDay[$0]!) }))
        }
    }
}
