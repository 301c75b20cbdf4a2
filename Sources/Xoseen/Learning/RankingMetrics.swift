import Foundation

/// How well scores predict likes on a holdout: AUC (probability a random like outranks a
/// random pass; ties count half), log loss, expected calibration error over ten equal-width
/// bins, and the spread of the scores (saturation shows up as a large share ≥ 0.99).
public struct RankingMetrics: Sendable, Equatable, Codable {
    public var examples: Int
    public var auc: Double
    public var logLoss: Double
    public var calibrationError: Double
    public var meanScore: Double
    public var scoreStdDev: Double
    /// Share of scores ≥ 0.99.
    public var saturatedShare: Double

    public init(scores: [Double], labels: [Double]) {
        examples = scores.count
        auc = Self.auc(scores: scores, labels: labels)
        var loss = 0.0
        for (s, y) in zip(scores, labels) {
            let p = min(1 - 1e-6, max(1e-6, s))
            loss -= y > 0.5 ? log(p) : log(1 - p)
        }
        logLoss = scores.isEmpty ? 0 : loss / Double(scores.count)
        calibrationError = Self.calibrationError(scores: scores, labels: labels)
        let mean = scores.isEmpty ? 0 : scores.reduce(0, +) / Double(scores.count)
        meanScore = mean
        scoreStdDev =
            scores.isEmpty ? 0 : (scores.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(scores.count)).squareRoot()
        saturatedShare = scores.isEmpty ? 0 : Double(scores.filter { $0 >= 0.99 }.count) / Double(scores.count)
    }

    public static func auc(scores: [Double], labels: [Double]) -> Double {
        let order = scores.indices.sorted { scores[$0] < scores[$1] }
        var rankSumPositive = 0.0
        var positives = 0.0
        var negatives = 0.0
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count && scores[order[j + 1]] == scores[order[i]] { j += 1 }
            let averageRank = Double(i + j) / 2 + 1
            for k in i...j {
                if labels[order[k]] > 0.5 {
                    rankSumPositive += averageRank
                    positives += 1
                } else {
                    negatives += 1
                }
            }
            i = j + 1
        }
        guard positives > 0, negatives > 0 else { return 0.5 }
        return (rankSumPositive - positives * (positives + 1) / 2) / (positives * negatives)
    }

    public static func calibrationError(scores: [Double], labels: [Double], bins: Int = 10) -> Double {
        guard !scores.isEmpty else { return 0 }
        var count = [Double](repeating: 0, count: bins)
        var predicted = count
        var observed = count
        for (s, y) in zip(scores, labels) {
            let b = min(bins - 1, max(0, Int(s * Double(bins))))
            count[b] += 1
            predicted[b] += s
            observed[b] += y > 0.5 ? 1 : 0
        }
        var error = 0.0
        for b in 0..<bins where count[b] > 0 { error += abs(predicted[b] - observed[b]) }
        return error / Double(scores.count)
    }
}
