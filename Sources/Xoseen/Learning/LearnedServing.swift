import Foundation
import Logging
import Synchronization

/// Which ranker serves each viewer, swapped atomically while requests run.
///
/// The registry's serving row says which version, what share of viewers (`rolloutPct`, 0…1)
/// and whether shadow mode is on. A viewer's bucket is a stable hash of its id into 10,000
/// buckets; buckets below `rolloutPct · 10,000` get the learned model, so a viewer stays on the
/// same side as the share grows. In shadow mode the viewers served by the rules are also scored
/// by the model, and both scores are logged — what they see does not change.
///
/// A missing or corrupt model never fails a request: the rule-based ranker serves, the
/// error is logged, and `/ml/health` says `rule_based`.
public final class LearnedServing: Sendable {
    public struct Snapshot: Sendable {
        public var scorer: LearnedScorer?
        public var rolloutPct: Double
        public var shadow: Bool

        public static let rulesOnly = Snapshot(scorer: nil, rolloutPct: 0, shadow: false)

        /// The truth for `/ml/health`.
        public var status: ServingStatus {
            guard let scorer else {
                return ServingStatus(ranker: .ruleBased, modelVersion: "rules-v1", rolloutPct: 0, shadow: false)
            }
            let ranker: ServingStatus.Ranker = rolloutPct >= 1 ? .learned : rolloutPct > 0 ? .rollout : .ruleBased
            return ServingStatus(
                ranker: ranker, modelVersion: ranker == .ruleBased ? "rules-v1" : scorer.version,
                rolloutPct: rolloutPct, shadow: shadow)
        }
    }

    /// How one viewer is served.
    public enum Assignment: Sendable {
        case learned(LearnedScorer)
        /// Rule-based; `shadow` is the model to score alongside (logged, not served), if any.
        case ruleBased(shadow: LearnedScorer?)
    }

    public let registry: ModelRegistry
    private let current = Mutex(Snapshot.rulesOnly)
    private let loadedVersion = Mutex<String?>(nil)
    private let logger = Logger(label: "xoseen.ranker")

    public init(registry: ModelRegistry) { self.registry = registry }

    public var snapshot: Snapshot { current.withLock { $0 } }

    public static func bucket(of viewerId: String) -> Int { Int(StableSeed.of(viewerId, "rollout") % 10_000) }

    public func assignment(for viewerId: String) -> Assignment {
        let snapshot = snapshot
        guard let scorer = snapshot.scorer else { return .ruleBased(shadow: nil) }
        if Double(Self.bucket(of: viewerId)) < snapshot.rolloutPct * 10_000 { return .learned(scorer) }
        return .ruleBased(shadow: snapshot.shadow ? scorer : nil)
    }

    /// Re-reads the serving row and loads the model when its version changed. Never throws:
    /// on any failure the rules serve and the error is logged.
    public func refresh() async {
        let serving: ModelRegistry.Serving
        do { serving = try await registry.serving() } catch {
            logger.error("model registry unreadable; keeping the current ranker", ["error": "\(error)"])
            return
        }
        guard let version = serving.version else {
            current.withLock { $0 = Snapshot(scorer: nil, rolloutPct: 0, shadow: false) }
            loadedVersion.withLock { $0 = nil }
            return
        }
        var scorer = snapshot.scorer
        if loadedVersion.withLock({ $0 }) != version || scorer == nil {
            do {
                let file = try await registry.load(version)
                scorer = LearnedScorer(model: file.model, version: version)
                logger.notice(
                    "learned ranker loaded",
                    [
                        "version": version, "rolloutPct": "\(serving.rolloutPct)",
                        "shadow": "\(serving.shadow)",
                    ])
            } catch {
                if loadedVersion.withLock({ $0 }) != version {
                    logger.error(
                        "model cannot be served; the rule-based ranker serves", ["version": version, "error": "\(error)"])
                }
                scorer = nil
            }
            loadedVersion.withLock { $0 = version }
        }
        current.withLock {
            $0 = Snapshot(scorer: scorer, rolloutPct: scorer == nil ? 0 : serving.rolloutPct, shadow: serving.shadow)
        }
    }
}
