import Foundation
import HTTPServer
import HTTPTesting
import Testing

/// Requests over real sockets against a real server: JSON, caps, errors, keep-alive, timeouts.
@Suite struct HTTPLiveTests {
    struct NewFeed: Codable, Equatable {
        let url: String
        let name: String
        let pollIntervalSeconds: Int
    }

    struct Marker: RequestAttributeKey { typealias Value = String }

    static func router() -> Router {
        var router = Router()
        router.use(
            MiddlewareFunction { request, next in
                var request = request
                request.attributes[Marker.self] = "outer"
                var response = try await next(request)
                response.headers.add("X-Chain", "outer")
                return response
            })
        router.get("/hello") { _ in try .json(["message": "hi"]) }
        router.post("/feeds", body: .buffered(maxBytes: 1024)) { request in
            let feed = try request.decode(NewFeed.self)
            guard feed.pollIntervalSeconds >= 60 else {
                throw HTTPError.invalid("pollIntervalSeconds must be at least 60.", field: "pollIntervalSeconds")
            }
            return try .json(feed, status: .created)
        }
        router.get("/slow") { _ in
            try await Task.sleep(for: .milliseconds(200))
            return .text("slow done")
        }
        router.get("/boom") { _ in throw CancellationError() }
        router.get("/marker") { request in .text(request.attributes[Marker.self] ?? "none") }
        router.get(
            "/guarded",
            middleware: [
                MiddlewareFunction { request, next in
                    guard request.headers["Authorization"] == "Bearer good" else {
                        throw HTTPError(.unauthorized, code: "invalid_token", message: "Token rejected.")
                    }
                    return try await next(request)
                }
            ]
        ) { _ in .text("secret") }
        router.get("/echo/{id}") { request in .text("\(try request.parameter("id"))|\(request.query["q"] ?? "")") }
        router.delete("/feeds/{id}") { _ in .noContent }
        return router
    }

    struct Envelope: Decodable {
        struct Body: Decodable {
            let code: String
            let message: String
            let field: String?
        }
        let error: Body
    }

    @Test func jsonRoundTripAndStatus() async throws {
        try await withLiveServer(Self.router()) { server in
            let feed = NewFeed(url: "https://example.org/rss", name: "Example", pollIntervalSeconds: 900)
            let response = try await server.client.post("/feeds", json: feed)
            #expect(response.status == 201)
            #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
            #expect(try response.decode(NewFeed.self) == feed)
            #expect(response.headers["X-Chain"] == "outer")
        }
    }

