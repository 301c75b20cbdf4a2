import Foundation

/// What one training run measured on the later part of the timeline, for the new model and
/// for the rule-based ranker on the same holdout.
public struct TrainingReport: Sendable, Codable, Equatable {
    public var trainExamples: Int
    public var holdoutExamples: Int
    /// P(viewer likes candidate) from the learned model.
    public var learned: RankingMetrics
    /// The rule-based ranker's served score (`final`) as its like prediction.
    public var ruleBased: RankingMetrics
    /// Mean over holdout viewers with at least one mutual like among their decisions: the share
    /// of mutual likes (matches) in the viewer's top 10 of those candidates, by each ranker's
    /// served score.
    public var learnedMatchRateAt10: Double
    public var ruleMatchRateAt10: Double
    public var trainingSeconds: Double
    /// The baseline to beat: a logistic regression on the two like-rates alone (the viewer's like rate and the
    /// candidate's received-like rate), fitted on the same training part. Nil in reports from older versions.
    public var historyOnly: RankingMetrics? = nil
    public var historyMatchRateAt10: Double? = nil
    /// Holdout AUC of each rule-based sub-score taken alone as a like prediction (0.5 = chance; below
    /// 0.5 the sub-score ranks real preferences backwards).
    public var subScoreAUC: [String: Double]? = nil

    /// Each sub-score of the rules, and `final` with and without the appeal factor, as a holdout AUC.
    /// `p_like_back` predicts the candidate's decision, so it is also scored against the candidate's own
    /// decision about the viewer where the log has one (`p_like_back_vs_their_decision`).
    public static func subScores(
        _ holdout: ArraySlice<TrainingSet.Example>, all: [TrainingSet.Example],
        appealWeight: Double
    ) -> [String: Double] {
        let labels = holdout.map(\.label)
        var decided: [String: Double] = [:]
        for e in all { decided[e.viewer + "\u{1}" + e.candidate] = e.label }
        var back: [(Double, Double)] = []
        for e in holdout {
            if let theirs = decided[e.candidate + "\u{1}" + e.viewer] { back.append((e.ruleParts.pLikeBack, theirs)) }
        }
        func auc(_ f: (TrainingSet.Example) -> Double) -> Double { RankingMetrics.auc(scores: holdout.map(f), labels: labels) }
        let theirs = PairFeatures.names.firstIndex(of: "their_intent")!
        return [
            "trust": auc { $0.ruleParts.trust }, "intent": auc { $0.ruleParts.intent },
            "interests": auc { $0.ruleParts.interests },
            "texting_style": auc { $0.ruleParts.textingStyle }, "location": auc { $0.ruleParts.location },
            "their_intent": auc { $0.features[theirs] }, "their_interests": auc { $0.features[theirs + 1] },
            "their_texting_style": auc { $0.features[theirs + 2] },
            "p_like_back": auc { $0.ruleParts.pLikeBack }, "appeal": auc { $0.ruleParts.appeal },
            "final": auc { $0.ruleParts.final },
            "p_like_back_vs_their_decision": RankingMetrics.auc(scores: back.map(\.0), labels: back.map(\.1)),
            "final_without_appeal": auc { $0.ruleParts.final / pow(0.5 + 0.5 * $0.ruleParts.appeal, appealWeight) },
        ]
    }

    public static func matchRateAt10(
        _ holdout: ArraySlice<TrainingSet.Example>, mutual: Set<String>,
        score: (TrainingSet.Example) -> Double
    ) -> Double {
        var byViewer: [String: [(Double, Bool)]] = [:]
        for e in holdout where e.label > 0.5 || e.weight > 0 {
            byViewer[e.viewer, default: []].append((score(e), mutual.contains(e.viewer + "\u{1}" + e.candidate)))
        }
        var total = 0.0
        var viewers = 0
        for (_, list) in byViewer where list.contains(where: \.1) {
            let top = list.sorted { $0.0 > $1.0 }.prefix(10)
            total += Double(top.filter(\.1).count) / Double(top.count)
            viewers += 1
        }
        return viewers == 0 ? 0 : total / Double(viewers)
    }
}
