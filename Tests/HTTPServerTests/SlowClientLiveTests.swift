import Foundation
import HTTPServer
import HTTPTesting
import Testing

/// Slowloris through the real server: a request dribbled in (never silent long enough for the
/// idle timeout) is cut at its whole-request deadline, a slow but steady upload is not, and
/// one address holding many partial connections cannot crowd out everyone else.
@Suite(.serialized) struct SlowClientLiveTests {
    static func router() -> Router {
        var router = Router()
        router.get("/health") { _ in .text("ok") }
        router.post("/upload", body: .buffered(maxBytes: 1 << 20)) { request in .text("got \(request.body.count)") }
        return router
    }

    static func configuration(_ adjust: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
        LiveServer.testConfiguration { configuration in
            configuration.idleTimeoutSeconds = 30
            configuration.requestTimeouts = RequestTimeouts(
                headers: .seconds(2), body: .seconds(2), bodyMinimumBytesPerSecond: 1024)
            adjust(&configuration)
        }
    }

    /// Sends `line` every `interval` until the server closes the connection or `limit` passes;
    /// returns how long the connection lived, nil when it was never cut.
    static func dribble(
        _ connection: RawHTTPConnection, line: String, every interval: Duration,
        limit: Duration
    ) async -> Duration? {
        let start = ContinuousClock.now
        while ContinuousClock.now - start < limit {
            do {
                try await connection.send(line, timeout: .seconds(1))
            } catch {
                return ContinuousClock.now - start
            }
            if await connection.isClosedByPeer(timeout: interval) { return ContinuousClock.now - start }
        }
        return nil
    }

    @Test func headersDribbledLineByLineAreCutAtTheHeaderDeadline() async throws {
        try await withLiveServer(Self.router(), configuration: Self.configuration()) { server in
            let connection = try await RawHTTPConnection(port: server.port)
            defer { connection.close() }
            try await connection.send("GET /health HTTP/1.1\r\nHost: x\r\n")
            let lived = await Self.dribble(connection, line: "X-Padding: a\r\n", every: .milliseconds(400), limit: .seconds(10))
            #expect(lived != nil, "a dribbling client was never cut (idle timeout 30 s, header deadline 2 s)")
            if let lived { #expect(lived < .seconds(6), "cut after \(lived)") }
            // Others are served meanwhile and afterwards.
            #expect(try await server.client.get("/health").status == 200)
        }
    }

    @Test func theRequestLineDribbledIsCutToo() async throws {
        try await withLiveServer(Self.router(), configuration: Self.configuration()) { server in
            let connection = try await RawHTTPConnection(port: server.port)
            defer { connection.close() }
            let lived = await Self.dribble(connection, line: "G", every: .milliseconds(400), limit: .seconds(10))
            #expect(lived != nil, "a request line sent a byte at a time was never cut")
        }
    }

    @Test func aBodyBelowTheMinimumRateIsCutAndASteadyOneIsNot() async throws {
        try await withLiveServer(Self.router(), configuration: Self.configuration()) { server in
            let slow = try await RawHTTPConnection(port: server.port)
            defer { slow.close() }
            try await slow.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
            let lived = await Self.dribble(slow, line: "0123456789", every: .milliseconds(300), limit: .seconds(10))
            #expect(lived != nil, "a body dribbled at ~33 B/s was never cut")

            // 4 KiB every 0.5 s (8 KiB/s, above the 1 KiB/s minimum) for longer than the 2 s base.
            let steady = try await RawHTTPConnection(port: server.port)
            defer { steady.close() }
            let total = 8 * 4096
            try await steady.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(total)\r\n\r\n")
            for _ in 0..<8 {
                try await steady.send(String(repeating: "b", count: 4096))
                try await Task.sleep(for: .milliseconds(500))
            }
            let response = try await steady.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyString == "got \(total)")
        }
    }

    @Test func aKeptAliveConnectionMayIdleThenSendItsNextRequest() async throws {
        try await withLiveServer(Self.router(), configuration: Self.configuration { $0.idleTimeoutSeconds = 5 }) { server in
            let connection = try await RawHTTPConnection(port: server.port)
            defer { connection.close() }
            try await connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
            try await Task.sleep(for: .seconds(3))  // longer than the 2 s header deadline, shorter than idle
            try await connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
        }
    }

    /// One address (127.0.0.2) opens far more partial connections than the server has slots;
    /// the per-address limit refuses the excess, so a client elsewhere (127.0.0.1) is served.
    @Test func oneAddressHoldingManyPartialConnectionsCannotStarveOthers() async throws {
        let configuration = Self.configuration { configuration in
            configuration.connectionLimit = 60
            configuration.perAddressConnectionLimit = 20
            configuration.requestTimeouts = RequestTimeouts(headers: .seconds(60))
        }
        try await withLiveServer(Self.router(), configuration: configuration) { server in
            var attackers: [RawHTTPConnection] = []
            defer { for connection in attackers { connection.close() } }
            for _ in 0..<100 {
                guard let connection = try? await RawHTTPConnection(port: server.port, sourceAddress: "127.0.0.2") else {
                    continue
                }
                try? await connection.send("GET /health HTTP/1.1\r\nHost: x\r\n")
                attackers.append(connection)
            }
            try await Task.sleep(for: .milliseconds(300))
            var refused = 0
            for connection in attackers where await connection.isClosedByPeer(timeout: .milliseconds(20)) { refused += 1 }
            #expect(refused >= 70, "only \(refused) of \(attackers.count) excess connections were refused")
            let health = try await HTTPTestClient(port: server.port, timeout: .seconds(3)).get("/health")
            #expect(health.status == 200)
        }
    }
}
