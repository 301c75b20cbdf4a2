import Foundation
import HTTPServer
import HTTPTesting
import Synchronization
import Testing

/// Uploads that would hold disk or a connection: a chunked multipart body (no length to refuse
/// up front) is held to the total cap while it streams, a refused body is drained only so far,
/// and a dribbled upload is cut with its spool removed.
@Suite(.serialized) struct UploadLimitsLiveTests {
    static let limits = MultipartLimits(
        maxFileBytes: 64 * 1024, maxTotalBytes: 512 * 1024, maxFiles: 6, maxFields: 64,
        maxFieldBytes: 64 * 1024)

    final class Runs: Sendable {
        let count = Atomic<Int>(0)
    }

    static func router(runs: Runs) -> Router {
        var router = Router()
        router.post("/upload", body: .multipart(limits)) { request in
            runs.count.wrappingAdd(1, ordering: .relaxed)
            return .text("fields \(request.form?.fields.count ?? 0) files \(request.form?.files.count ?? 0)")
        }
        return router
    }

    static func spooledBytes(_ server: LiveServer) -> Int {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: server.uploadDirectory)) ?? []
        return names.reduce(0) { total, name in
            total + ((try? manager.attributesOfItem(atPath: server.uploadDirectory + "/" + name)[.size] as? Int) ?? 0)
        }
    }

    /// 6 files of 60 KB and 60 fields of 60 KB: every part is within its own limit, the whole
    /// (about 4 MB) is eight times the 512 KiB total cap.
    static func oversizedForm() -> MultipartUpload {
        let chunk = String(repeating: "f", count: 60_000)
        return MultipartUpload(
            fields: (0..<60).map { ("field\($0)", chunk) },
            files: (0..<6).map { ("photo", "p\($0).jpg", "image/jpeg", [UInt8](repeating: 1, count: 60_000)) })
    }

    @Test func chunkedMultipartOverTheTotalCapIsRefusedWhileStreaming() async throws {
        let runs = Runs()
        try await withLiveServer(Self.router(runs: runs)) { server in
            let form = Self.oversizedForm()
            let connection = try await RawHTTPConnection(port: server.port)
            defer { connection.close() }
            try await connection.send(
                "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: \(form.contentType)\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n")
            var sent = 0
            var maxSpooled = 0
            var cutEarly = false
            while sent < form.body.count {
                let piece = Array(form.body[sent..<min(sent + 32 * 1024, form.body.count)])
                do {
                    try await connection.send(
                        bytes: Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8),
                        timeout: .seconds(2))
                } catch {
                    cutEarly = true
                    break
                }
                sent += piece.count
                maxSpooled = max(maxSpooled, Self.spooledBytes(server))
            }
            if !cutEarly { try? await connection.send("0\r\n\r\n", timeout: .seconds(1)) }
            let answer = try? await connection.readResponse(timeout: .seconds(5))
            if let answer {
                #expect(answer.status == 413, "\(answer.status) \(answer.bodyString)")
                #expect(answer.bodyString.contains("payload_too_large"))
            } else {
                #expect(await connection.isClosedByPeer(timeout: .seconds(2)), "no answer and still open")
            }
            #expect(runs.count.load(ordering: .relaxed) == 0, "the handler ran on a body over the total cap")
            #expect(maxSpooled <= Self.limits.maxTotalBytes, "spooled \(maxSpooled) bytes")
            try await Task.sleep(for: .milliseconds(200))
            #expect(Self.spooledBytes(server) == 0, "the refused upload's files are removed")
        }
    }

    @Test func aRefusedUploadIsDrainedOnlySoFarThenTheConnectionCloses() async throws {
        let runs = Runs()
        try await withLiveServer(Self.router(runs: runs)) { server in
            // A file over its 64 KiB cap, followed by 32 MB more that the client keeps sending
            // (chunked: a declared length over the cap would be refused before any byte).
            let boundary = "B0undary"
            let chunked = try await RawHTTPConnection(port: server.port)
            defer { chunked.close() }
            try await chunked.send(
                "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=\(boundary)\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n")
            let head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.bin\"\r\n\r\n"
            try await chunked.send(String(head.utf8.count, radix: 16) + "\r\n" + head + "\r\n")
            let piece = [UInt8](repeating: 7, count: 64 * 1024)
            let framed = Array("10000\r\n".utf8) + piece + Array("\r\n".utf8)
            var accepted = 0
            for _ in 0..<512 {
                do {
                    try await chunked.send(bytes: framed, timeout: .seconds(2))
                    accepted += piece.count
                } catch {
                    break
                }
            }
            // What the kernel buffers on loopback (several MB each way) comes on top of the 1 MiB drain.
            #expect(accepted < 20 << 20, "the server kept reading \(accepted) bytes of a refused upload")
            #expect(await chunked.isClosedByPeer(timeout: .seconds(3)))
            #expect(runs.count.load(ordering: .relaxed) == 0)
            #expect(Self.spooledBytes(server) == 0)
        }
    }

    @Test func aDribbledUploadIsCutAndItsSpoolRemoved() async throws {
        let runs = Runs()
        let configuration = LiveServer.testConfiguration {
            $0.requestTimeouts = RequestTimeouts(headers: .seconds(5), body: .seconds(2), bodyMinimumBytesPerSecond: 1024)
        }
        try await withLiveServer(Self.router(runs: runs), configuration: configuration) { server in
            let form = MultipartUpload(
                fields: [], files: [("photo", "p.jpg", "image/jpeg", [UInt8](repeating: 3, count: 60_000))])
            let connection = try await RawHTTPConnection(port: server.port)
            defer { connection.close() }
            try await connection.send(
                "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: \(form.contentType)\r\n"
                    + "Content-Length: \(form.body.count)\r\n\r\n")
            try await connection.send(bytes: Array(form.body.prefix(20_000)))
            let start = ContinuousClock.now
            var offset = 20_000
            var cut = false
            while ContinuousClock.now - start < .seconds(15) {
                do {
                    try await connection.send(bytes: Array(form.body[offset..<offset + 10]), timeout: .seconds(1))
                } catch {
                    cut = true
                    break
                }
                offset += 10
                if await connection.isClosedByPeer(timeout: .milliseconds(300)) {
                    cut = true
                    break
                }
            }
            #expect(cut, "an upload dribbled at ~33 B/s was never cut")
            try await Task.sleep(for: .milliseconds(300))
            #expect(Self.spooledBytes(server) == 0, "the cut upload's spool is removed")
            #expect(runs.count.load(ordering: .relaxed) == 0)
        }
    }
}
