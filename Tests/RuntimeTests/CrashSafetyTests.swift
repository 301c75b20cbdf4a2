import Foundation
import HTTPTesting
import SQLStore
import Testing

/// `kill -9` during ingestion: after a restart the store is intact, every article has its
/// story, and nothing acknowledged is lost.
@Suite(.serialized) struct CrashSafetyTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/jarvis").path

    func start(data: String, port: Int) throws -> Process {
        let process = Process()
        process.executableURL = ExecutableTests.binary("jarvis")
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--data-dir", data, "--log-level", "error"]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["JARVIS_SAMPLE_FEEDS": "1", "JARVIS_DEFAULT_FEEDS": "0", "JARVIS_RESOURCES": Self.resources]) { $1 }
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test func killDashNineDuringIngestionLeavesAConsistentStore() async throws {
        let data = NSTemporaryDirectory() + "crash-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: data) }
        var counts: [Int] = []
        for round in 0..<4 {
            let port = ServedProcess.freePort()
            let process = try start(data: data, port: port)
            if round < 3 {
                // Kill at a different moment each round: before, during and after the first poll.
                try await Task.sleep(for: .milliseconds(150 + round * 120))
            } else {
                // The last round kills only once the server has acknowledged stored stories, so the
                // test cannot pass on a store that never ingested anything.
                var stories = 0
                let deadline = ContinuousClock.now + .seconds(120)
                while stories == 0, process.isRunning, ContinuousClock.now < deadline {
                    if let health = try? await HTTPTestClient(port: port, timeout: .seconds(1)).get("/health"),
                        let object = try? JSONSerialization.jsonObject(with: Data(health.body)) as? [String: Any]
                    {
                        stories = object["storiesCount"] as? Int ?? 0
                    }
                    if stories == 0 { try await Task.sleep(for: .milliseconds(50)) }
                }
                #expect(stories > 0, "the samples were ingested before the last kill")
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            guard FileManager.default.fileExists(atPath: data + "/jarvis.sqlite") else {
                counts.append(0)
                continue
            }
            let database = try SQLiteDatabase(path: data + "/jarvis.sqlite")
            let (integrity, orphans, articles) = try database.readSync { connection -> (String?, Int?, Int?) in
                // Killed before the first migration committed: nothing was stored, nothing to check.
                let tables = try connection.scalar(Int.self, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'articles'") ?? 0
                guard tables == 1 else { return (try connection.scalar(String.self, "PRAGMA integrity_check"), 0, 0) }
                return (
                    try connection.scalar(String.self, "PRAGMA integrity_check"),
                    try connection.scalar(
                        Int.self,
                        "SELECT COUNT(*) FROM articles a WHERE NOT EXISTS (SELECT 1 FROM stories s WHERE s.id = a.story_id)"),
                    try connection.scalar(Int.self, "SELECT COUNT(*) FROM articles")
                )
            }
            database.closeSync()
            #expect(integrity == "ok")
            #expect(orphans == 0)
            counts.append(articles ?? 0)
        }
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 }, "acknowledged articles are never lost: \(counts)")
        #expect((counts.last ?? 0) > 0, "articles acknowledged before the last kill are in the store: \(counts)")

        // And it starts cleanly afterwards and serves what was stored.
        let restarted = try await ServedProcess.start(
            ExecutableTests.binary("jarvis"),
            arguments: { ["serve", "--host", "127.0.0.1", "--port", "\($0)", "--data-dir", data, "--log-level", "error"] },
            environment: ["JARVIS_SAMPLE_FEEDS": "1", "JARVIS_DEFAULT_FEEDS": "0", "JARVIS_RESOURCES": Self.resources]
        ) { port in (try? await HTTPTestClient(port: port, timeout: .seconds(1)).get("/health"))?.status == 200 }
        #expect(restarted != nil, "the server starts on the store the kills left")
        if let restarted { #expect(await restarted.stop()) }
    }
}
