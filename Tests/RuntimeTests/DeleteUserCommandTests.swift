import Foundation
import HTTPTesting
import Testing

/// `xoseen delete-user` against a running server's data directory: the user is gone from the store,
/// their token is refused, and the running server forgets them (no longer offered in the viewer list).
@Suite(.serialized) struct DeleteUserCommandTests {
    @Test func deletesWhileTheServerRuns() async throws {
        let data = NSTemporaryDirectory() + "delete-user-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: data) }
        let served = try #require(
            try await ServedProcess.start(
                ExecutableTests.binary("xoseen"),
                arguments: { ["serve", "--host", "127.0.0.1", "--port", "\($0)", "--data-dir", data] },
                environment: ["XOSEEN_SEED_COUNT": "10"]
            ) { port in (try? await HTTPTestClient(port: port, timeout: .seconds(1)).get("/readyz"))?.status == 200 })
        let running = served.process
        let port = served.port
        defer { served.terminate() }
        let client = HTTPTestClient(port: port)
        let profile: [String: Any] = [
            "userId": "usr_cli", "displayName": "Cli", "ageDisplayed": 30, "intent": "long_term",
            "interests": ["jazz"], "cityArea": "Manhattan", "ageMin": 25, "ageMax": 40, "maxDistanceKm": 30.0,
            "gender": "woman", "seeking": ["man"],
        ]
        let created = try await client.post(
            "/web/profile", body: Array(try JSONSerialization.data(withJSONObject: profile)),
            contentType: "application/json")
        #expect(created.status == 200)
        let token = (try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any])?["token"] as? String ?? ""
        #expect(try await client.get("/ml/viewers").bodyString.contains("usr_cli"))

        let command = Process()
        command.executableURL = ExecutableTests.binary("xoseen")
        command.arguments = ["delete-user", "usr_cli", "--data-dir", data]
        let output = Pipe()
        command.standardOutput = output
        command.standardError = FileHandle.nullDevice
        try command.run()
        command.waitUntilExit()
        #expect(command.terminationStatus == 0)
        #expect(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("users=1"))

        #expect(!(try await client.get("/ml/viewers").bodyString.contains("usr_cli")))
        // The token is refused once the server re-reads token versions (every few seconds); until then
        // the user is simply unknown (404). Read-only calls: a profile write would sign the id up again.
        var status = 0
        for _ in 0..<100 {
            let rank = try await client.post(
                "/ml/rank", body: Array(#"{"viewerId":"usr_cli"}"#.utf8), contentType: "application/json",
                headers: [("Authorization", "Bearer \(token)")])
            status = rank.status
            #expect(status == 404 || status == 401)
            if status == 401 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(status == 401)
        let again = Process()
        again.executableURL = ExecutableTests.binary("xoseen")
        again.arguments = ["delete-user", "usr_cli", "--data-dir", data]
        again.standardOutput = FileHandle.nullDevice
        again.standardError = FileHandle.nullDevice
        try again.run()
        again.waitUntilExit()
        #expect(again.terminationStatus == 1)
    }
}
