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

    public static func matchRateAt10(_ holdout: ArraySlice<TrainingSet.Example>, mutual: Set<String>,
                                     score: (TrainingSet.Example) -> Double) -> Double {
        var byViewer: [String: [(Double, Bool)]] = [:]
        for e in holdout where e.label > 0.5 || e.weight > 0 {
            byViewer[e.viewer, default: []].append((score(e), mutual.contains(e.viewer + "\u{1}" + e.candidate)))
        }
        var total = 0.0, viewers = 0
        for (_, list) in byViewer where list.contains(where: \.1) {
            let top = list.sorted { $0.0 > $1.0 }.prefix(10)
            total += Double(top.filter(\.1).count) / Double(top.count)
            viewers += 1
        }
        return viewers == 0 ? 0 : total / Double(viewers)
    }
}
