import Foundation
import HTTPTesting
import Testing
import Xoseen
import XoseenAPI

/// Blind dates leak nothing that links the partner: aliases instead of ids (cards, reveal, room,
/// frames), both members out of every named feed until the mutual reveal, photos by key.
@Suite(.serialized) struct BlindAliasTests {
    static func threeUsers(_ f: PrivacyFixture) async throws {
        try await f.verifiedUser("usr_a", "Ada")
        try await f.verifiedUser("usr_b", "Bo", age: 33)
        try await f.verifiedUser("usr_c", "Cy", age: 35)
    }

    static func ids(_ feed: [[String: Any]]) -> Set<String> { Set(feed.compactMap { $0["candidateId"] as? String }) }

    @Test func aPairingShowsOnlyAliasesUntilBothReveal() async throws {
        try await PrivacyFixture.with(seedCount: 0) { f in
            try await Self.threeUsers(f)
            #expect(Self.ids(try await f.feed(of: "usr_c")).isSuperset(of: ["usr_a", "usr_b"]), "before: both are in Cy's feed")
            let card = try PrivacyFixture.json(
                try await f.post("/web/blind/next", ["viewerId": "usr_a"], token: f.token("usr_a")))
            #expect(card["available"] as? Bool == true)
            let alias = try #require(card["candidateId"] as? String)
            let room = try #require(card["room"] as? String)
            #expect(alias.hasPrefix("bd_") && !["usr_b", "usr_c"].contains(alias), "candidateId is an alias: \(alias)")
            #expect(room.hasPrefix("blind:") && !room.contains("usr_"), "the room names no user: \(room)")
            #expect(room.contains(alias))
            let partner = try #require(try await f.application.storedBlindPartner(of: "usr_a"))

            // The partner learns of the pairing under Ada's alias, the same room.
            let listed = try PrivacyFixture.json(
                try await f.post("/web/blind/pairings", ["viewerId": partner], token: f.token(partner)))
            let mine = try #require((listed["pairings"] as? [[String: Any]])?.first)
            let adaAlias = try #require(mine["candidateId"] as? String)
            #expect(adaAlias.hasPrefix("bd_") && adaAlias != alias && mine["room"] as? String == room)
            #expect(mine["displayName"] is NSNull && mine["userId"] is NSNull && mine["photoUrl"] is NSNull)

            // Neither member is in anyone's named feed while the pairing is unrevealed.
            let third = ["usr_a", "usr_b", "usr_c"].first { $0 != "usr_a" && $0 != partner }!
            #expect(Self.ids(try await f.feed(of: third)).isDisjoint(with: ["usr_a", partner]), "a third viewer sees neither")
            #expect(!Self.ids(try await f.feed(of: "usr_a")).contains(partner))

            // A real id names no pairing: guessing the partner confirms nothing.
            let guess = try await f.post(
                "/web/blind/reveal", ["viewerId": "usr_a", "candidateId": partner], token: f.token("usr_a"))
            #expect(guess.status == 404)

            // The room is joined by alias; the old real-id room admits nobody; frames carry aliases.
            var chat = ChatFixture(application: f.application, server: f.server)
            chat.tokens = ["usr_a": f.token("usr_a"), partner: f.token(partner)]
            try await chat.expectRefused(room: ChatFixture.room("blind", "usr_a", partner), user: "usr_a", code: "not_paired")
            try await chat.expectRefused(room: room, user: third, token: f.token(third), code: "not_paired")
            let (ada, _) = try await chat.join(room: room, user: "usr_a")
            let (them, _) = try await chat.join(room: room, user: partner)
            try await ada.send(text: #"{"text":"hello stranger"}"#)
            let frame = try await ChatFixture.frame(them)
            #expect(frame["from"] as? String == adaAlias && frame["name"] as? String == "Blind date", "\(frame)")
            #expect(frame["room"] as? String == room)

            let pending = try PrivacyFixture.json(
                try await f.post(
                    "/web/blind/reveal", ["viewerId": "usr_a", "candidateId": alias],
                    token: f.token("usr_a")))
            #expect(pending["status"] as? String == "pending" && pending["userId"] is NSNull)
            let revealed = try PrivacyFixture.json(
                try await f.post(
                    "/web/blind/reveal", ["viewerId": partner, "candidateId": adaAlias],
                    token: f.token(partner)))
            #expect(revealed["status"] as? String == "revealed" && revealed["userId"] as? String == "usr_a")
            #expect(revealed["displayName"] as? String == "Ada")
            let photo = try await f.get(try #require(revealed["photoUrl"] as? String))
            #expect(photo.status == 200 && photo.headers["Content-Type"] == "image/png")
            #expect(Self.ids(try await f.feed(of: third)).isSuperset(of: ["usr_a", partner]), "after the reveal both are back")
            try await ada.close()
            try await them.close()
        }
    }

    @Test func photosAreServedByKeyNotByUserId() async throws {
        try await PrivacyFixture.with { f in
            let viewer = try await f.viewerWithFeed()
            let card = try #require(try await f.feed(of: viewer, limit: 5).first)
            let id = try #require(card["candidateId"] as? String)
            let url = try #require(card["photoUrl"] as? String)
            #expect(url.hasPrefix("/app/photos/") && !url.contains(id), "\(url)")
            #expect(try await f.get(url).status == 200)
            #expect(try await f.get("/app/photos/\(id).png").status == 404, "a user id is not a photo key")
            let key = url.dropFirst("/app/photos/".count).dropLast(4)
            let forged = "/app/photos/" + key.dropLast() + (key.last == "A" ? "B" : "A") + ".png"
            #expect(try await f.get(forged).status == 404, "an altered key is refused: \(forged)")
        }
    }

    @Test func strictModeViewerPickerListsOnlyPersonas() async throws {
        try await PrivacyFixture.with(requireAuth: true) { f in
            try await f.verifiedUser("usr_real", "Real Person")
            let viewers = try PrivacyFixture.json(try await f.get("/ml/viewers"))["viewers"] as? [[String: Any]] ?? []
            #expect(viewers.count == 400)
            #expect(
                !viewers.contains { $0["id"] as? String == "usr_real" }, "onboarded users are not listed when auth is required")
        }
        try await PrivacyFixture.with { f in
            try await f.verifiedUser("usr_real", "Real Person")
            let viewers = try PrivacyFixture.json(try await f.get("/ml/viewers"))["viewers"] as? [[String: Any]] ?? []
            #expect(
                viewers.count == 401 && viewers.contains { $0["id"] as? String == "usr_real" }, "demo mode: the seed's picker")
        }
    }
}

extension XoseenApplication {
    /// The real id of `userId`'s (only) blind partner, read from the store (the API never says).
    func storedBlindPartner(of userId: String) async throws -> String? {
        try await database.read { connection in
            try connection.queryFirst("SELECT user_a, user_b FROM blind_pairings WHERE user_a = $1 OR user_b = $1", userId).map {
                let a = try $0.decode(String.self, "user_a")
                return a == userId ? try $0.decode(String.self, "user_b") : a
            }
        }
    }
}
