import Foundation
import HTTPServer
import HTTPTesting
import Testing

/// RFC 9112 §6.1 framing hygiene through the real server: a request whose body boundary is
/// ambiguous gets 400 in the envelope and the connection is closed, so nothing smuggled
/// behind it is ever parsed as a request.
@Suite struct RequestSmugglingLiveTests {
    struct Envelope: Decodable {
        struct Body: Decodable { let code: String }
        let error: Body
    }

    static func router() -> Router {
        var router = Router()
        router.post("/echo", body: .buffered(maxBytes: 4096)) { request in
            .text("echo:" + String(decoding: request.body, as: UTF8.self))
        }
        router.get("/secret") { _ in .text("smuggled") }
        router.get("/health") { _ in .text("ok") }
        return router
    }

    /// The head of each attack (the bytes after it are the hidden part), labelled for the report.
    static let ambiguous: [(String, String)] = [
        ("CL+TE", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        ("TE+CL", "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 40\r\n\r\n0\r\n\r\n"),
        ("duplicate CL", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc"),
        ("conflicting CL", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 30\r\n\r\nabc"),
        ("CL list", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 3\r\n\r\nabc"),
        ("CL sign", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: +3\r\n\r\nabc"),
        ("xchunked", "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"),
        ("chunked, identity", "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n"),
        ("two TE", "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        ("GET xchunked", "GET /health HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n"),
        ("space before colon", "GET /health HTTP/1.1\r\nHost : x\r\n\r\n"),
        ("space before colon, other field", "GET /health HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n"),
        ("no Host in 1.1", "GET /health HTTP/1.1\r\nAccept: */*\r\n\r\n"),
        ("two Host", "GET /health HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
    ]

    /// Refused by libmicrohttpd before our callbacks run, so answered in its own format.
    static let refusedByLibmicrohttpd: Set<String> = ["CL list", "CL sign"]

    static let hidden = "GET /secret HTTP/1.1\r\nHost: x\r\n\r\n"

    @Test(arguments: ambiguous.map(\.0))
    func ambiguousFramingIs400AndCloses(_ label: String) async throws {
        let attack = Self.ambiguous.first { $0.0 == label }!.1
        try await withLiveServer(Self.router()) { server in
            let connection = try await RawHTTPConnection(port: server.port)
            defer { connection.close() }
            try await connection.send(attack + Self.hidden)
            let response = try await connection.readResponse(timeout: .seconds(5))
            #expect(response.status == 400, "\(label): \(response.status) \(response.bodyString)")
            if Self.refusedByLibmicrohttpd.contains(label) {
                // MHD 0.9.75 rejects a malformed Content-Length itself, before any callback (its own body).
                #expect(response.headers["Content-Type"] == nil || !response.bodyString.contains("smuggled"))
            } else {
                #expect(try response.decode(Envelope.self).error.code == "invalid_request", "\(label)")
            }
            #expect(response.headers["Connection"]?.lowercased() == "close", "\(label)")
            #expect(await connection.isClosedByPeer(timeout: .seconds(3)), "\(label): the connection must close")
            let rest = try await connection.readAvailable(timeout: .milliseconds(200))
            #expect(!String(decoding: rest, as: UTF8.self).contains("smuggled"), "\(label): the hidden request was answered")
        }
    }

    /// Controls: what is unambiguous still works, kept alive.
    @Test func wellFramedRequestsStillPass() async throws {
        try await withLiveServer(Self.router()) { server in
            let connection = try await RawHTTPConnection(port: server.port)
            defer { connection.close() }
            try await connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
            #expect(try await connection.readResponse().bodyString == "echo:abc")
            try await connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
            #expect(try await connection.readResponse().bodyString == "echo:abc")
            try await connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n")
            #expect(try await connection.readResponse().bodyString == "echo:hi")
            try await connection.send("GET /health HTTP/1.1\r\nhost: x\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
            let old = try await RawHTTPConnection(port: server.port)
            defer { old.close() }
            try await old.send("GET /health HTTP/1.0\r\n\r\n")
            #expect(try await old.readResponse().status == 200, "HTTP/1.0 needs no Host")
        }
    }
}
