import Foundation
import HTTPServer
import HTTPTesting
import Testing

/// The multipart spool is private to the process (issue 13, item 12): by default a `mkdtemp`
/// directory of its own (0700, unpredictable name), never a fixed shared `$TMPDIR/http-uploads`;
/// a configured spool that already exists is made 0700 when the server starts.
@Suite struct UploadSpoolTests {
    static func mode(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_mode & 0o777) : nil
    }

    @Test func theDefaultSpoolIsAPrivateDirectoryOfThisProcess() {
        let spool = ServerConfiguration().uploadDirectory
        #expect(spool != (NSTemporaryDirectory() as NSString).appendingPathComponent("http-uploads"))
        #expect((spool as NSString).lastPathComponent.hasPrefix("http-uploads-"))
        #expect(Self.mode(spool) == 0o700)
        var info = stat()
        #expect(stat(spool, &info) == 0 && info.st_uid == geteuid())
    }

    @Test func aLooseExistingSpoolIsTightenedAtStart() async throws {
        let spool = NSTemporaryDirectory() + "loose-spool-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: true)
        chmod(spool, 0o777)
        defer { try? FileManager.default.removeItem(atPath: spool) }
        var router = Router()
        router.get("/health") { _ in .text("ok") }
        let status = try await withLiveServer(router, configuration: LiveServer.testConfiguration { $0.uploadDirectory = spool })
        { server throws -> Int in
            let status = try await server.client.get("/health").status
            #expect(Self.mode(spool) == 0o700)
            return status
        }
        #expect(status == 200)
    }
}
