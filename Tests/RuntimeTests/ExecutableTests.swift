import Foundation
import HTTPTesting
import Testing

/// The real executables: `serve` answers its health route, ignores SIGPIPE, and SIGTERM stops it cleanly.
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

    @Test(arguments: [("jarvis", "/health"), ("xoseen", "/health")])
    func serveAnswersAndStopsOnSIGTERM(_ product: String, _ path: String) async throws {
        let data = NSTemporaryDirectory() + "exe-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: data) }
        let server = try #require(
            try await ServedProcess.start(
                Self.binary(product), arguments: { ["serve", "--host", "127.0.0.1", "--port", "\($0)", "--data-dir", data] },
                captureErrors: true
            ) { port in (try? await HTTPTestClient(port: port, timeout: .seconds(1)).get(path)) != nil })
        defer { server.terminate() }
        let response = try await HTTPTestClient(port: server.port, timeout: .seconds(5)).get(path)
        #expect(response.status == 200)
        #expect(response.bodyString.contains("\"status\":\"ok\""))
        // A peer that went away must fail a write, not end the process (SIGPIPE's default action).
        let status = try String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)
        let ignored = status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }.flatMap {
            UInt64($0.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        }
        #expect(ignored.map { $0 & (1 << (UInt64(SIGPIPE) - 1)) != 0 } == true, "SIGPIPE is not ignored")

        #expect(await server.stop(), "still running after SIGTERM")
        #expect(server.process.terminationStatus == 0)
        #expect(server.errorOutput().contains("stopped"))
    }

    /// Info lines are written in batches: every request answered before SIGTERM is still in the log, before
    /// the `stopped` line, and the last line logged before the process exits is there too.
    @Test func everyAccessLineReachesTheLogBeforeStopped() async throws {
        let data = NSTemporaryDirectory() + "exe-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: data) }
        let server = try #require(
            try await ServedProcess.start(
                Self.binary("jarvis"),
                arguments: { ["serve", "--host", "127.0.0.1", "--port", "\($0)", "--data-dir", data] },
                captureErrors: true
            ) { port in (try? await HTTPTestClient(port: port, timeout: .seconds(1)).get("/health")) != nil })
        defer { server.terminate() }
        let client = HTTPTestClient(port: server.port, timeout: .seconds(5))
        for n in 0..<20 { _ = try await client.get("/no-such-route-\(n)") }
        #expect(await server.stop(), "still running after SIGTERM")

        let lines = server.errorOutput().split(separator: "\n").map(String.init)
        let stopped = try #require(lines.lastIndex { $0.contains(" [http] stopped") }, "no stopped line")
        for n in 0..<20 {
            let line = lines.firstIndex { $0.contains(" info [http] request ") && $0.contains(" path=/no-such-route-\(n) ") }
            #expect(line.map { $0 < stopped } == true, "request \(n) missing or after stopped")
        }
        // The store closes at info just before the process exits, too soon for the 100 ms timer: the exit flush writes it.
        #expect(lines.last?.contains(" info [sqlstore] database closed ") == true, "\(lines.suffix(3))")
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
