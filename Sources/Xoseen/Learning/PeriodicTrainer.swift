import Foundation
import Logging
import SQLStore

/// The in-server trainer: keeps serving in step with the model registry and trains on a period.
///
/// Every `refresh` it re-reads the registry, so `xoseen promote/rollback/rollout` from a shell take
/// effect in seconds. Every `interval` (0 = never) it trains; ``RankerTraining`` promotes the new
/// model only if it beats what serves. Instances sharing one database train one at a time: a run
/// needs the `xoseen.trainer` ``WorkLease`` for 1.5 intervals, so when its holder dies the next
/// instance whose turn comes takes over.
public struct PeriodicTrainer: Sendable {
    public static let leaseName = "xoseen.trainer"

    public let training: RankerTraining
    public let serving: LearnedServing
    public let lease: WorkLease
    /// Seconds between training runs; 0 turns training off (serving is still refreshed).
    public let interval: TimeInterval
    public var refresh: Duration = .seconds(5)
    /// The time stamped on registered models (the server's clock; the schedule itself runs on wall time).
    let clock: @Sendable () -> Date

    public init(
        training: RankerTraining, serving: LearnedServing, lease: WorkLease, interval: TimeInterval,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.training = training
        self.serving = serving
        self.lease = lease
        self.interval = interval
        self.clock = clock
    }

    /// What one due training turn did.
    public enum Turn: Sendable {
        case trained(RankerTraining.Outcome)
        /// Another instance holds the lease: it trains this period.
        case leaseHeldElsewhere
        /// Training or the lease failed (too little data, the store unreachable); the next period tries again.
        case failed(String)
    }

    /// Runs until cancelled.
    public func run() async {
        let logger = Logger(label: "xoseen.learning")
        var nextTraining = interval > 0 ? Date().addingTimeInterval(interval) : nil
        while !Task.isCancelled {
            await serving.refresh()
            if let due = nextTraining, Date() >= due {
                nextTraining = Date().addingTimeInterval(interval)
                switch await trainIfLeased() {
                case .trained(let outcome):
                    logger.notice(
                        "ranker trained",
                        [
                            "version": outcome.version, "auc": "\(outcome.report.learned.auc)",
                            "ruleAuc": "\(outcome.report.ruleBased.auc)", "decision": outcome.decision,
                        ])
                case .leaseHeldElsewhere:
                    break
                case .failed(let why):
                    logger.warning("training skipped", ["error": "\(why)"])
                }
            }
            try? await Task.sleep(for: refresh)
        }
    }

    /// One training turn: takes (or renews) the lease, trains, and re-reads what serves.
    public func trainIfLeased() async -> Turn {
        do {
            guard try await lease.acquire(Self.leaseName, for: max(interval, 1) * 1.5) else { return .leaseHeldElsewhere }
            let outcome = try await training.run(at: clock())
            await serving.refresh()
            return .trained(outcome)
        } catch {
            return .failed("\(error)")
        }
    }
}
