/// The topic model's second half: a logistic regression on the sentence encoder's unit vector of an article's
/// headline and lead — the vector the server already computes for clustering and stores per article — whose
/// scores are mixed log-linearly with the TF-IDF model's: softmax((1 − `weight`) s_tfidf + `weight` s_meaning).
/// Trained, and `weight` chosen by cross-validation, in `scripts/train-topics.py` (the `meaning` part of
/// model.json). One dot product per topic; no encoder run of its own.
struct TopicMeaningModel: Sendable, Decodable {
    /// The identifier the vectors were made under (`TextEmbedder.identifier`): vectors of another encoder
    /// mean nothing to these weights.
    var encoder: String
    /// The meaning model's share of the mixed scores.
    var weight: Double
    /// Per topic in the model file's `topics` order.
    var bias: [Double]
    var weights: [[Double]]

    var dimension: Int { weights.first?.count ?? 0 }

    var isConsistent: Bool {
        (0...1).contains(weight) && dimension > 0 && weights.allSatisfy { $0.count == dimension }
    }

    /// The TF-IDF scores mixed with this model's scores for `vector`; nil when the vector does not fit it.
    func mix(_ scores: [Double], vector: [Float]) -> [Double]? {
        guard vector.count == dimension, scores.count == bias.count else { return nil }
        var mixed = scores
        for i in mixed.indices {
            var score = bias[i]
            for (w, x) in zip(weights[i], vector) { score += w * Double(x) }
            mixed[i] = (1 - weight) * scores[i] + weight * score
        }
        return mixed
    }
}
