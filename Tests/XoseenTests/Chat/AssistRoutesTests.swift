import Foundation
import HTTPTesting
import Testing
import Xoseen

/// Suggestions, reply drafts and blind date over the real server.
@Suite(.serialized) struct AssistRoutesTests {
    @Test func startersComeFromWhatThePairSharesAndVaryAcrossPairs() async throws {
        try await ChatFixture.with { f in
            try await f.user("usr_a", "Ada")
            try await f.user("usr_b", "Bo")
            try await f.user("usr_c", "Cy")
            let ab = try f.json(try await f.server.client.get("/web/suggestions?viewerId=usr_a&candidateId=usr_b"))
            #expect(ab["ok"] as? Bool == true)
            let starters = ab["starters"] as? [String] ?? []
            #expect((3...5).contains(starters.count))
            #expect(starters.contains { $0.contains("hiking") || $0.contains("jazz") || $0.contains("cooking") }, "\(starters)")
            #expect(Set(starters).count == starters.count)
            let again = try f.json(try await f.server.client.get("/web/suggestions?viewerId=usr_a&candidateId=usr_b"))
            #expect(again["starters"] as? [String] == starters, "stable for a pair")
            let ac = try f.json(try await f.server.client.get("/web/suggestions?viewerId=usr_a&candidateId=usr_c"))
            #expect(ac["starters"] as? [String] != starters, "varied across pairs")
            for bad in [
                "/web/suggestions?viewerId=usr_a&candidateId=usr_zz", "/web/suggestions?viewerId=nobody&candidateId=usr_a",
            ] {
                #expect(try await f.server.client.get(bad).status == 404)
            }
            let missing = try await f.server.client.get("/web/suggestions?viewerId=usr_a")
            #expect(missing.status == 422 && missing.bodyString.contains("candidateId"))
        }
    }

    @Test func replyDraftsAnswerTheQuestionInTheLastMessage() async throws {
        try await ChatFixture.with { f in
            try await f.user("usr_a", "Ada")
            let asked = try f.json(
                try await f.post(
                    "/web/reply-suggest",
                    [
                        "user": "usr_a",
                        "history": [["from": "usr_a", "text": "hey!"], ["from": "usr_b", "text": "Where do you live?"]],
                    ]))
            let drafts = asked["suggestions"] as? [String] ?? []
            #expect(asked["ok"] as? Bool == true && drafts.count == 3)
            #expect(drafts.first?.contains("Williamsburg") == true, "answers where: \(drafts)")

            let plain = try f.json(
                try await f.post("/web/reply-suggest", ["user": "usr_a", "history": ["I went kayaking yesterday"]]))
            let keep = plain["suggestions"] as? [String] ?? []
            #expect(keep.count == 3 && keep.contains { $0.contains("?") }, "keeps the conversation going: \(keep)")

            let empty = try f.json(try await f.post("/web/reply-suggest", ["user": "usr_a", "history": []]))
            #expect((empty["suggestions"] as? [String])?.isEmpty == false)
            #expect(try await f.post("/web/reply-suggest", ["user": "nobody", "history": []]).status == 404)
            #expect(try await f.post("/web/reply-suggest", ["history": []]).status == 422)
            #expect(try await f.post("/web/reply-suggest", ["user": "usr_a", "history": [42]]).status == 422)
            let long = Array(repeating: "hi", count: 51)
            #expect(try await f.post("/web/reply-suggest", ["user": "usr_a", "history": long]).status == 422)
        }
    }

    @Test func blindDateHidesIdentityUntilBothReveal() async throws {
        try await ChatFixture.with { f in
            try await ChatAdmissionTests.seedPair(f.application)
            f.tokens = ["usr_a": f.application.signer.issue(for: "usr_a"), "usr_b": f.application.signer.issue(for: "usr_b")]
            try await f.application.database.write { try $0.executeScript("DELETE FROM decisions; DELETE FROM matches") }
            let next = try await f.post("/web/blind/next", ["viewerId": "usr_a"], as: "usr_a")
            #expect(next.status == 200, "\(next.bodyString)")
            let card = try f.json(next)
            #expect(card["available"] as? Bool == true)
            // The partner is named by an alias of this pairing, never by user id (docs/xoseen-privacy.md).
            let boAlias = try #require(card["candidateId"] as? String)
            #expect(boAlias != "usr_b" && boAlias.hasPrefix("bd_"))
            #expect(
                Set(card.keys).isSubset(of: [
                    "available", "candidateId", "cityArea", "ageDisplayed", "sharedInterests", "score", "room",
                ]))
            #expect(card["displayName"] == nil && card["photoUrl"] == nil)
            let room = try #require(card["room"] as? String)
            let listed = try f.json(try await f.post("/web/blind/pairings", ["viewerId": "usr_b"], as: "usr_b"))
            let adaAlias = try #require((listed["pairings"] as? [[String: Any]])?.first?["candidateId"] as? String)

            // The blind partner stays out of the named feed until the reveal.
            let feed =
                try f.json(try await f.post("/ml/rank", ["viewerId": "usr_a", "limit": 10]))["candidates"] as? [[String: Any]]
            #expect(feed?.contains { $0["candidateId"] as? String == "usr_b" } == false)

            // The pairing admits the two to the blind room, with names hidden.
            let (ada, _) = try await f.join(room: room, user: "usr_a")
            try await ada.send(text: #"{"text":"hello stranger"}"#)
            #expect(try await ChatFixture.frame(ada)["name"] as? String == "Blind date")

            let pending = try f.json(
                try await f.post("/web/blind/reveal", ["viewerId": "usr_a", "candidateId": boAlias], as: "usr_a"))
            #expect(pending["status"] as? String == "pending" && pending["revealed"] as? Bool == false)
            #expect(pending["displayName"] is NSNull)
            let again = try f.json(
                try await f.post("/web/blind/reveal", ["viewerId": "usr_a", "candidateId": boAlias], as: "usr_a"))
            #expect(again["status"] as? String == "pending", "one side twice is still pending")
            let revealed = try f.json(
                try await f.post("/web/blind/reveal", ["viewerId": "usr_b", "candidateId": adaAlias], as: "usr_b"))
            #expect(revealed["status"] as? String == "revealed" && revealed["displayName"] as? String == "Ada")
            let forA = try f.json(
                try await f.post("/web/blind/reveal", ["viewerId": "usr_a", "candidateId": boAlias], as: "usr_a"))
            #expect(forA["displayName"] as? String == "Bo")
            let events = try await f.application.database.read {
                try $0.scalar(Int.self, "SELECT COUNT(*) FROM user_events WHERE action = 'blind_reveal'")
            }
            #expect(events == 2, "a mutual reveal is one strong positive per direction, once")
            try await ada.send(text: #"{"text":"nice to meet you"}"#)
            #expect(try await ChatFixture.frame(ada)["name"] as? String == "Ada")

            // Nobody else left: the next blind date is unavailable.
            let none = try f.json(try await f.post("/web/blind/next", ["viewerId": "usr_a"], as: "usr_a"))
            #expect(none["available"] as? Bool == false)

            #expect(try await f.post("/web/blind/next", ["viewerId": "usr_a"], as: "usr_b").status == 401)
            #expect(try await f.post("/web/blind/next", ["viewerId": "nobody"]).status == 404)
            #expect(
                try await f.post("/web/blind/reveal", ["viewerId": "usr_a", "candidateId": "usr_zz"], as: "usr_a").status == 404)
            #expect(try await f.post("/web/blind/next", [:]).status == 422)
            try await ada.close()
        }
    }
}
