/// Scores a pair with a trained model: P(viewer likes candidate) from the viewer's side, and
/// the reciprocal `final` = √(P(viewer → candidate) · P(candidate → viewer)) the feed ranks by.
/// Both probabilities come from bounded features under L2, so `final` stays well inside (0, 1).
public struct LearnedScorer: Sendable {
    public let model: LogisticModel
    public let version: String

    public init(model: LogisticModel, version: String) {
        self.model = model
        self.version = version
    }

    public func final(forward: [Double], reverse: [Double]) -> Double {
        (model.probability(forward) * model.probability(reverse)).squareRoot()
    }
}
