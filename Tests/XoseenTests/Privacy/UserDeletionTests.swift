import Foundation
import HTTPServer
import HTTPTesting
import SQLStore
import Testing
import Xoseen
import XoseenAPI

/// `DELETE /web/me` through the real server: only the user's own token deletes, and afterwards no
/// table holds the user's id anywhere (every text column of every table is searched, so a table
/// added later without a line in `UserErasure` fails here), their tokens are dead, their chat socket
/// is closed and they are gone from the live feed index. Also the retention purge.
@Suite struct UserDeletionTests {
    /// Rows of any table with `needle` in any text column (token_versions excepted: it keeps the bumped counter).
    static func mentions(of needle: String, in database: any Database) throws -> [String] {
        try database.readSync { c in
            var found: [String] = []
            let tables = try c.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                .map { try $0.decode(String.self, "name") }
            for table in tables where table != "token_versions" {
                let columns = try c.query("SELECT name, type FROM pragma_table_info('\(table)')")
                    .filter { (try $0.decode(String.self, "type")).uppercased().contains("TEXT") }
                    .map { try $0.decode(String.self, "name") }
                for column in columns {
                    let count =
                        try c.scalar(Int.self, "SELECT COUNT(*) FROM \(table) WHERE instr(\(column), $1) > 0", needle) ?? 0
                    if count > 0 { found.append("\(table).\(column): \(count)") }
                }
            }
            return found
        }
    }

    @Test func deletionIsCompleteAndOnlyByTheUser() async throws {
        try await ChatFixture.with { fixture in
            try await fixture.user("usr_delada", "Ada")
            try await fixture.user("usr_delbob", "Bob", gender: "man")
            try await fixture.match("usr_delada", "usr_delbob")
            _ = try await fixture.post(
                "/web/report", ["viewerId": "usr_delada", "candidateId": "usr_delbob", "reason": "spam"], as: "usr_delada")
            _ = try await fixture.post("/ml/rank", ["viewerId": "usr_delada", "limit": 5], as: "usr_delada")
            let room = ChatFixture.room("match", "usr_delada", "usr_delbob")
            let (ada, _) = try await fixture.join(room: room, user: "usr_delada")
            try await ada.send(text: #"{"text":"hello bob"}"#)
            #expect(try await ChatFixture.frame(ada)["type"] as? String == "message")
            // A verification on file (secrets included), as the verifier would have stored it.
            try await fixture.application.database.write { c in
                try c.execute(
                    """
                    INSERT INTO verifications (user_id, decision, trust_score, reasons, evidence, reverify_by, decided_at, updated_at)
                    VALUES ('usr_delada', 'verified', 80, '[]', '{}', '2030-01-01', 0, 0)
                    """)
                try c.execute(
                    """
                    INSERT INTO verification_secrets (user_id, date_of_birth, selfie_descriptor, selfie_sha256, expires_at)
                    VALUES ('usr_delada', '1990-01-01', '[0.1]', 'ab', 4102444800000)
                    """)
                try c.execute("UPDATE users SET verified = 1 WHERE id = 'usr_delada'")
            }
            let application = fixture.application
            try await application.candidateIndex.load(profiles: application.profiles, matching: application.matching)
            #expect(try !Self.mentions(of: "usr_delada", in: fixture.application.database).isEmpty)
            #expect(fixture.application.candidateIndex.partition(of: "usr_delada") != nil)

            let client = fixture.server.client
            let path = "/web/me?userId=usr_delada"
            #expect(try await client.delete(path).status == 401)
            let wrong = try await client.delete(path, headers: [("Authorization", "Bearer \(fixture.tokens["usr_delbob"]!)")])
            #expect(wrong.status == 401)
            #expect(wrong.bodyString.contains("invalid_token"))
            let token = fixture.tokens["usr_delada"]!
            let deleted = try await client.delete(path, headers: [("Authorization", "Bearer \(token)")])
            #expect(deleted.status == 200, "\(deleted.bodyString)")
            let counts = try fixture.json(deleted)["deleted"] as? [String: Int] ?? [:]
            #expect(
                counts["users"] == 1 && counts["matches"] == 1 && counts["chat_messages"] == 1
                    && counts["verification_secrets"] == 1)

            #expect(try Self.mentions(of: "usr_delada", in: fixture.application.database) == [])
            #expect(fixture.application.candidateIndex.partition(of: "usr_delada") == nil)
            // The open chat socket is closed; the old token is refused everywhere.
            if case .close(let code, _) = try await ada.receive() {
                #expect(code == 4401)
            } else {
                Issue.record("socket not closed")
            }
            let again = try await client.delete(path, headers: [("Authorization", "Bearer \(token)")])
            #expect(again.status == 401)
            let reuse = try await fixture.post(
                "/web/profile", ChatFixture.profile("usr_delada", "Ada", gender: "woman", seeking: ["man"]),
                as: "usr_delada")
            #expect(reuse.status == 401)
            // Bob is untouched.
            #expect(try await fixture.application.profiles.profile("usr_delbob") != nil)
        }
    }

    /// `xoseen delete-user` runs in another process: the server finds the erased user (token version
    /// moved, no profile) and drops them from its index and from the feed's cached exclusions.
    @Test func aServerForgetsUsersErasedByAnotherProcess() async throws {
        try await ChatFixture.with { fixture in
            try await fixture.user("usr_gone", "Gone")
            try await fixture.user("usr_stay", "Stay")
            let application = fixture.application
            _ = try await application.matching.decide(
                viewer: "usr_stay", candidate: "usr_gone", action: .pass, at: Date(), scores: "{}", ranker: "rule_based",
                isTest: false)
            #expect(try await application.matching.excluded(for: "usr_stay") == ["usr_gone"])
            #expect(application.candidateIndex.exclusions.lookup("usr_stay") == ["usr_gone"])
            try await application.database.write { c in try c.execute("UPDATE users SET verified = 1 WHERE id = 'usr_gone'") }
            try await application.candidateIndex.load(profiles: application.profiles, matching: application.matching)
            #expect(application.candidateIndex.partition(of: "usr_gone") != nil)
            let before = Date().addingTimeInterval(-1)
            #expect(try await application.forgetErasedUsers(since: before) == 0)
            // What the CLI does, on its own connection to the same store.
            _ = try await UserErasure.erase("usr_gone", in: application.database)
            _ = try await TokenVersions(database: application.database).bump("usr_gone", at: Date())
            #expect(try await application.forgetErasedUsers(since: before) == 1)
            #expect(application.candidateIndex.partition(of: "usr_gone") == nil)
            #expect(application.candidateIndex.exclusions.lookup("usr_stay") == nil)
            #expect(try await application.matching.excluded(for: "usr_stay").isEmpty)
            #expect(try await application.forgetErasedUsers(since: before) == 0)
        }
    }

    @Test func expiredVerificationSecretsArePurged() async throws {
        try await ChatFixture.with { fixture in
            try await fixture.application.database.write { c in
                for (user, expires) in [("usr_old", 1_000), ("usr_new", 4_102_444_800_000)] {
                    try c.execute(
                        """
                        INSERT INTO verification_secrets (user_id, date_of_birth, selfie_descriptor, selfie_sha256, expires_at)
                        VALUES ($1, '1990-01-01', '[0.1]', 'ab', $2)
                        """, user, expires)
                }
            }
            #expect(try await fixture.application.enforceRetention() == 1)
            let left = try fixture.application.database.readSync { c in
                try c.query("SELECT user_id FROM verification_secrets").map { try $0.decode(String.self, "user_id") }
            }
            #expect(left == ["usr_new"])
        }
    }
}
