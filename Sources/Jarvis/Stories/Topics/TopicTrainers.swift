import Foundation

typealias TopicExample = (features: TopicFeatures, label: Int)

/// Multinomial Naive Bayes: log P(term | topic) with Lidstone smoothing over weighted term counts,
/// log priors from label frequencies, the feed hint as one more categorical feature (Laplace-smoothed
/// log P(hint | topic), scaled by `hintWeight`), and the regional rule as a fixed log-odds boost.
struct NaiveBayesTrainer {
    let configuration: TopicClassifier.Configuration

    func train(_ examples: [TopicExample]) -> TopicClassifier {
        let k = TopicClassifier.topics.count
        var counts: [String: [Double]] = [:]
        var totals = [Double](repeating: 0, count: k)
        var documents = [Double](repeating: 0, count: k)
        var hintCounts: [String: [Double]] = [:]
        var documentFrequency: [String: Int] = [:]
        if configuration.minDocumentFrequency > 1 {
            for (features, _) in examples { for term in features.terms.keys { documentFrequency[term, default: 0] += 1 } }
        }
        for (features, label) in examples {
            documents[label] += 1
            for (term, value) in features.terms
            where configuration.minDocumentFrequency <= 1 || documentFrequency[term, default: 0] >= configuration.minDocumentFrequency {
                counts[term, default: [Double](repeating: 0, count: k)][label] += value
                totals[label] += value
            }
            hintCounts[features.hint, default: [Double](repeating: 0, count: k)][label] += 1
        }
        let alpha = configuration.smoothing
        let vocabulary = Double(counts.count)
        let denominators = totals.map { log($0 + alpha * vocabulary) }
        var weights: [String: [Double]] = [:]
        weights.reserveCapacity(counts.count)
        for (term, perTopic) in counts {
            weights[term] = perTopic.indices.map { log(perTopic[$0] + alpha) - denominators[$0] }
        }
        let n = Double(examples.count)
        let bias = documents.map { log(($0 + 1) / (n + Double(k))) }
        let hintValues = Topic.allCases.map(\.rawValue) + [TopicFeatures.noHint]
        var hintWeights: [String: [Double]] = [:]
        for hint in hintValues {
            let perTopic = hintCounts[hint] ?? [Double](repeating: 0, count: k)
            hintWeights[hint] = (0..<k).map {
                configuration.hintWeight * log((perTopic[$0] + 1) / (documents[$0] + Double(hintValues.count)))
            }
        }
        var headlineBoost = [Double](repeating: 0, count: k)
        headlineBoost[TopicClassifier.africaIndex] = configuration.regionalBoost
        var bodyBoost = [Double](repeating: 0, count: k)
        bodyBoost[TopicClassifier.africaIndex] = configuration.regionalBodyBoost
        return TopicClassifier(configuration: configuration, termWeights: weights, bias: bias, hintWeights: hintWeights,
                               headlinePlaceWeights: headlineBoost, bodyPlaceWeights: bodyBoost)
    }
}

/// Multinomial logistic (softmax) regression by stochastic gradient descent with L2 weight decay.
/// Inputs: L2-normalised term weights, one-hot feed hint, and the two regional-rule flags, all
/// learned. The example order is shuffled with a fixed seed, so training is deterministic.
struct SoftmaxRegressionTrainer {
    let configuration: TopicClassifier.Configuration

    static func norm(_ terms: [String: Double]) -> Double {
        max(terms.values.reduce(0) { $0 + $1 * $1 }.squareRoot(), 1e-9)
    }

    func train(_ examples: [TopicExample]) -> TopicClassifier {
        let k = TopicClassifier.topics.count
        var index: [String: Int] = [:]
        func slot(_ name: String) -> Int {
            if let i = index[name] { return i }
            index[name] = index.count
            return index.count - 1
        }
        let hintValues = Topic.allCases.map(\.rawValue) + [TopicFeatures.noHint]
        let hintSlots = hintValues.map { slot("hint:" + $0) }
        let headlinePlace = slot("place:headline"), bodyPlace = slot("place:body")
        let rows: [(x: [(Int, Double)], y: Int)] = examples.map { features, label in
            let scale = Self.norm(features.terms)
            var x = features.terms.sorted { $0.key < $1.key }.map { (slot($0.key), $0.value / scale) }
            x.append((hintSlots[hintValues.firstIndex(of: features.hint) ?? hintValues.count - 1], 1))
            if features.africanPlaceInHeadline { x.append((headlinePlace, 1)) }
            if features.africanPlaceInBody { x.append((bodyPlace, 1)) }
            return (x, label)
        }
        var w = [Double](repeating: 0, count: index.count * k)
        var b = [Double](repeating: 0, count: k)
        var order = Array(rows.indices)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var p = [Double](repeating: 0, count: k)
        for epoch in 0..<configuration.epochs {
            for i in stride(from: order.count - 1, to: 0, by: -1) {  // Fisher–Yates with a fixed LCG
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                order.swapAt(i, Int((state >> 33) % UInt64(i + 1)))
            }
            let rate = 0.5 / (1 + 0.1 * Double(epoch))
            for r in order {
                let (x, y) = rows[r]
                for c in 0..<k { p[c] = b[c] }
                for (j, v) in x { for c in 0..<k { p[c] += w[j * k + c] * v } }
                let top = p.max()!
                var sum = 0.0
                for c in 0..<k { p[c] = exp(p[c] - top); sum += p[c] }
                for c in 0..<k {
                    let g = p[c] / sum - (c == y ? 1 : 0)
                    b[c] -= rate * g
                    for (j, v) in x { w[j * k + c] -= rate * (g * v + configuration.l2 * w[j * k + c]) }
                }
            }
        }
        var termWeights: [String: [Double]] = [:]
        var hintWeights: [String: [Double]] = [:]
        for (name, j) in index {
            let row = Array(w[(j * k)..<(j * k + k)])
            if name.hasPrefix("hint:") { hintWeights[String(name.dropFirst(5))] = row }
            else if !name.hasPrefix("place:") { termWeights[name] = row }
        }
        return TopicClassifier(configuration: configuration, termWeights: termWeights, bias: b, hintWeights: hintWeights,
                               headlinePlaceWeights: Array(w[(headlinePlace * k)..<(headlinePlace * k + k)]),
                               bodyPlaceWeights: Array(w[(bodyPlace * k)..<(bodyPlace * k + k)]))
    }
}
