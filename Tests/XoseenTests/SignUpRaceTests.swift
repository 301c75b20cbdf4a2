import Foundation
import HTTPTesting
import Testing
import XoseenAPI

/// Sign-up decides "is this id free?" inside the write transaction (issue 13): many concurrent
/// creates of one new id over real sockets, without tokens, and exactly one of them wins.
@Suite struct SignUpRaceTests {
    @Test func concurrentCreatesOfOneIdHaveExactlyOneWinner() async throws {
        try await ProfileRoutesTests.withXoseen { application, server in
            for round in 0..<3 {
                let userId = "usr_race\(round)"
                var body = ProfileRoutesTests.ada
                body["userId"] = userId
                let bytes = Array(try JSONSerialization.data(withJSONObject: body))
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<16 {
                        group.addTask {
                            try await HTTPTestClient(port: server.port, timeout: .seconds(30))
                                .post("/web/profile", body: bytes, contentType: "application/json").status
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses.filter { $0 == 200 }.count == 1, "round \(round): \(statuses.sorted())")
                #expect(statuses.filter { $0 != 200 }.allSatisfy { $0 == 401 }, "\(statuses.sorted())")
                #expect(try await application.profiles.profile(userId) != nil)
            }
        }
    }
}
