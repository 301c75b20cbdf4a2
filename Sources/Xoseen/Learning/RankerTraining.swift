import Foundation
import SQLStore

/// One training run: events → point-in-time examples → time-ordered split → logistic
/// regression → metrics for the new model and the rule-based ranker on the same holdout →
/// a new registered version → promoted only if it beats what serves by `margin` in AUC and
/// does not saturate.
public struct RankerTraining: Sendable {
    public let database: any Database
    public let registry: ModelRegistry
    public let ranker: RuleBasedRanker
    public var holdoutShare = 0.2
    /// AUC points the new model must gain over the serving ranker on the same holdout.
    public var promotionMargin = 0.01
    public var trainer = LogisticTrainer()
    /// Fewer training examples than this and no model is trained.
    public var minimumExamples = 200
    /// Keep every held-out example's scores in the outcome (`xoseen train --holdout-scores FILE`), so an
    /// evaluation can split the holdout further (`scripts/eval-ranker.py`: development and final halves).
    public var keepHoldoutScores = false

    public init(database: any Database, registry: ModelRegistry, ranker: RuleBasedRanker) {
        self.database = database
        self.registry = registry
        self.ranker = ranker
    }

    public struct Outcome: Sendable {
        public var version: String
        public var report: TrainingReport
        public var promoted: Bool
        /// Why it was (not) promoted.
        public var decision: String
        /// Each held-out example's scores, oldest first (empty unless `keepHoldoutScores`).
        public var holdoutScores: [HoldoutScore] = []
    }

    /// What every ranker said about one held-out decision.
    public struct HoldoutScore: Sendable, Codable, Equatable {
        public var viewer: String
        public var candidate: String
        public var label: Double
        public var learned: Double
        public var history: Double
        public var rules: Double
        /// The rule sub-scores: trust, intent, interests, texting_style, location, p_like_back, appeal.
        public var ruleParts: [String: Double]
    }

    public enum TrainingError: Error, CustomStringConvertible {
        case notEnoughData(Int)
        public var description: String {
            switch self {
            case .notEnoughData(let n): "only \(n) labelled events; training needs more"
            }
        }
    }

    /// Trains on the store's events and profiles.
    public func run(at now: Date, promote: Bool = true) async throws -> Outcome {
        let set = try await trainingSet()
        let (model, report, scores) = try await TrainingQueue.run { [self] in try trainKeepingScores(set) }
        let version = try await registry.register(model: model, report: report, at: now)
        guard promote else {
            return Outcome(
                version: version, report: report, promoted: false, decision: "registered only", holdoutScores: scores)
        }
        let serving = try await registry.serving()
        let (beats, decision) = try await gate(report, serving: serving)
        if beats { try await registry.promote(version, rolloutPct: serving.version == nil ? 1 : serving.rolloutPct, at: now) }
        return Outcome(version: version, report: report, promoted: beats, decision: decision, holdoutScores: scores)
    }

    /// The store's events and profiles as point-in-time examples (built on the training queue).
    public func trainingSet() async throws -> TrainingSet {
        let (events, talked) = try await TrainingSet.loadEvents(database)
        // Profiles are read straight from the store (the training run needs every one, indexed or not).
        let profiles = try await database.read { connection in
            try connection.query("SELECT * FROM users").map(ProfileStore.profile(from:))
        }
        let ranker = ranker
        return try await TrainingQueue.run {
            TrainingSet(
                events: events, profiles: Dictionary(profiles.map { ($0.userId, $0) }, uniquingKeysWith: { a, _ in a }),
                talked: talked, ranker: ranker)
        }
    }

    /// Fits on the older part and measures both rankers on the later part.
    public func train(_ set: TrainingSet) throws -> (LogisticModel, TrainingReport) {
        let (model, report, _) = try trainKeepingScores(set)
        return (model, report)
    }

