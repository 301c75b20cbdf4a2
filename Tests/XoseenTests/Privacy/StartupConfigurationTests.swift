import ClusterTesting
import Foundation
import HTTPTesting
import Testing
import XoseenAPI

/// A token lifetime the signer cannot represent is refused at start-up with a message, by the
/// real executable — never accepted and then trapped on at the first sign-up.
@Suite(.serialized) struct StartupConfigurationTests {
    static func binary(_ name: String) -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path), directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }

    @Test(arguments: ["1e300", "inf", "nan", "-5", "0", "9223372036854775807", "soon"])
    func anUnusableTokenLifetimeStopsTheServerAtStart(_ ttl: String) async throws {
        let data = NSTemporaryDirectory() + "xoseen-ttl-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: data) }
        let port = try FreePort.pick()
        let process = Process()
        process.executableURL = Self.binary("xoseen")
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--data-dir", data]
        var environment = ProcessInfo.processInfo.environment
        environment["XOSEEN_TOKEN_TTL_SEC"] = ttl
        environment["XOSEEN_SEED_COUNT"] = "0"
        environment["XOSEEN_RESOURCES"] = ProfileRoutesTests.resources
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Had it started, a sign-up would be its first token: that is where it used to trap.
        for _ in 0..<200 where process.isRunning {
            if let response = try? await HTTPTestClient(port: port, timeout: .seconds(2)).post(
                "/web/profile",
                body: Array(
                    #"{"userId":"usr_t","displayName":"T","ageDisplayed":30,"intent":"long_term","interests":["jazz"],"cityArea":"Williamsburg","ageMin":21,"ageMax":50,"maxDistanceKm":50,"gender":"woman"}"#
                        .utf8),
                contentType: "application/json")
            {
                Issue.record("the server started with XOSEEN_TOKEN_TTL_SEC=\(ttl) and answered \(response.status)")
                break
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        let exitDeadline = ContinuousClock.now + .seconds(30)
        while process.isRunning, ContinuousClock.now < exitDeadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!process.isRunning)
        #expect(process.terminationReason == .exit, "an exit with a message, not a trap")
        #expect(process.terminationStatus == 64, "a usage error, as the environment gate's")
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("XOSEEN_TOKEN_TTL_SEC"), "\(log)")
    }

    @Test func theApplicationRefusesTheSameSettings() async throws {
        let directory = NSTemporaryDirectory() + "xoseen-ttl-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let settings = XoseenApplication.Settings.fromEnvironment(
            dataDirectory: directory,
            environment: ["XOSEEN_TOKEN_TTL_SEC": "1e300", "XOSEEN_RESOURCES": ProfileRoutesTests.resources])
        await #expect(throws: XoseenApplication.ConfigurationError.self) { _ = try await XoseenApplication(settings: settings) }
        let fine = XoseenApplication.Settings.fromEnvironment(
            dataDirectory: directory,
            environment: ["XOSEEN_TOKEN_TTL_SEC": "3600", "XOSEEN_RESOURCES": ProfileRoutesTests.resources])
        let application = try await XoseenApplication(settings: fine)
        application.database.closeSync()
    }

    @Test func theOperatorCommandRevokesAUsersTokens() async throws {
        let directory = NSTemporaryDirectory() + "xoseen-revoke-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let settings = XoseenApplication.Settings(dataDirectory: directory, resourcesDirectory: ProfileRoutesTests.resources)
        let before = try await XoseenApplication(settings: settings)
        let old = before.signer.issue(for: "usr_a")
        before.database.closeSync()

        let process = Process()
        process.executableURL = Self.binary("xoseen")
        process.arguments = ["revoke-tokens", "usr_a", "--data-dir", directory]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("token version 1"))

        let application = try await XoseenApplication(settings: settings)
        defer { application.database.closeSync() }
        try await withLiveServer(application.router(), hub: application.hub) { server in
            let answer = try await server.client.post(
                "/web/blind/next", body: Array(#"{"viewerId":"usr_a"}"#.utf8),
                contentType: "application/json", headers: [("Authorization", "Bearer \(old)")])
            #expect(answer.status == 401 && PrivacyFixture.code(answer) == "invalid_token", "\(answer.bodyString)")
        }
    }
}
