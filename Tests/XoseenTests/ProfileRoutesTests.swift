import Foundation
import HTTPServer
import HTTPTesting
import Testing
import Xoseen
import XoseenAPI

/// Stage 2 through the real server: create is open, overwrite needs the user's own token,
/// validation names the field, require-auth mode needs verification.
@Suite struct ProfileRoutesTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/xoseen").path

    static func withXoseen(requireAuth: Bool = false, _ body: (XoseenApplication, LiveServer) async throws -> Void) async throws {
        let directory = NSTemporaryDirectory() + "xoseen-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let application = try await XoseenApplication(
            settings: .init(
                dataDirectory: directory, resourcesDirectory: resources,
                requireAuth: requireAuth))
        defer { application.database.closeSync() }
        try await withLiveServer(application.router(), hub: application.hub) { server in try await body(application, server) }
    }

    struct Answer: Decodable {
        let ok: Bool
        let viewerId: String
        let token: String
    }

    struct Envelope: Decodable {
        struct Body: Decodable {
            let code: String
            let message: String
            let field: String?
        }
        let error: Body
    }

    static var ada: [String: Any] {
        [
            "userId": "usr_ada", "displayName": "Ada", "ageDisplayed": 29, "trustScore": 82.0, "intent": "long_term",
            "interests": ["hiking", "jazz"], "cityArea": "Manhattan", "ageMin": 25, "ageMax": 45, "maxDistanceKm": 60.0,
            "gender": "woman", "seeking": ["man", "nonbinary"], "asexual": false, "asexualOnly": false,
        ]
    }

    static func body(_ fields: [String: Any], changing changes: [String: Any?] = [:]) -> [UInt8] {
        var fields = fields
        for (key, value) in changes { fields[key] = value }
        return Array(try! JSONSerialization.data(withJSONObject: fields))
    }

    func post(_ server: LiveServer, _ body: [UInt8], token: String? = nil) async throws -> RawHTTPResponse {
        try await server.client.post(
            "/web/profile", body: body, contentType: "application/json",
            headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [])
    }

    @Test func createIsOpenAndOverwriteNeedsTheUsersToken() async throws {
        try await Self.withXoseen { application, server in
            let created = try await post(server, Self.body(Self.ada))
            #expect(created.status == 200, "\(created.bodyString)")
            let answer = try JSONDecoder().decode(Answer.self, from: Data(created.body))
            #expect(answer.ok && answer.viewerId == "usr_ada")
            #expect(answer.token.hasPrefix("usr_ada."))
            let stored = try #require(try await application.profiles.profile("usr_ada"))
            #expect(stored.verifiedBadgeCandidate == false)
            #expect(stored.seeking == [.man, .nonbinary])

            let takeover = try await post(server, Self.body(Self.ada, changing: ["displayName": "Mallory"]))
            #expect(takeover.status == 401)
            #expect(try JSONDecoder().decode(Envelope.self, from: Data(takeover.body)).error.code == "auth_required")

            _ = try await post(server, Self.body(Self.ada, changing: ["userId": "usr_eve", "displayName": "Eve"]))
            let eveToken = application.signer.issue(for: "usr_eve")
            let wrongToken = try await post(server, Self.body(Self.ada, changing: ["displayName": "Mallory"]), token: eveToken)
            #expect(wrongToken.status == 401)
            #expect(try JSONDecoder().decode(Envelope.self, from: Data(wrongToken.body)).error.code == "invalid_token")
            let forged = try await post(
                server, Self.body(Self.ada, changing: ["displayName": "Mallory"]), token: "usr_ada.9999999999.AAAA")
            #expect(forged.status == 401)

            let edit = try await post(server, Self.body(Self.ada, changing: ["displayName": "Ada L."]), token: answer.token)
            #expect(edit.status == 200)
            #expect(try await application.profiles.profile("usr_ada")?.displayName == "Ada L.")
            #expect(try await application.profiles.profile("usr_ada")?.createdAt == stored.createdAt)
        }
    }

    @Test func aNULInAnyTextIs422AndNothingIsStored() async throws {
        try await Self.withXoseen { application, server in
            let body = Self.body(Self.ada, changing: ["displayName": "Ada\u{0}Lovelace"])
            #expect(String(decoding: body, as: UTF8.self).contains(#"\u0000"#))
            let response = try await post(server, body)
            #expect(response.status == 422, "\(response.bodyString)")
            #expect(try JSONDecoder().decode(Envelope.self, from: Data(response.body)).error.code == "invalid_request")
            #expect(try await application.profiles.profile("usr_ada") == nil)
        }
    }

    /// Changes as (key, JSON text of the new value; "null" removes it), and the field the error must name.
    @Test(arguments: [
        ([("intent", #""forever""#)], "intent"), ([("gender", #""robot""#)], "gender"),
        ([("seeking", #"["man","alien"]"#)], "seeking"), ([("seeking", "[]")], "seeking"),
        ([("ageDisplayed", "17")], "ageDisplayed"),
        ([("ageMin", "50"), ("ageMax", "30")], "ageMin"), ([("interests", #"["hiking","not-a-thing"]"#)], "interests"),
        ([("cityArea", #""Atlantis""#)], "cityArea"), ([("orientation", #""sideways""#), ("seeking", "null")], "orientation"),
        ([("userId", #""usr.dot""#)], "userId"), ([("displayName", #""""#)], "displayName"),
        ([("maxDistanceKm", "-4")], "maxDistanceKm"),
        ([("trustScore", "400")], "trustScore"), ([("ageDisplayed", #""29""#)], "ageDisplayed"),
    ])
    func invalidProfilesAre422NamingTheField(_ changes: [(String, String)], _ field: String) async throws {
        var fields = Self.ada
        for (key, json) in changes {
            if json == "null" {
                fields.removeValue(forKey: key)
            } else {
                let value: Any = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
                fields[key] = value
            }
        }
        let body = Self.body(fields)
        try await Self.withXoseen { application, server in
            let response = try await post(server, body)
            #expect(response.status == 422, "\(field): \(response.bodyString)")
            let envelope = try JSONDecoder().decode(Envelope.self, from: Data(response.body))
            #expect(envelope.error.code == "invalid_request")
            #expect(envelope.error.field == field)
            #expect(try await application.profiles.count() == 0)
        }
    }

    @Test func orientationDerivesSeekingAndNeitherMeansOpenToAll() async throws {
        try await Self.withXoseen { application, server in
            _ = try await post(
                server, Self.body(Self.ada, changing: ["userId": "usr_s", "seeking": nil, "orientation": "straight"]))
            #expect(try await application.profiles.profile("usr_s")?.seeking == [.man])
            var open = Self.ada
            open["seeking"] = nil
            open["userId"] = "usr_o"
            _ = try await post(server, Self.body(open))
            #expect(try await application.profiles.profile("usr_o")?.seeking == Gender.everyone)
        }
    }

    @Test func seedPopulationLoadsOnceAndAppearsInThePicker() async throws {
        try await Self.withXoseen { application, server in
            try await application.bootstrap(seedCount: 60)
            try await application.bootstrap(seedCount: 60)
            #expect(try await application.profiles.count() == 60)
            let viewers =
                try JSONSerialization.jsonObject(with: Data(try await server.client.get("/ml/viewers").body)) as? [String: Any]
            let list = viewers?["viewers"] as? [[String: Any]] ?? []
            #expect(list.count == 60)
            #expect(
                list.allSatisfy {
                    ($0["id"] as? String)?.hasPrefix("usr_") == true && $0["displayName"] != nil && $0["cityArea"] != nil
                })
            let decisions = try await application.database.read { try $0.scalar(Int.self, "SELECT COUNT(*) FROM decisions") }
            #expect((decisions ?? 0) > 0)
        }
    }

    @Test func requireAuthModeNeedsVerificationToCreate() async throws {
        try await Self.withXoseen(requireAuth: true) { _, server in
            let response = try await post(server, Self.body(Self.ada))
            #expect(response.status == 403)
            #expect(try JSONDecoder().decode(Envelope.self, from: Data(response.body)).error.code == "verification_required")
        }
    }

    @Test func optionsAndViewers() async throws {
        try await Self.withXoseen { _, server in
            let options = try await server.client.get("/web/options")
            #expect(options.status == 200)
            let object = try JSONSerialization.jsonObject(with: Data(options.body)) as? [String: Any]
            #expect((object?["intents"] as? [String])?.contains("long_term") == true)
            #expect((object?["genders"] as? [String])?.contains("nonbinary") == true)
            _ = try await post(server, Self.body(Self.ada))
            let viewers = try await server.client.get("/ml/viewers")
            #expect(viewers.bodyString.contains("\"id\":\"usr_ada\""))
            #expect(viewers.bodyString.contains("\"cityArea\":\"Manhattan\""))
            let health = try await server.client.get("/ml/health")
            #expect(health.bodyString.contains("\"servingRanker\":\"rule_based\""))
        }
    }
}

extension Profile {
    var verifiedBadgeCandidate: Bool { verified }
}
