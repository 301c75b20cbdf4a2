import Foundation
import SQLStore

/// The training event log, `user_events`, and its only writer. One row per first-time like or pass
/// (with the ranker that served the viewer and its score breakdown, which `ServingFigures` reads for
/// live calibration) and one per direction of a mutual blind-date reveal.
///
/// What a row holds is what training and serving figures read: who, whom, what, when, which ranker
/// and its scores. Training features are not logged: `TrainingSet` rebuilds them point-in-time from
/// the log's order (a logged snapshot would be a second, unread copy). An append runs on the caller's
/// connection, inside its transaction, so an event exists exactly when the decision or reveal does.
public enum EventLog {
    public enum Action: String, Sendable {
        case like, pass
        /// Both members of a blind pairing consented to the reveal (a strong positive).
        case blindReveal = "blind_reveal"
    }

    public struct Entry: Sendable, Equatable {
        public var viewer: String
        public var candidate: String
        public var action: Action
        public var at: Date
        /// The served score breakdown as JSON (`{}` when nothing was served).
        public var scores: String
        /// What served the viewer: `rule_based`, `learned`, or `blind` for a reveal.
        public var ranker: String
        /// Test traffic: kept out of training and serving figures.
        public var isTest: Bool

        public init(
            viewer: String, candidate: String, action: Action, at: Date, scores: String = "{}", ranker: String,
            isTest: Bool = false
        ) {
            self.viewer = viewer
            self.candidate = candidate
            self.action = action
            self.at = at
            self.scores = scores
            self.ranker = ranker
            self.isTest = isTest
        }
    }

    /// Appends `entry` in the caller's transaction.
    public static func append(_ entry: Entry, on connection: any SQLConnection) throws {
        try connection.execute(
            """
            INSERT INTO user_events (id, viewer_id, candidate_id, action, occurred_at, scores, ranker, is_test)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            """, "evt_" + UUID().uuidString.lowercased(), entry.viewer, entry.candidate, entry.action.rawValue, entry.at,
            entry.scores, entry.ranker, entry.isTest)
    }
}
