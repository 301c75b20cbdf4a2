import Foundation
import HTTPTesting
import Testing

/// `JARVIS_PAGE_FETCH=0` turns page fetching off, not the server: the real executable keeps
/// serving (its page service is absent, and an absent service must not end the service group).
@Suite(.serialized) struct JarvisPageFetchOffTests {
    @Test func jarvisServesWithPageFetchingOff() async throws {
        let data = NSTemporaryDirectory() + "pages-off-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: data) }
        let server = try #require(
            try await ServedProcess.start(
                ExecutableTests.binary("jarvis"),
                arguments: { ["serve", "--host", "127.0.0.1", "--port", "\($0)", "--data-dir", data] },
                environment: ["JARVIS_PAGE_FETCH": "0", "JARVIS_DEFAULT_FEEDS": "0"]
            ) { port in (try? await HTTPTestClient(port: port, timeout: .seconds(1)).get("/health"))?.status == 200 })
        defer { server.terminate() }
        // Still serving a while later: an absent page service once ended the whole group.
        try await Task.sleep(for: .milliseconds(500))
        var answers = 0
        for _ in 0..<3 where server.process.isRunning {
            if (try? await HTTPTestClient(port: server.port, timeout: .seconds(5)).get("/health"))?.status == 200 { answers += 1 }
        }
        #expect(answers == 3, "the server answered /health \(answers) times")
        #expect(server.process.isRunning)
    }
}
