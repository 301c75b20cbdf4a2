import Foundation
import HTTPTesting
import Testing

/// The real executables: `serve` answers its health route and SIGTERM stops it cleanly.
@Suite(.serialized) struct ExecutableTests {
    static func binary(_ name: String) -> URL {
        // Tests run from the build directory's test bundle; the executables sit beside it.
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path),
              directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }

    static func freePort() -> Int { Int.random(in: 20_000..<40_000) }

    @Test(arguments: [("jarvis", "/health"), ("xoseen", "/health")])
    func serveAnswersAndStopsOnSIGTERM(_ product: String, _ path: String) async throws {
        let port = Self.freePort()
        let data = NSTemporaryDirectory() + "exe-\(UUID().uuidString)"
        let process = Process()
        process.executableURL = Self.binary(product)
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--data-dir", data]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        var response: RawHTTPResponse?
        for _ in 0..<100 {
            response = try? await HTTPTestClient(port: port, timeout: .seconds(1)).get(path)
            if response != nil { break }
            try await Task.sleep(for: .milliseconds(50))
        }
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
