import Foundation
import HTTPServer
import HTTPTesting
import Testing

/// Streaming `multipart/form-data`: fields, spooled files, repeated fields, per-file cap
/// enforced during the read, early rejection by Content-Length, and no temp file left behind.
@Suite struct MultipartLiveTests {
    struct Received: Codable {
        let userId: String
        let docType: String?
        let files: [String: [Int]]
        let spooledExist: Bool
    }

    static let limits = MultipartLimits(maxFileBytes: 64 * 1024, maxTotalBytes: 512 * 1024, maxFiles: 6)

    static func router() -> Router {
        var router = Router()
        router.post("/verify", body: .multipart(limits)) { request in
            let form = request.form!
            let userId = try form.requireField("user_id")
            _ = try form.requireFile("selfie")
            var files: [String: [Int]] = [:]
            for file in form.files {
                let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? -1
                files[file.fieldName, default: []].append(size)
            }
            let exist = form.files.allSatisfy { FileManager.default.fileExists(atPath: $0.path) }
            return try .json(Received(userId: userId, docType: form.field("doc_type"), files: files, spooledExist: exist))
        }
        return router
    }

    static func bytes(_ count: Int, seed: UInt8 = 7) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) ^ seed } }

    func spoolIsEmpty(_ server: LiveServer) throws -> Bool {
        try FileManager.default.contentsOfDirectory(atPath: server.uploadDirectory).isEmpty
    }

    @Test func fieldsFilesAndRepeatedFields() async throws {
        try await withLiveServer(Self.router(), configuration: LiveServer.testConfiguration()) { server in
            let upload = MultipartUpload(
                fields: [("user_id", "usr_42"), ("doc_type", "passport")],
                files: [
                    ("selfie", "me.jpg", "image/jpeg", Self.bytes(40_000)),
                    ("id_document", "id.png", "image/png", Self.bytes(1000, seed: 3)),
                    ("profile_photos", "a.jpg", "image/jpeg", Self.bytes(10)),
                    ("profile_photos", "a.jpg", "image/jpeg", Self.bytes(20)),
                ])
            let response = try await server.client.post("/verify", body: upload.body, contentType: upload.contentType)
            #expect(response.status == 200, "\(response.bodyString)")
            let received = try response.decode(Received.self)
            #expect(received.userId == "usr_42")
            #expect(received.docType == "passport")
            #expect(received.files["selfie"] == [40_000])
            #expect(received.files["id_document"] == [1000])
            #expect(received.files["profile_photos"] == [10, 20])
            #expect(received.spooledExist)
            try await Task.sleep(for: .milliseconds(100))
            #expect(try spoolIsEmpty(server), "spooled files are removed when the request completes")
        }
    }

    @Test func fileOverTheCapIs413DuringTheStreamAndLeavesNoTempFiles() async throws {
        try await withLiveServer(Self.router()) { server in
            let upload = MultipartUpload(
                fields: [("user_id", "usr_1")],
                files: [("selfie", "big.jpg", "image/jpeg", Self.bytes(64 * 1024 + 1))])
            let response = try await server.client.post("/verify", body: upload.body, contentType: upload.contentType)
            #expect(response.status == 413)
            #expect(response.bodyString.contains("\"file_too_large\""))
            #expect(response.bodyString.contains("selfie"))
            try await Task.sleep(for: .milliseconds(100))
            #expect(try spoolIsEmpty(server))
        }
    }

    @Test func totalOverTheCapIsRefusedByContentLengthBeforeTheBody() async throws {
        try await withLiveServer(Self.router()) { server in
            let connection = try await RawHTTPConnection(port: server.port)
            defer { connection.close() }
            try await connection.send(
                "POST /verify HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n"
                    + "Content-Length: 10000000\r\nExpect: 100-continue\r\n\r\n")
            let response = try await connection.readResponse()
            #expect(response.status == 413)
            #expect(response.bodyString.contains("payload_too_large"))
        }
    }

    @Test func missingFieldsAndWrongTypesAre4xx() async throws {
        try await withLiveServer(Self.router()) { server in
            let noSelfie = MultipartUpload(fields: [("user_id", "usr_1")])
            let r1 = try await server.client.post("/verify", body: noSelfie.body, contentType: noSelfie.contentType)
            #expect(r1.status == 422)
            #expect(r1.bodyString.contains("selfie"))
            let noUser = MultipartUpload(fields: [], files: [("selfie", "a.jpg", "image/jpeg", Self.bytes(10))])
            let r2 = try await server.client.post("/verify", body: noUser.body, contentType: noUser.contentType)
            #expect(r2.status == 422)
            #expect(r2.bodyString.contains("user_id"))
            let json = try await server.client.post("/verify", body: Array("{}".utf8), contentType: "application/json")
            #expect(json.status == 415)
            let tooMany = MultipartUpload(
                fields: [("user_id", "u")],
                files: (0..<7).map { ("profile_photos", "p\($0).jpg", "image/jpeg", Self.bytes(10)) })
            let r3 = try await server.client.post("/verify", body: tooMany.body, contentType: tooMany.contentType)
            #expect(r3.status == 413)
            try await Task.sleep(for: .milliseconds(100))
            #expect(try spoolIsEmpty(server))
        }
    }

    @Test func truncatedBodyFromADisconnectingClientLeavesNoTempFiles() async throws {
        try await withLiveServer(Self.router()) { server in
            let upload = MultipartUpload(
                fields: [("user_id", "usr_1")],
                files: [("selfie", "a.jpg", "image/jpeg", Self.bytes(50_000))])
            let connection = try await RawHTTPConnection(port: server.port)
            try await connection.send(
                "POST /verify HTTP/1.1\r\nHost: x\r\nContent-Type: \(upload.contentType)\r\n"
                    + "Content-Length: \(upload.body.count)\r\n\r\n")
            try await connection.send(bytes: Array(upload.body.prefix(30_000)))
            try await Task.sleep(for: .milliseconds(100))
            connection.close()
            try await Task.sleep(for: .milliseconds(300))
            #expect(try spoolIsEmpty(server))
        }
    }
}
