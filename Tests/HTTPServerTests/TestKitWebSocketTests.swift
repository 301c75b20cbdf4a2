import HTTPTesting
import Testing

/// Self-tests of `WebSocketClient` against `WebSocketPeer` (wslay in server mode).
@Suite struct TestKitWebSocketTests {
    let peer: LoopbackPeer

    init() throws { peer = try LoopbackPeer.start(handler: WebSocketPeer.serve) }

    @Test func acceptValueMatchesRFC6455Example() {
        #expect(WebSocketClient.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        peer.stop()
    }

    @Test func echoesTextAndBinary() async throws {
        let client = try await WebSocketClient.connect(port: peer.port, path: "/ws?room=1")
        try await client.send(text: "hello ✓")
        #expect(try await client.receive() == .text("hello ✓"))
        let large = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
        try await client.send(binary: large)
        #expect(try await client.receive() == .binary(large))
        peer.stop()
    }

    @Test func pingGetsPongAndServerPingGetsAnswered() async throws {
        let client = try await WebSocketClient.connect(port: peer.port, path: "/ws")
        try await client.ping([1, 2, 3])
        #expect(try await client.receive() == .pong([1, 2, 3]))
        try await client.send(text: "ping-me")
        #expect(try await client.receive() == .ping(Array("srv".utf8)))
        #expect(try await client.receiveText() == "pong:srv")
        peer.stop()
    }

    @Test func closeCodeAndReasonRoundTrip() async throws {
        let client = try await WebSocketClient.connect(port: peer.port, path: "/ws")
        try await client.close(code: 4000, reason: "done")
        #expect(try await client.receive() == .close(code: 4000, reason: "done"))
        await #expect(throws: WebSocketClientError.disconnected) { try await client.receive() }
        peer.stop()
    }

    @Test func serverInitiatedCloseThenDisconnect() async throws {
        let client = try await WebSocketClient.connect(port: peer.port, path: "/ws")
        try await client.send(text: "close-me")
        #expect(try await client.receive() == .close(code: 4001, reason: "bye"))
        await #expect(throws: WebSocketClientError.disconnected) { try await client.receive() }
        await #expect(throws: WebSocketClientError.disconnected) { try await client.send(text: "late") }
        peer.stop()
    }

    @Test func framesInTheSameSegmentAsTheHandshakeAreKept() async throws {
        let client = try await WebSocketClient.connect(port: peer.port, path: "/ws-welcome")
        #expect(try await client.receive() == .text("welcome"))
        peer.stop()
    }

    @Test func wrongAcceptIsRejected() async throws {
        await #expect {
            _ = try await WebSocketClient.connect(port: peer.port, path: "/ws-bad-accept")
        } throws: { error in
            guard case WebSocketClientError.invalidHandshake(let detail) = error else { return false }
            return detail.contains("Sec-WebSocket-Accept")
        }
        peer.stop()
    }

    @Test func non101CarriesStatusAndBody() async throws {
        await #expect(throws: WebSocketClientError.handshakeRejected(status: 403, body: "nope")) {
            _ = try await WebSocketClient.connect(port: peer.port, path: "/ws-reject")
        }
        peer.stop()
    }

    @Test func rawHandshakeWithoutKey() async throws {
        let headers = WebSocketClient.handshakeHeaders().filter { $0.0 != "Sec-WebSocket-Key" }
        let response = try await WebSocketClient.rawHandshake(port: peer.port, path: "/ws", headers: headers)
        #expect(response.status == 400)
        #expect(response.bodyString == "missing key")
        peer.stop()
    }

    @Test func receiveTimesOut() async throws {
        let client = try await WebSocketClient.connect(port: peer.port, path: "/ws")
        await #expect(throws: WebSocketClientError.timedOut) { try await client.receive(timeout: .milliseconds(100)) }
        try await client.send(text: "still there")
        #expect(try await client.receive() == .text("still there"))
        peer.stop()
    }

    @Test func pausedReadingDeliversNothingUntilResumed() async throws {
        let client = try await WebSocketClient.connect(port: peer.port, path: "/ws", receiveBufferSize: 4096)
        client.pauseReading()
        try await client.send(text: "queued")
        await #expect(throws: WebSocketClientError.timedOut) { try await client.receive(timeout: .milliseconds(200)) }
        client.resumeReading()
        #expect(try await client.receive() == .text("queued"))
        peer.stop()
    }

    @Test func pausedClientStallsAFloodingServer() async throws {
        let client = try await WebSocketClient.connect(port: peer.port, path: "/ws", receiveBufferSize: 4096)
        client.pauseReading()
        try await client.send(text: "flood")
        try await Task.sleep(for: .milliseconds(300))
        let writtenWhilePaused = WebSocketPeer.floodFramesWritten.load(ordering: .relaxed)
        #expect(writtenWhilePaused < WebSocketPeer.floodFrameCount)
        client.resumeReading()
        for _ in 0..<WebSocketPeer.floodFrameCount {
            #expect(try await client.receive() == .binary([UInt8](repeating: 7, count: 65536)))
        }
        #expect(try await client.receiveText() == "flood done")
        peer.stop()
    }

    @Test func abruptDisconnectFailsPendingReceive() async throws {
        let client = try await WebSocketClient.connect(port: peer.port, path: "/ws")
        let pending = Task { try await client.receive(timeout: .seconds(5)) }
        try await Task.sleep(for: .milliseconds(50))
        client.disconnectAbruptly()
        await #expect(throws: WebSocketClientError.disconnected) { try await pending.value }
        peer.stop()
    }

    @Test func manyIdleClientsAtOnce() async throws {
        let clients = try await withThrowingTaskGroup(of: WebSocketClient.self) { group in
            for _ in 0..<1000 { group.addTask { try await WebSocketClient.connect(port: peer.port, path: "/ws") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, client) in clients.enumerated() {
                group.addTask {
                    try await client.send(text: "n\(index)")
                    #expect(try await client.receive() == .text("n\(index)"))
                }
            }
            try await group.waitForAll()
        }
        #expect(peer.acceptedConnections.load(ordering: .relaxed) == 1000)
        peer.stop()
    }
}
