import Foundation
import HTTPTesting
import Testing
import Xoseen

/// A block wins over a like, and the feed's in-memory index changes only once the store has.
@Suite(.serialized) struct MatchingIntegrityTests {
    @Test func aLikeOnABlockedPairNeverAnswersMatched() async throws {
        try await ChatFixture.with { f in
            try await f.user("usr_a", "Ada")
            try await f.user("usr_b", "Bo")
            #expect(
                try f.json(
                    try await f.post(
                        "/ml/feedback", ["viewerId": "usr_a", "candidateId": "usr_b", "action": "like"],
                        as: "usr_a"))["matched"] as? Bool == false)
            #expect(try await f.post("/web/block", ["viewerId": "usr_b", "candidateId": "usr_a"], as: "usr_b").status == 200)
            let back = try f.json(
                try await f.post("/ml/feedback", ["viewerId": "usr_b", "candidateId": "usr_a", "action": "like"], as: "usr_b"))
            #expect(back["ok"] as? Bool == true && back["matched"] as? Bool == false, "blocked pair: \(back)")
            let again = try f.json(
                try await f.post("/ml/feedback", ["viewerId": "usr_a", "candidateId": "usr_b", "action": "like"], as: "usr_a"))
            #expect(again["matched"] as? Bool == false)
            #expect(try await f.application.matching.isMatched("usr_a", "usr_b") == false, "no match row for a blocked pair")

            // Matched first, blocked after: repeats no longer answer matched either.
            try await f.user("usr_c", "Cy")
            try await f.match("usr_a", "usr_c")
            #expect(try await f.post("/web/block", ["viewerId": "usr_a", "candidateId": "usr_c"], as: "usr_a").status == 200)
            let repeatLike = try f.json(
                try await f.post(
                    "/ml/feedback", ["viewerId": "usr_c", "candidateId": "usr_a", "action": "like"],
                    as: "usr_c"))
            #expect(repeatLike["matched"] as? Bool == false)
        }
    }

    /// SQLite checks a deferred foreign key at COMMIT: these triggers make exactly the commit fail.
    static func failCommits(_ f: PrivacyFixture, whenUser userId: String) async throws {
        try await f.application.database.write { connection in
            try connection.executeScript(
                """
                CREATE TABLE gate_parent (id TEXT PRIMARY KEY);
                CREATE TABLE gate_child (id TEXT REFERENCES gate_parent (id) DEFERRABLE INITIALLY DEFERRED);
                CREATE TRIGGER gate_users AFTER UPDATE ON users WHEN NEW.id = '\(userId)'
                    BEGIN INSERT INTO gate_child VALUES ('missing'); END;
                CREATE TRIGGER gate_decisions AFTER INSERT ON decisions WHEN NEW.viewer_id = '\(userId)'
                    BEGIN INSERT INTO gate_child VALUES ('missing'); END;
                """)
        }
    }

    @Test func aFailedCommitLeavesTheFeedAsTheStoreIs() async throws {
        try await PrivacyFixture.with { f in
            let ids = try await f.personas()
            var viewer = ""
            var target: [String: Any] = [:]
            // A target in someone's feed whose own feed is not empty (the like below needs a candidate).
            search: for id in ids {
                for card in try await f.feed(of: id, limit: 5) {
                    guard let candidateId = card["candidateId"] as? String,
                        try await !f.feed(of: candidateId, limit: 1).isEmpty
                    else { continue }
                    (viewer, target) = (id, card)
                    break search
                }
            }
            let targetId = try #require(target["candidateId"] as? String)
            let name = try #require(target["displayName"] as? String)
            try await Self.failCommits(f, whenUser: targetId)

            let edit = try await f.post("/web/profile", ["userId": targetId, "displayName": "Mallory"], token: f.token(targetId))
            #expect(edit.status == 500, "the commit failed: \(edit.bodyString)")
            #expect(try await f.application.profiles.profile(targetId)?.displayName == name, "the store rolled back")
            let card = try await f.feed(of: viewer).first { $0["candidateId"] as? String == targetId }
            #expect(card?["displayName"] as? String == name, "the feed serves what the store holds, not the failed edit")

            // Someone the target has not decided on yet (their own feed), so the like is a first-time insert.
            let liked = try #require(try await f.feed(of: targetId, limit: 1).first?["candidateId"] as? String)
            let before = f.application.candidateIndex.likeHistory(of: targetId)
            let like = try await f.post(
                "/ml/feedback", ["viewerId": targetId, "candidateId": liked, "action": "like"], token: f.token(targetId))
            #expect(like.status == 500)
            #expect(f.application.candidateIndex.likeHistory(of: targetId) == before, "a rolled-back like is not counted")
        }
    }
}
