import Foundation
import HTTPTesting
import Synchronization
import Testing

/// `jarvis backup` under write load, then `jarvis restore`, through the real executable: every
/// feed the server acknowledged before the backup began is there after the restore.
@Suite(.serialized) struct BackupRestoreTests {
    static func run(_ arguments: [String]) throws -> (status: Int32, message: String) {
        let process = Process()
        process.executableURL = ExecutableTests.binary("jarvis")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    static func serve(data: String) async throws -> (Process, Int)? {
        let server = try await ServedProcess.start(
            ExecutableTests.binary("jarvis"),
            arguments: { ["serve", "--host", "127.0.0.1", "--port", "\($0)", "--data-dir", data] },
            environment: ["JARVIS_DEFAULT_FEEDS": "0", "JARVIS_MAX_FEEDS": "100000"]
        ) { port in (try? await HTTPTestClient(port: port, timeout: .seconds(1)).get("/livez"))?.status == 200 }
        return server.map { ($0.process, $0.port) }
    }

    static func stop(_ process: Process) async throws {
        kill(process.processIdentifier, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(30)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
    }

    @Test func backupUnderWriteLoadRestoresEveryAcknowledgedWrite() async throws {
        let directory = NSTemporaryDirectory() + "backup-\(UUID().uuidString)"
        let data = directory + "/data"
        let copy = directory + "/copy.sqlite"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (server, port) = try #require(try await Self.serve(data: data))
        defer { if server.isRunning { server.terminate() } }

        // Writers add feeds as fast as the server acknowledges them, before, during and after the backup.
        let acknowledged = Acknowledged()
        let stop = StopFlag()
        let writers = Task {
            await withTaskGroup(of: Void.self) { group in
                for writer in 0..<4 {
                    group.addTask {
                        var index = 0
                        while !stop.isSet {
                            index += 1
                            let body = ["url": "https://w\(writer)-\(index).example/rss", "name": "W\(writer) \(index)"]
                            guard let response = try? await HTTPTestClient(port: port).post("/feeds", json: body),
                                response.status == 201,
                                let id = (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["id"]
                                    as? String
                            else { continue }
                            let now = ContinuousClock.now
                            acknowledged.append(id, at: now)
                        }
                    }
                }
            }
        }
        while acknowledged.count < 50 { try await Task.sleep(for: .milliseconds(20)) }
        let backupStarted = ContinuousClock.now
        let backup = try Self.run(["backup", copy, "--data-dir", data])
        #expect(backup.status == 0, "\(backup.message)")
        try await Task.sleep(for: .milliseconds(300))
        stop.set()
        await writers.value
        let before = acknowledged.ids { $0 < backupStarted }
        let after = acknowledged.ids { $0 >= backupStarted }
        #expect(before.count >= 50)

        // Restore refuses while the server holds the data directory.
        let refused = try Self.run(["restore", copy, "--data-dir", data])
        #expect(refused.status == 1)
        #expect(refused.message.contains("stop it first"))

        try await Self.stop(server)
        let restored = try Self.run(["restore", copy, "--data-dir", data])
        #expect(restored.status == 0, "\(restored.message)")

        let (again, newPort) = try #require(try await Self.serve(data: data))
        defer { if again.isRunning { again.terminate() } }
        let list = try await HTTPTestClient(port: newPort).get("/feeds")
        let ids = Set(
            ((try JSONSerialization.jsonObject(with: Data(list.body)) as? [String: Any])?["data"] as? [[String: Any]] ?? [])
                .compactMap { $0["id"] as? String })
        #expect(Set(before).subtracting(ids).isEmpty, "acknowledged before the backup but missing after the restore")
        // Writes after the copy was taken are not in it (the restore really replaced the database).
        #expect(!after.isEmpty && !Set(after).isSubset(of: ids))
        try await Self.stop(again)
    }

    @Test func usageAndPostgresGuidance() throws {
        #expect(try Self.run(["backup"]).status == 64)
        let process = Process()
        process.executableURL = ExecutableTests.binary("jarvis")
        process.arguments = ["backup", "/tmp/x.dump"]
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = "postgres://user@db/jarvis"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("pg_dump"))
    }
}

/// Feeds the server acknowledged, with when (shared by the writer tasks).
final class Acknowledged: Sendable {
    private let entries = Mutex<[(id: String, at: ContinuousClock.Instant)]>([])
    func append(_ id: String, at instant: ContinuousClock.Instant) { entries.withLock { $0.append((id, instant)) } }
    var count: Int { entries.withLock { $0.count } }
    func ids(where matches: (ContinuousClock.Instant) -> Bool) -> [String] {
        entries.withLock { $0.filter { matches($0.at) }.map(\.id) }
    }
}

final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
}
