import Foundation
import HTTPTesting
import Testing

/// The real executables: `serve` answers its health route and SIGTERM stops it cleanly.
@Suite(.serialized) struct ExecutableTests {
    static func binary(_ name: String) -> URL {
        // Tests run from the build directory's test bundle; the executables sit beside it.
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }

    /// A port below Linux's ephemeral range (32768–60999), where other tests' client sockets live.
    static func freePort() -> Int { Int.random(in: 20_000..<32_000) }

    @Test(arguments: [("jarvis", "/health"), ("xoseen", "/health")])
    func serveAnswersAndStopsOnSIGTERM(_ product: String, _ path: String) async throws {
        let data = NSTemporaryDirectory() + "exe-\(UUID().uuidString)"
        var process = Process()
        var errors = Pipe()
        var response: RawHTTPResponse?
        // The port is chosen before the server binds it; if something took it meanwhile, the server
        // exits at once ("Address already in use") and the test starts it again on another port.
        for _ in 0..<5 where response == nil {
            let port = Self.freePort()
            process = Process()
            process.executableURL = Self.binary(product)
            process.arguments = ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--data-dir", data]
            errors = Pipe()
            process.standardError = errors
            try process.run()
            for _ in 0..<100 where process.isRunning {
                response = try? await HTTPTestClient(port: port, timeout: .seconds(1)).get(path)
                if response != nil { break }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        defer { if process.isRunning { process.terminate() } }
        #expect(response?.status == 200)
        #expect(response?.bodyString.contains("\"status\":\"ok\"") == true)

        kill(process.processIdentifier, SIGTERM)
        for _ in 0..<100 where process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 0)
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("stopped"))
    }

    @Test func usageErrorsExitWith64() throws {
        let process = Process()
        process.executableURL = Self.binary("jarvis")
        process.arguments = ["serve", "--port", "not-a-port"]
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
    }
}
