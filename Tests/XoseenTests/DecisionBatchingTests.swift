import Foundation
import SQLStore
import Synchronization
import Testing

@testable import Xoseen

/// Likes and passes arriving together share one transaction (group commit); each still lands once,
/// answers as if it had committed alone, and counts in the feed's index once.
@Suite struct DecisionBatchingTests {
    @Test(arguments: EventLogTests.Engine.allCases)
    func concurrentDecisionsLandOnceWithTheirMatches(engine: EventLogTests.Engine) async throws {
        let directory = try EventLogTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try await DatabaseConfiguration(url: try EventLogTests.freshURL(engine, in: directory))
            .open(migrations: XoseenSchema.migrations)
        defer { database.closeSync() }
        let index = CandidateIndex(gazetteer: try TrainingTests.gazetteer())
        let matching = MatchingStore(database: database, index: index)

        // 16 users: i likes j for every pair; j likes i back when (i + j) % 3 == 0, else passes.
        // Every decision is sent twice at once, so repeats race their first time inside one batch.
        let users = (0..<16).map { String(format: "usr_%02d", $0) }
        struct Call: Sendable { var viewer: String, candidate: String, action: MatchingStore.Action }
        var calls: [Call] = []
        var mutual: Set<[String]> = []
        for i in users.indices {
            for j in users.indices where i < j {
                let back: MatchingStore.Action = (i + j) % 3 == 0 ? .like : .pass
                if back == .like { mutual.insert([users[i], users[j]]) }
                for _ in 0..<2 {
                    calls.append(Call(viewer: users[i], candidate: users[j], action: .like))
                    calls.append(Call(viewer: users[j], candidate: users[i], action: back))
                }
            }
        }
        let at = Date(timeIntervalSince1970: 1_700_000_000)
        let outcomes = try await withThrowingTaskGroup(of: (Call, MatchingStore.Outcome).self) { group in
            for call in calls.shuffled() {
                group.addTask {
                    let outcome = try await matching.decide(
                        viewer: call.viewer, candidate: call.candidate, action: call.action, at: at, scores: "{}",
                        ranker: "rule_based", isTest: false)
                    return (call, outcome)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        let pairs = users.count * (users.count - 1) / 2
        #expect(outcomes.count == 4 * pairs)
        var firstTimes: [String: Int] = [:]
        var matchedPairs: Set<[String]> = []
        for (call, outcome) in outcomes {
            if outcome.firstTime { firstTimes[call.viewer + ">" + call.candidate, default: 0] += 1 }
            if outcome.matched { matchedPairs.insert([call.viewer, call.candidate].sorted()) }
        }
        #expect(firstTimes.count == 2 * pairs && firstTimes.values.allSatisfy { $0 == 1 }, "one first time per decision")
        #expect(matchedPairs == mutual, "a like answered matched exactly for the mutual pairs")
        let (decisions, events, matches) = try await database.read { c in
            (
                try c.scalar(Int.self, "SELECT count(*) FROM decisions"),
                try c.scalar(Int.self, "SELECT count(*) FROM user_events"),
                try c.scalar(Int.self, "SELECT count(*) FROM matches")
            )
        }
        #expect(decisions == 2 * pairs)
        #expect(events == 2 * pairs, "one event per first-time decision")
        #expect(matches == mutual.count)
        for user in users {
            #expect(index.likeHistory(of: user).decisionsMade == users.count - 1, "\(user) counted once per decision")
        }
    }
}
