import Foundation
import SQLStore

/// Labelled examples from the event log, in time order, with point-in-time features.
///
/// Labels: `like` = 1, `pass` = 0; a `blind_reveal` is a positive of weight 2, and a like whose
/// pair matched and then talked (two or more chat messages) also weighs 2. Events marked as
/// tests never enter. Each event's features use `ActivityStats` counted from strictly earlier
/// events; the counters are updated only after the features are taken (no leakage).
public struct TrainingSet: Sendable {
    public struct Event: Sendable, Equatable {
        public var viewer: String
        public var candidate: String
        public var action: String
        public var at: Date

        public init(viewer: String, candidate: String, action: String, at: Date) {
            self.viewer = viewer
            self.candidate = candidate
            self.action = action
            self.at = at
        }
    }

    public struct Example: Sendable {
        public var viewer: String
        public var candidate: String
        public var label: Double
        public var weight: Double
        public var at: Date
        /// Features of viewer → candidate.
        public var features: [Double]
        /// Features of candidate → viewer at the same moment (for the reciprocal score).
        public var reverseFeatures: [Double]
        /// What the rule-based ranker would have served for this pair at that moment.
        public var ruleScore: Double
        /// The rule-based sub-scores behind `ruleScore` (each one's holdout AUC is reported).
        public var ruleParts: MatchBreakdown
    }

    public var examples: [Example]
    public var dimension: Int { PairFeatures.count }

    /// Events from the store, oldest first (test events excluded), and the rooms that talked.
    public static func loadEvents(_ database: any Database) async throws -> (events: [Event], talked: Set<String>) {
        try await database.read { connection in
            // The event log, plus decisions that predate it (the seed population's history has
            // decisions only); a decision with a logged event is represented by that event, so test
            // decisions stay out.
            let events = try connection.query(
                """
                SELECT viewer_id, candidate_id, action, occurred_at FROM user_events WHERE is_test = 0
                UNION ALL
                SELECT viewer_id, candidate_id, action, decided_at AS occurred_at FROM decisions d
                WHERE NOT EXISTS (SELECT 1 FROM user_events e WHERE e.viewer_id = d.viewer_id AND e.candidate_id = d.candidate_id
                                  AND e.action IN ('like', 'pass'))
                ORDER BY occurred_at, viewer_id, candidate_id
                """
            ).map { row in
                Event(
                    viewer: try row.decode(String.self, "viewer_id"), candidate: try row.decode(String.self, "candidate_id"),
                    action: try row.decode(String.self, "action"), at: try row.decode(Date.self, "occurred_at"))
            }
            let talked = try connection.query("SELECT room FROM chat_messages GROUP BY room HAVING COUNT(*) >= 2")
                .map { try $0.decode(String.self, "room") }
            return (events, Set(talked))
        }
    }

    /// Builds examples; events naming unknown users are skipped.
    public init(events: [Event], profiles: [String: Profile], talked: Set<String>, ranker: RuleBasedRanker) {
        var stats: [String: ActivityStats] = [:]
        var taste = TasteGraph()
        var likes = 0
        var decisions = 0
        var examples: [Example] = []
        examples.reserveCapacity(events.count)
        for event in events {
            guard let viewer = profiles[event.viewer], let candidate = profiles[event.candidate],
                ["like", "pass", "blind_reveal"].contains(event.action)
            else { continue }
            let prior = (Double(likes) + 3) / (Double(decisions) + 10)
            let viewerStats = stats[viewer.userId] ?? ActivityStats()
            let candidateStats = stats[candidate.userId] ?? ActivityStats()
            let pointInTime = RuleBasedRanker(weights: ranker.weights, gazetteer: ranker.gazetteer, priorLikeRate: prior)
            let label: Double = event.action == "pass" ? 0 : 1
            var weight = event.action == "blind_reveal" ? 2.0 : 1.0
            if event.action == "like",
                talked.contains(ChatRoom(kind: .match, between: viewer.userId, and: candidate.userId).description)
            {
                weight = 2
            }
            let mine = taste.signals(viewer: viewer.userId, candidate: candidate.userId, prior: prior)
            let theirs = taste.signals(viewer: candidate.userId, candidate: viewer.userId, prior: prior)
            let rules = pointInTime.breakdown(
                viewer: viewer, candidate: candidate, candidateHistory: candidateStats.history,
                candidateAppeal: candidateStats.received)
            examples.append(
                Example(
                    viewer: viewer.userId, candidate: candidate.userId, label: label, weight: weight, at: event.at,
                    features: PairFeatures.vector(
                        viewer: viewer, candidate: candidate, ranker: pointInTime, viewerStats: viewerStats,
                        candidateStats: candidateStats, prior: prior, taste: mine),
                    reverseFeatures: PairFeatures.vector(
                        viewer: candidate, candidate: viewer, ranker: pointInTime,
                        viewerStats: candidateStats, candidateStats: viewerStats, prior: prior, taste: theirs),
                    ruleScore: rules.final, ruleParts: rules))
            // Only now does this event count, for later events.
            guard event.action != "blind_reveal" else { continue }
            let liked = event.action == "like"
            stats[viewer.userId, default: ActivityStats()].decisionsMade += 1
            stats[candidate.userId, default: ActivityStats()].decisionsReceived += 1
            if liked {
                stats[viewer.userId, default: ActivityStats()].likesGiven += 1
                stats[candidate.userId, default: ActivityStats()].likesReceived += 1
                likes += 1
            }
            decisions += 1
            taste.record(viewer: viewer.userId, candidate: candidate.userId, like: liked)
        }
        self.examples = examples
    }

    /// The oldest `1 - holdoutShare` for training, the rest (the later part of the timeline) held out.
    public func split(holdoutShare: Double) -> (train: ArraySlice<Example>, holdout: ArraySlice<Example>) {
        let cut = Int(Double(examples.count) * (1 - holdoutShare))
        return (examples[..<cut], examples[cut...])
    }
}
