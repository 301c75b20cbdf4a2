import Foundation
import HTTPTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Self-tests of `RawHTTPConnection` and `HTTPTestClient` against `CannedHTTPPeer`.
@Suite struct TestKitHTTPTests {
    let peer: LoopbackPeer

    init() throws { peer = try LoopbackPeer.start(handler: CannedHTTPPeer.serve) }

    @Test func contentLengthBodyAndRepeatedHeaders() async throws {
        let response = try await HTTPTestClient(port: peer.port).get("/cl")
        #expect(response.status == 200)
        #expect(response.reason == "OK")
        #expect(response.bodyString == "hello")
        #expect(response.headers["content-LENGTH"] == "5")
        #expect(response.headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        peer.stop()
    }

    @Test func chunkedBodyIsDecoded() async throws {
        let response = try await HTTPTestClient(port: peer.port).get("/chunked")
        #expect(response.bodyString == "Wikipedia")
        peer.stop()
    }

    @Test func keepAliveReusesOneConnectionIncludingPipelining() async throws {
        let connection = try await RawHTTPConnection(port: peer.port)
        for _ in 0..<3 {
            try await connection.sendRequest("GET", "/cl")
            #expect(try await connection.readResponse().bodyString == "hello")
        }
        try await connection.send("HEAD /cl HTTP/1.1\r\nHost: x\r\n\r\nGET /chunked HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try await connection.readResponse(isResponseToHEAD: true)
        #expect(head.headers["Content-Length"] == "5" && head.body.isEmpty)
        #expect(try await connection.readResponse().bodyString == "Wikipedia")
        #expect(peer.acceptedConnections.load(ordering: .relaxed) == 1)
        connection.close()
        peer.stop()
    }

    @Test func bodyUntilCloseWhenNoLengthIsGiven() async throws {
        let connection = try await RawHTTPConnection(port: peer.port)
        try await connection.sendRequest("GET", "/close")
        #expect(try await connection.readResponse().bodyString == "until the end")
        #expect(await connection.isClosedByPeer(timeout: .seconds(1)))
        peer.stop()
    }

    @Test func partialHeadIsClosedByIdlePeer() async throws {
        let connection = try await RawHTTPConnection(port: peer.port)
        try await connection.send("GET /cl HTTP/1.1\r\nHost: x\r\n")
        #expect(await connection.isClosedByPeer(timeout: .milliseconds(100)) == false)
        #expect(await connection.isClosedByPeer(timeout: .seconds(20)))
        peer.stop()
    }

    @Test func bodySentInChunksWithPauses() async throws {
        let connection = try await RawHTTPConnection(port: peer.port)
        try await connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nhello")
        try await Task.sleep(for: .milliseconds(100))
        try await connection.send("world")
        #expect(try await connection.readResponse().bodyString == "helloworld")
        peer.stop()
    }

    @Test func jsonPostRoundTrip() async throws {
        struct Story: Codable, Equatable {
            var title: String
            var published: Date
        }
        let story = Story(title: "Ünïcode", published: Date(timeIntervalSince1970: 1_767_225_600))
        let response = try await HTTPTestClient(port: peer.port).post("/echo", json: story)
        #expect(response.headers["X-Request-Content-Type"] == "application/json")
        #expect(response.bodyString.contains("2026-01-01T00:00:00Z"))
        #expect(try response.decode(Story.self) == story)
        peer.stop()
    }

    @Test func multipartBodyHasFieldsAndFiles() async throws {
        let response = try await HTTPTestClient(port: peer.port).multipart(
            "/echo", fields: [("caption", "hi")], files: [("photo", "a.png", "image/png", [0x89, 0x50])])
        let contentType = try #require(response.headers["X-Request-Content-Type"])
        let boundary = try #require(contentType.components(separatedBy: "boundary=").last)
        let expected =
            Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nhi\r\n".utf8)
            + Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.png\"\r\n".utf8)
            + Array("Content-Type: image/png\r\n\r\n".utf8) + [0x89, 0x50] + Array("\r\n--\(boundary)--\r\n".utf8)
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        #expect(response.body == expected)
        peer.stop()
    }

    @Test func readTimesOutWhenNothingArrives() async throws {
        let connection = try await RawHTTPConnection(port: peer.port)
        try await connection.sendRequest("GET", "/silent")
        let start = ContinuousClock.now
        await #expect(throws: TestSocketError.timedOut) { try await connection.readResponse(timeout: .milliseconds(150)) }
        #expect(ContinuousClock.now - start < .seconds(3), "the timeout, not the peer's idle close, ended the read")
        peer.stop()
    }

    @Test func refusedConnectionReportsErrno() async throws {
        peer.stop()
        // A bound socket that does not listen holds its port, so no parallel test can take it.
        let placeholder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(placeholder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(placeholder, $0, length) + getsockname(placeholder, $0, &length)
            }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        await #expect(throws: TestSocketError.system(call: "connect", errno: ECONNREFUSED)) {
            _ = try await RawHTTPConnection(port: port)
        }
    }
}
