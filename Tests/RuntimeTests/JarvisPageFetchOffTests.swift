import Foundation
import HTTPTesting
import Testing

/// `JARVIS_PAGE_FETCH=0` turns page fetching off, not the server: the real executable keeps
/// serving (its page service is absent, and an absent service must not end the service group).
@Suite(.serialized) struct JarvisPageFetchOffTests {
    @Test func jarvisServesWithPageFetchingOff() async throws {
        let data = NSTemporaryDirectory() + "pages-off-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: data) }
        var process = Process()
        var answers = 0
        for _ in 0..<5 where answers == 0 {
            let port = ExecutableTests.freePort()
            process = Process()
            process.executableURL = ExecutableTests.binary("jarvis")
            process.arguments = ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--data-dir", data]
            var environment = ProcessInfo.processInfo.environment
            environment["JARVIS_PAGE_FETCH"] = "0"
            environment["JARVIS_DEFAULT_FEEDS"] = "0"
            process.environment = environment
            process.standardError = Pipe()
            try process.run()
            for _ in 0..<100 where process.isRunning && answers < 3 {
                if (try? await HTTPTestClient(port: port, timeout: .seconds(1)).get("/health"))?.status == 200 { answers += 1 }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        defer { if process.isRunning { process.terminate() } }
        #expect(answers == 3, "the server answered /health \(answers) times")
        #expect(process.isRunning)
    }
}
