import Foundation
import HTTPServer
import HTTPTesting
import Testing

/// Static files: content types, validators, 304, and every escape attempt refused.
@Suite struct StaticFilesLiveTests {
    /// root/ holds photo.jpg, notes.txt, sub/deep.json, .secret, symlinks to outside and to
    /// inside (absolute and relative); `outside.txt` sits next to root.
    static func makeTree() throws -> (root: String, base: String) {
        let base = NSTemporaryDirectory() + "static-\(UUID().uuidString)"
        let root = base + "/root"
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: URL(fileURLWithPath: root + "/photo.jpg"))
        try Data("hello notes".utf8).write(to: URL(fileURLWithPath: root + "/notes.txt"))
        try Data("{\"a\":1}".utf8).write(to: URL(fileURLWithPath: root + "/sub/deep.json"))
        try Data("hidden".utf8).write(to: URL(fileURLWithPath: root + "/.secret"))
        try Data("TOP SECRET".utf8).write(to: URL(fileURLWithPath: base + "/outside.txt"))
        try fm.createSymbolicLink(atPath: root + "/escape.txt", withDestinationPath: base + "/outside.txt")
        try fm.createSymbolicLink(atPath: root + "/alias.txt", withDestinationPath: root + "/notes.txt")
        try fm.createSymbolicLink(atPath: root + "/sub/relative.txt", withDestinationPath: "../notes.txt")
        try fm.createSymbolicLink(atPath: root + "/sub/relative-escape.txt", withDestinationPath: "../../outside.txt")
        return (root, base)
    }

    static func router(root: String) -> Router {
        var router = Router()
        router.files("/app/photos", from: StaticFiles(root: root))
        return router
    }

    @Test func servesFilesWithTypesAndValidators() async throws {
        let tree = try Self.makeTree()
        defer { try? FileManager.default.removeItem(atPath: tree.base) }
        try await withLiveServer(Self.router(root: tree.root)) { server in
            let photo = try await server.client.get("/app/photos/photo.jpg")
            #expect(photo.status == 200)
            #expect(photo.headers["Content-Type"] == "image/jpeg")
            #expect(photo.body == [0xFF, 0xD8, 0xFF, 0xE0])
            let etag = try #require(photo.headers["ETag"])
            let lastModified = try #require(photo.headers["Last-Modified"])

            let deep = try await server.client.get("/app/photos/sub/deep.json")
            #expect(deep.headers["Content-Type"] == "application/json; charset=utf-8")
            #expect(deep.bodyString == "{\"a\":1}")

            let byTag = try await server.client.get("/app/photos/photo.jpg", headers: [("If-None-Match", etag)])
            #expect(byTag.status == 304)
            #expect(byTag.body.isEmpty)
            let byDate = try await server.client.get("/app/photos/photo.jpg", headers: [("If-Modified-Since", lastModified)])
            #expect(byDate.status == 304)
            let stale = try await server.client.get("/app/photos/photo.jpg", headers: [("If-None-Match", "\"other\"")])
            #expect(stale.status == 200)
            let old = try await server.client.get(
                "/app/photos/photo.jpg",
                headers: [("If-Modified-Since", "Sun, 06 Nov 1994 08:49:37 GMT")])
            #expect(old.status == 200)

            #expect(try await server.client.get("/app/photos/alias.txt").bodyString == "hello notes")
            #expect(try await server.client.get("/app/photos/sub/relative.txt").bodyString == "hello notes")
            let head = try await server.client.head("/app/photos/notes.txt")
            #expect(head.status == 200)
            #expect(head.headers["Content-Length"] == "11")
        }
    }

    @Test(arguments: [
        "/app/photos/../outside.txt", "/app/photos/%2e%2e/outside.txt", "/app/photos/%2E%2E%2Foutside.txt",
        "/app/photos/sub/../../outside.txt", "/app/photos/escape.txt", "/app/photos/sub/relative-escape.txt",
        "/app/photos/.secret", "/app/photos/sub",
        "/app/photos/", "/app/photos/nope.jpg", "/app/photos/..%5Coutside.txt", "/app/photos/notes.txt%00.jpg",
        "/app/photos//etc/passwd", "/app/photos/%2Fetc%2Fpasswd",
    ])
    func escapesAndMissingFilesAre404(_ path: String) async throws {
        let tree = try Self.makeTree()
        defer { try? FileManager.default.removeItem(atPath: tree.base) }
        try await withLiveServer(Self.router(root: tree.root)) { server in
            let response = try await server.client.get(path)
            #expect([400, 404].contains(response.status), "\(path) -> \(response.status)")
            #expect(!response.bodyString.contains("TOP SECRET"))
            #expect(!response.bodyString.contains("root:"))
        }
    }
}
