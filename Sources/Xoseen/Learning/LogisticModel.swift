import Foundation

/// A trained logistic regression: P(like) = σ(bias + Σ wᵢ·xᵢ), with the feature names it was
/// trained on (a model file whose names differ from the code's is refused, not misread).
public struct LogisticModel: Sendable, Equatable, Codable {
    public var featureNames: [String]
    public var weights: [Double]
    public var bias: Double

    public init(featureNames: [String], weights: [Double], bias: Double) {
        self.featureNames = featureNames
        self.weights = weights
        self.bias = bias
    }

    public func probability(_ x: [Double]) -> Double {
        var z = bias
        for i in 0..<min(x.count, weights.count) { z += weights[i] * x[i] }
        return 1 / (1 + exp(-z))
    }

    /// Valid for these feature names, finite everywhere.
    public func isUsable(with names: [String]) -> Bool {
        featureNames == names && weights.count == names.count && weights.allSatisfy(\.isFinite) && bias.isFinite
    }
}

/// L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least
/// squares): with a few dozen features each step is one pass over the data plus a small
/// Cholesky solve, and it converges in a handful of steps to the exact regularised optimum —
/// no learning rate to tune. Examples may carry weights (strong positives count more).
public struct LogisticTrainer: Sendable {
    /// L2 strength per example (the penalty is `lambda · n · |w|² / 2`; the bias is not penalised).
    public var lambda: Double
    public var maxIterations: Int
    public var tolerance: Double

    public init(lambda: Double = 1e-3, maxIterations: Int = 25, tolerance: Double = 1e-7) {
        self.lambda = lambda
        self.maxIterations = maxIterations
        self.tolerance = tolerance
    }

    /// `rows` is row-major, `dimension` features per example.
    public func fit(rows: [Double], dimension d: Int, labels: [Double], weights: [Double], names: [String]) -> LogisticModel {
        let n = labels.count
        let p = d + 1  // bias last
        var beta = [Double](repeating: 0, count: p)
        let totalWeight = max(1e-9, weights.reduce(0, +))
        let positiveShare = zip(labels, weights).reduce(0) { $0 + $1.0 * $1.1 } / totalWeight
        beta[d] = log(max(1e-6, positiveShare) / max(1e-6, 1 - positiveShare))
        let penalty = lambda * totalWeight
        for _ in 0..<maxIterations {
            var gradient = [Double](repeating: 0, count: p)
            var hessian = [Double](repeating: 0, count: p * p)
            var x = [Double](repeating: 0, count: p)
            x[d] = 1
            for i in 0..<n {
                let base = i * d
                var z = beta[d]
                for j in 0..<d {
                    x[j] = rows[base + j]
                    z += beta[j] * x[j]
                }
                let mu = 1 / (1 + exp(-z))
                let w = weights[i]
                let residual = w * (labels[i] - mu)
                let curvature = w * max(mu * (1 - mu), 1e-10)
                for j in 0..<p {
                    gradient[j] += residual * x[j]
                    let cj = curvature * x[j]
                    if cj == 0 { continue }
                    for k in j..<p { hessian[j * p + k] += cj * x[k] }
                }
            }
            for j in 0..<d {
                gradient[j] -= penalty * beta[j]
                hessian[j * p + j] += penalty
            }
            for j in 0..<p { for k in 0..<j { hessian[j * p + k] = hessian[k * p + j] } }
            guard let step = Self.solve(hessian, gradient, p) else { break }
            var largest = 0.0
            for j in 0..<p {
                beta[j] += step[j]
                largest = max(largest, abs(step[j]))
            }
            if largest < tolerance { break }
        }
        return LogisticModel(featureNames: names, weights: Array(beta[0..<d]), bias: beta[d])
    }

    /// Solves A·x = b for a symmetric positive-definite A (Cholesky); nil when it is not.
    static func solve(_ a: [Double], _ b: [Double], _ n: Int) -> [Double]? {
        var l = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in 0...i {
                var sum = a[i * n + j]
                for k in 0..<j { sum -= l[i * n + k] * l[j * n + k] }
                if i == j {
                    guard sum > 1e-12 else { return nil }
                    l[i * n + i] = sum.squareRoot()
                } else {
                    l[i * n + j] = sum / l[j * n + j]
                }
            }
        }
        var y = [Double](repeating: 0, count: n)
        for i in 0..<n {
            var sum = b[i]
            for k in 0..<i { sum -= l[i * n + k] * y[k] }
            y[i] = sum / l[i * n + i]
        }
        var x = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var sum = y[i]
            for k in (i + 1)..<n { sum -= l[k * n + i] * x[k] }
            x[i] = sum / l[i * n + i]
        }
        return x
    }
}