    /// The same, with each held-out example's scores when `keepHoldoutScores` is set.
    public func trainKeepingScores(_ set: TrainingSet) throws -> (LogisticModel, TrainingReport, [HoldoutScore]) {
        let (train, holdout) = set.split(holdoutShare: holdoutShare)
        guard train.count >= minimumExamples, !holdout.isEmpty else { throw TrainingError.notEnoughData(set.examples.count) }
        let started = ContinuousClock.now
        var rows: [Double] = []
        rows.reserveCapacity(train.count * set.dimension)
        for e in train { rows += e.features }
        let model = trainer.fit(
            rows: rows, dimension: set.dimension, labels: train.map(\.label), weights: train.map(\.weight),
            names: PairFeatures.names)
        let elapsed = ContinuousClock.now - started
        let labels = holdout.map(\.label)
        let scorer = LearnedScorer(model: model, version: "candidate")
        var mutual = Set<String>()
        var liked = Set<String>()
        for e in set.examples where e.label > 0.5 { liked.insert(e.viewer + "\u{1}" + e.candidate) }
        for key in liked {
            let parts = key.split(separator: "\u{1}")
            if liked.contains(parts[1] + "\u{1}" + parts[0]) { mutual.insert(key) }
        }
        // The history-only baseline on the same split: viewer like rate and candidate received-like rate.
        let historyColumns = ["viewer_like_rate", "candidate_liked_rate"].map { PairFeatures.names.firstIndex(of: $0)! }
        let history = trainer.fit(
            rows: train.flatMap { e in historyColumns.map { e.features[$0] } }, dimension: historyColumns.count,
            labels: train.map(\.label), weights: train.map(\.weight), names: ["viewer_like_rate", "candidate_liked_rate"])
        let historyScore = { (e: TrainingSet.Example) in history.probability(historyColumns.map { e.features[$0] }) }
        var report = TrainingReport(
            trainExamples: train.count, holdoutExamples: holdout.count,
            learned: RankingMetrics(scores: holdout.map { model.probability($0.features) }, labels: labels),
            ruleBased: RankingMetrics(scores: holdout.map(\.ruleScore), labels: labels),
            learnedMatchRateAt10: TrainingReport.matchRateAt10(holdout, mutual: mutual) {
                scorer.final(forward: $0.features, reverse: $0.reverseFeatures)
            },
            ruleMatchRateAt10: TrainingReport.matchRateAt10(holdout, mutual: mutual) { $0.ruleScore },
            trainingSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        report.historyOnly = RankingMetrics(scores: holdout.map(historyScore), labels: labels)
        report.historyMatchRateAt10 = TrainingReport.matchRateAt10(holdout, mutual: mutual) { e in
            (historyScore(e) * history.probability(historyColumns.map { e.reverseFeatures[$0] })).squareRoot()
        }
        report.subScoreAUC = TrainingReport.subScores(holdout, all: set.examples, appealWeight: ranker.weights.appealWeight)
        guard keepHoldoutScores else { return (model, report, []) }
        let scores = holdout.map { e in
            let p = e.ruleParts
            return HoldoutScore(
                viewer: e.viewer, candidate: e.candidate, label: e.label, learned: model.probability(e.features),
                history: historyScore(e), rules: p.final,
                ruleParts: [
                    "trust": p.trust, "intent": p.intent, "interests": p.interests, "texting_style": p.textingStyle,
                    "location": p.location, "p_like_back": p.pLikeBack, "appeal": p.appeal,
                ])
        }
        return (model, report, scores)
    }

    static func f4(_ x: Double) -> String { String(format: "%.4f", x) }

    /// The promotion gate: beat the serving ranker's holdout AUC by the margin, without saturating.
    public func gate(_ report: TrainingReport, serving: ModelRegistry.Serving) async throws -> (Bool, String) {
        var baseline = report.ruleBased.auc
        var against = "rule_based"
        if let version = serving.version, let current = try? await registry.load(version) {
            // The serving model's own holdout AUC is from an older holdout; compare on a like-for-like basis:
            // the better of the rule-based AUC now and the serving model's recorded AUC.
            baseline = max(baseline, current.report.learned.auc)
            against = version
        }
        guard report.learned.saturatedShare < 0.01 else {
            return (false, String(format: "not promoted: %.1f%% of scores ≥ 0.99", report.learned.saturatedShare * 100))
        }
        guard report.learned.auc >= baseline + promotionMargin else {
            return (
                false,
                "not promoted: AUC \(Self.f4(report.learned.auc)) does not beat \(against) (\(Self.f4(baseline))) "
                    + "by \(promotionMargin)"
            )
        }
        return (true, "promoted: AUC \(Self.f4(report.learned.auc)) vs \(against) \(Self.f4(baseline))")
    }
}