    @Test func validationFailuresAre422NamingTheField() async throws {
        try await withLiveServer(Self.router()) { server in
            let cases: [(String, String?)] = [
                (#"{"url":"u","name":"n"}"#, "pollIntervalSeconds"),
                (#"{"url":"u","name":"n","pollIntervalSeconds":"900"}"#, "pollIntervalSeconds"),
                (#"{"url":null,"name":"n","pollIntervalSeconds":900}"#, "url"),
                (#"{"url":"u","name":"n","pollIntervalSeconds":5}"#, "pollIntervalSeconds"),
                (#"{"url":"u","#, nil),
                (#"[1,2,3]"#, nil),
                ("", nil),
            ]
            for (body, field) in cases {
                let response = try await server.client.post("/feeds", body: Array(body.utf8), contentType: "application/json")
                #expect(response.status == 422, "body \(body)")
                let envelope = try response.decode(Envelope.self)
                #expect(envelope.error.code == "invalid_request")
                #expect(envelope.error.field == field, "body \(body)")
                #expect(!envelope.error.message.isEmpty)
            }
        }
    }

    @Test func wrongContentTypeIs415() async throws {
        try await withLiveServer(Self.router()) { server in
            let response = try await server.client.post(
                "/feeds", body: Array("url=x".utf8),
                contentType: "application/x-www-form-urlencoded")
            #expect(response.status == 415)
            #expect(try response.decode(Envelope.self).error.code == "unsupported_media_type")
        }
    }

    @Test func oversizedBodyByContentLengthIs413() async throws {
        try await withLiveServer(Self.router()) { server in
            let big = #"{"url":""# + String(repeating: "a", count: 5000) + #"","name":"n","pollIntervalSeconds":900}"#
            let response = try await server.client.post("/feeds", body: Array(big.utf8), contentType: "application/json")
            #expect(response.status == 413)
            #expect(try response.decode(Envelope.self).error.code == "payload_too_large")
        }
    }

    @Test func oversizedChunkedBodyIs413AfterDraining() async throws {
        try await withLiveServer(Self.router()) { server in
            let connection = try await RawHTTPConnection(port: server.port)
            defer { connection.close() }
            var request =
                "POST /feeds HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            for _ in 0..<4 { request += "400\r\n" + String(repeating: "a", count: 1024) + "\r\n" }
            request += "0\r\n\r\n"
            try await connection.send(request)
            let response = try await connection.readResponse()
            #expect(response.status == 413)
            #expect(try response.decode(Envelope.self).error.code == "payload_too_large")
        }
    }

    @Test func unknownRouteAndWrongMethodUseTheEnvelope() async throws {
        try await withLiveServer(Self.router()) { server in
            let missing = try await server.client.get("/nope")
            #expect(missing.status == 404)
            #expect(try missing.decode(Envelope.self).error.code == "not_found")
            let wrong = try await server.client.request("PUT", "/feeds/1")
            #expect(wrong.status == 405)
            #expect(wrong.headers["Allow"] == "DELETE")
            #expect(try wrong.decode(Envelope.self).error.code == "method_not_allowed")
        }
    }

    @Test func thrownNonHTTPErrorsBecome500WithoutDetails() async throws {
        try await withLiveServer(Self.router()) { server in
            let response = try await server.client.get("/boom")
            #expect(response.status == 500)
            let envelope = try response.decode(Envelope.self)
            #expect(envelope.error.code == "internal_error")
            #expect(!envelope.error.message.contains("CancellationError"))
        }
    }

    @Test func middlewareAttributesAndAuthHook() async throws {
        try await withLiveServer(Self.router()) { server in
            #expect(try await server.client.get("/marker").bodyString == "outer")
            let denied = try await server.client.get("/guarded")
            #expect(denied.status == 401)
            #expect(try denied.decode(Envelope.self).error.code == "invalid_token")
            // Errors travel up the chain as throws and are rendered once, at the end.
            #expect(denied.headers["X-Chain"] == nil)
            let allowed = try await server.client.get("/guarded", headers: [("Authorization", "Bearer good")])
            #expect(allowed.status == 200)
            #expect(allowed.bodyString == "secret")
        }
    }

    @Test func pathAndQueryDecoding() async throws {
        try await withLiveServer(Self.router()) { server in
            let decoded = try await server.client.get("/echo/a%20b?q=x+y%26z")
            #expect(decoded.bodyString == "a b|x y&z")
            let badPath = try await server.client.get("/echo/%zz")
            #expect(badPath.status == 400)
            let badQuery = try await server.client.get("/echo/1?q=%G0")
            #expect(badQuery.status == 400)
        }
    }

    @Test func deleteAnswers204WithEmptyBody() async throws {
        try await withLiveServer(Self.router()) { server in
            let response = try await server.client.delete("/feeds/abc")
            #expect(response.status == 204)
            #expect(response.body.isEmpty)
        }
    }

    @Test func keepAliveServesManyRequestsOnOneConnection() async throws {
        try await withLiveServer(Self.router()) { server in
            let connection = try await RawHTTPConnection(port: server.port)
            defer { connection.close() }
            for i in 0..<20 {
                let path = i.isMultiple(of: 2) ? "/hello" : "/slow"
                try await connection.sendRequest("GET", path)
                let response = try await connection.readResponse()
                #expect(response.status == 200)
                #expect(response.headers["Connection"]?.lowercased() != "close")
            }
            // Pipelined: three requests in one write, three answers in order.
            try await connection.send(
                "GET /echo/1 HTTP/1.1\r\nHost: x\r\n\r\nGET /echo/2 HTTP/1.1\r\nHost: x\r\n\r\nGET /echo/3 HTTP/1.1\r\nHost: x\r\n\r\n"
            )
            for i in 1...3 { #expect(try await connection.readResponse().bodyString == "\(i)|") }
        }
    }

    @Test func suspendedHandlersDoNotBlockOtherRequests() async throws {
        try await withLiveServer(Self.router()) { server in
            let clock = ContinuousClock()
            let start = clock.now
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<40 { group.addTask { try await server.client.get("/slow").status } }
                for try await status in group { #expect(status == 200) }
            }
            // 40 × 200 ms handlers on 2 MHD threads: concurrent, so far below the 8 s a serial server would need.
            #expect(clock.now - start < .seconds(6))
        }
    }

    @Test func slowlorisIsCutAtTheIdleTimeout() async throws {
        let configuration = LiveServer.testConfiguration { $0.idleTimeoutSeconds = 1 }
        try await withLiveServer(Self.router(), configuration: configuration) { server in
            let connection = try await RawHTTPConnection(port: server.port)
            defer { connection.close() }
            try await connection.send("GET /hello HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            #expect(await connection.isClosedByPeer(timeout: .seconds(4)))
            // The server still serves others.
            #expect(try await server.client.get("/hello").status == 200)
        }
    }

    @Test func malformedRequestsGetA4xxAndTheServerLives() async throws {
        try await withLiveServer(Self.router()) { server in
            for garbage in [
                "GARBAGE\r\n\r\n", "GET /hello HTTP/9.9\r\n\r\n", "GET /hello HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n",
            ] {
                let connection = try await RawHTTPConnection(port: server.port)
                try? await connection.send(garbage)
                // libmicrohttpd answers some of these with a 400 and closes on others without a word.
                if let response = try? await connection.readResponse(timeout: .seconds(3)) {
                    #expect((400..<600).contains(response.status), "\(garbage.prefix(30))")  // 505 for HTTP/9.9
                }
                connection.close()
            }
            #expect(try await server.client.get("/hello").status == 200)
        }
    }

    @Test func headersBeyondTheConnectionMemoryAre431() async throws {
        try await withLiveServer(Self.router()) { server in
            // 40 KiB of one header: beyond the 32 KiB a connection may hold for its request line and headers.
            let connection = try await RawHTTPConnection(port: server.port)
            defer { connection.close() }
            try? await connection.send(
                "GET /hello HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "a", count: 40_000) + "\r\n\r\n")
            let response = try await connection.readResponse(timeout: .seconds(3))
            #expect(response.status == 431)
            #expect(try await server.client.get("/hello").status == 200)
        }
    }

    @Test func headHasHeadersButNoBody() async throws {
        try await withLiveServer(Self.router()) { server in
            let response = try await server.client.head("/hello")
            #expect(response.status == 200)
            #expect(response.body.isEmpty)
            #expect(response.headers["Content-Length"] != nil)
        }
    }
}
