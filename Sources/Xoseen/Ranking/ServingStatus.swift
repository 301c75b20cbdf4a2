/// Which ranker serves the feed: what `/ml/health` reports. `rule_based` until a learned
/// model is promoted; `rollout` when a learned model serves a percentage of viewers.
public struct ServingStatus: Sendable, Equatable {
    public enum Ranker: String, Sendable {
        case ruleBased = "rule_based"
        case learned, rollout
    }

    public var ranker: Ranker
    public var modelVersion: String
    /// 0…1: the share of viewers the learned model serves.
    public var rolloutPct: Double
    public var shadow: Bool

    public static let ruleBasedOnly = ServingStatus(ranker: .ruleBased, modelVersion: "rules-v1", rolloutPct: 0, shadow: false)

    public init(ranker: Ranker, modelVersion: String, rolloutPct: Double, shadow: Bool) {
        self.ranker = ranker
        self.modelVersion = modelVersion
        self.rolloutPct = rolloutPct
        self.shadow = shadow
    }
}
