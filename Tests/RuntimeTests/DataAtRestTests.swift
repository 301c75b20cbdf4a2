import Foundation
import HTTPTesting
import Testing

/// Data at rest is the server user's alone (issue 13, item 12): the real executables create their
/// data directory 0700 and their database files (with `-wal` and `-shm`) 0600, and tighten a
/// directory someone loosened.
@Suite(.serialized) struct DataAtRestTests {
    static func mode(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_mode & 0o777) : nil
    }

    /// Starts `product serve` on `data`, runs `body` against it, then stops it with SIGTERM.
    static func serving(_ product: String, data: String, _ body: (HTTPTestClient) async throws -> Void) async throws {
        let server = try #require(
            try await ServedProcess.start(
                ExecutableTests.binary(product),
                arguments: { ["serve", "--host", "127.0.0.1", "--port", "\($0)", "--data-dir", data] },
                environment: ["XOSEEN_SEED_COUNT": "0"]
            ) { port in (try? await HTTPTestClient(port: port, timeout: .seconds(1)).get("/health")) != nil },
            "\(product) did not start")
        defer { server.terminate() }
        try await body(HTTPTestClient(port: server.port, timeout: .seconds(5)))
        #expect(await server.stop(), "still running after SIGTERM")
    }

    @Test(arguments: [("xoseen", "xoseen.sqlite"), ("jarvis", "jarvis.sqlite")])
    func dataDirectoryAndDatabaseAreOwnerOnly(_ product: String, _ file: String) async throws {
        let parent = NSTemporaryDirectory() + "rest-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let data = parent + "/data"
        try await Self.serving(product, data: data) { client in
            if product == "xoseen" {
                // A write, so SQLite has its -wal and -shm beside the database.
                let body: [String: Any] = [
                    "userId": "usr_rest", "displayName": "Rest", "ageDisplayed": 30, "intent": "long_term",
                    "cityArea": "Manhattan", "gender": "man",
                ]
                let created = try await client.post(
                    "/web/profile", body: Array(try JSONSerialization.data(withJSONObject: body)),
                    contentType: "application/json")
                #expect(created.status == 200)
            }
            #expect(Self.mode(data) == 0o700)
            #expect(Self.mode(data + "/" + file) == 0o600)
            for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: data + "/" + file + suffix) {
                #expect(Self.mode(data + "/" + file + suffix) == 0o600, "\(file)\(suffix)")
            }
        }
        // A directory loosened while the server was down is tightened at the next start.
        chmod(data, 0o755)
        chmod(data + "/" + file, 0o644)
        try await Self.serving(product, data: data) { _ in
            #expect(Self.mode(data) == 0o700)
            #expect(Self.mode(data + "/" + file) == 0o600)
        }
    }
}
