import Foundation
import HTTPTesting
import Testing
import Xoseen

/// The whole product in one walk, on the seed population: profile → feed → like both ways →
/// matched → chat → a scam message stopped → suggestions → blind date → mutual reveal.
@Suite(.serialized) struct ProductLoopTests {
    @Test func theFullLoop() async throws {
        try await CoreLoopTests.withSeeded { application, server in
            var f = ChatFixture(application: application, server: server)
            let created = try f.json(try await f.post("/web/profile", CoreLoopTests.ada))
            f.tokens["usr_ada"] = try #require(created["token"] as? String)

            let feed =
                try f.json(try await f.post("/ml/rank", ["viewerId": "usr_ada", "limit": 5]))["candidates"] as? [[String: Any]]
            let partner = try #require(feed?.first?["candidateId"] as? String)
            let liked = try f.json(
                try await f.post(
                    "/ml/feedback", ["viewerId": "usr_ada", "candidateId": partner, "action": "like"],
                    as: "usr_ada"))
            #expect(liked["matched"] as? Bool == false)
            let back = try f.json(
                try await f.post("/ml/feedback", ["viewerId": partner, "candidateId": "usr_ada", "action": "like"]))
            #expect(back["matched"] as? Bool == true)

            let room = ChatFixture.room("match", "usr_ada", partner)
            let (ada, _) = try await f.join(room: room, user: "usr_ada")
            let (them, _) = try await f.join(room: room, user: partner, token: "")
            try await ada.send(text: #"{"text":"Hi! Loved your profile"}"#)
            #expect(try await ChatFixture.frame(them)["text"] as? String == "Hi! Loved your profile")
            _ = try await ChatFixture.frame(ada)
            try await them.send(text: #"{"text":"send me $200 in bitcoin and I'll double it"}"#)
            #expect(try await ChatFixture.frame(them)["type"] as? String == "blocked")
            try await them.send(text: #"{"text":"So what do you do for fun?"}"#)
            #expect(try await ChatFixture.frame(ada)["text"] as? String == "So what do you do for fun?", "the scam never arrived")

            let starters = try f.json(try await server.client.get("/web/suggestions?viewerId=usr_ada&candidateId=\(partner)"))
            #expect((starters["starters"] as? [String])?.isEmpty == false)
            let replies = try f.json(
                try await f.post(
                    "/web/reply-suggest",
                    [
                        "user": "usr_ada", "history": [["from": partner, "text": "So what do you do for fun?"]],
                    ]))
            #expect((replies["suggestions"] as? [String])?.count == 3)

            let blind = try f.json(try await f.post("/web/blind/next", ["viewerId": "usr_ada"], as: "usr_ada"))
            #expect(blind["available"] as? Bool == true && blind["displayName"] == nil)
            let stranger = try #require(blind["candidateId"] as? String)
            #expect(stranger != partner)
            let pending = try f.json(
                try await f.post("/web/blind/reveal", ["viewerId": "usr_ada", "candidateId": stranger], as: "usr_ada"))
            #expect(pending["revealed"] as? Bool == false)
            // The stranger learns of the pairing (and Ada's alias in it) from their own list.
            let strangerId = try #require(try await application.storedBlindPartner(of: "usr_ada"))
            let theirs = try f.json(try await f.post("/web/blind/pairings", ["viewerId": strangerId]))
            let adaAlias = try #require((theirs["pairings"] as? [[String: Any]])?.first?["candidateId"] as? String)
            let revealed = try f.json(try await f.post("/web/blind/reveal", ["viewerId": strangerId, "candidateId": adaAlias]))
            #expect(revealed["displayName"] as? String == "Ada")
            try await ada.close()
            try await them.close()
        }
    }
}
