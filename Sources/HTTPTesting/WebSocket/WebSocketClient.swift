/// A WebSocket client for tests: real handshake over loopback TCP, framing by wslay in client mode.
///
/// Received messages queue up until `receive` takes them; wslay answers pings and close frames by
/// itself. Reading happens on the shared `SocketReactor`, not a thread per client, so a test can keep
/// a thousand idle clients open. Dropping the client closes its socket.
///
/// ```swift
/// let ws = try await WebSocketClient.connect(port: server.port, path: "/chat?room=1")
/// try await ws.send(text: "hello")
/// #expect(try await ws.receive() == .text("hello"))
/// try await ws.close()
/// #expect(try await ws.receive() == .close(code: 1000, reason: ""))
/// ```
public final class WebSocketClient: Sendable {
    /// The server's 101 response, e.g. to check `Sec-WebSocket-Protocol`.
    public let handshakeResponse: RawHTTPResponse
    private let connection: WebSocketConnection

    private init(handshakeResponse: RawHTTPResponse, connection: WebSocketConnection) {
        self.handshakeResponse = handshakeResponse
        self.connection = connection
    }

    deinit { connection.disconnect() }

    /// Connects and performs the opening handshake; `path` may carry a query (`/ws?token=…`).
    ///
    /// - Parameters:
    ///   - headers: extra request headers, e.g. `Authorization` or `Sec-WebSocket-Protocol`.
    ///   - receiveBufferSize: SO_RCVBUF set before connecting, to make a slow consumer's buffer fill fast.
    /// - Throws: `WebSocketClientError.handshakeRejected` (status and body) when the server does not
    ///   answer 101, `.invalidHandshake` when its 101 is wrong, `TestSocketError` when TCP fails.
    public static func connect(
        host: String = "127.0.0.1", port: Int, path: String, headers: [(String, String)] = [],
        timeout: Duration = .seconds(5), receiveBufferSize: Int? = nil
    ) async throws -> WebSocketClient {
        let key = WebSocketHandshake.makeKey()
        let http = try await RawHTTPConnection(host: host, port: port, receiveBufferSize: receiveBufferSize, timeout: timeout)
        try await http.sendRequest("GET", path, headers: WebSocketHandshake.requestHeaders(key: key) + headers, timeout: timeout)
        let response = try await http.readResponse(timeout: timeout)
        try WebSocketHandshake.verify(response, key: key)
        // Bytes after the 101 head already belong to the frame stream.
        let (socket, leftover) = await http.detach()
        let connection = WebSocketConnection(socket: socket, leftover: leftover)
        connection.startReading()
        return WebSocketClient(handshakeResponse: response, connection: connection)
    }

    /// Sends a handshake with exactly the headers given (plus `Host`) and returns the server's answer,
    /// then closes. For negative tests: start from `handshakeHeaders()` and drop or alter one.
    public static func rawHandshake(
        host: String = "127.0.0.1", port: Int, path: String, headers: [(String, String)],
        timeout: Duration = .seconds(5)
    ) async throws -> RawHTTPResponse {
        let http = try await RawHTTPConnection(host: host, port: port, timeout: timeout)
        defer { http.close() }
        try await http.sendRequest("GET", path, headers: headers, timeout: timeout)
        return try await http.readResponse(timeout: timeout)
    }

    /// The standard upgrade headers (`Upgrade`, `Connection`, `Sec-WebSocket-Key`, `Sec-WebSocket-Version`).
    public static func handshakeHeaders(key: String? = nil) -> [(String, String)] {
        WebSocketHandshake.requestHeaders(key: key ?? WebSocketHandshake.makeKey())
    }

    /// base64(SHA1(key + GUID)): the `Sec-WebSocket-Accept` a server must answer for `key`.
    public static func acceptValue(for key: String) -> String {
        WebSocketHandshake.acceptValue(for: key)
    }

    public func send(text: String, timeout: Duration = .seconds(5)) async throws {
        try await send(opcode: 0x1, payload: Array(text.utf8), timeout: timeout)
    }

    public func send(binary: [UInt8], timeout: Duration = .seconds(5)) async throws {
        try await send(opcode: 0x2, payload: binary, timeout: timeout)
    }

    /// Sends a text frame whose payload is exactly these bytes, valid UTF-8 or not (for testing
    /// that a server rejects invalid text with 1007).
    public func sendRawText(bytes: [UInt8], timeout: Duration = .seconds(5)) async throws {
        try await send(opcode: 0x1, payload: bytes, timeout: timeout)
    }

    /// Sends a ping; the server's pong arrives as `.pong(payload)`. Payload at most 125 bytes.
    public func ping(_ payload: [UInt8] = [], timeout: Duration = .seconds(5)) async throws {
        try await send(opcode: 0x9, payload: payload, timeout: timeout)
    }

    /// Sends a close frame (reason under 123 bytes). The server's echo arrives as `.close`, then
    /// `.disconnected` once it closes TCP.
    public func close(code: UInt16 = 1000, reason: String = "", timeout: Duration = .seconds(5)) async throws {
        try await connection.transmit(deadline: .now + timeout) { session throws(WebSocketClientError) in
            try session.queueClose(code: code, reason: Array(reason.utf8))
        }
    }

    private func send(opcode: UInt8, payload: [UInt8], timeout: Duration) async throws {
        try await connection.transmit(deadline: .now + timeout) { session throws(WebSocketClientError) in
            try session.queue(opcode: opcode, payload: payload)
        }
    }

    /// The next event from the server, oldest first.
    /// - Throws: `.timedOut` after `timeout`; `.disconnected` once the events are used up and the
    ///   connection is gone.
    public func receive(timeout: Duration = .seconds(5)) async throws -> WebSocketClientEvent {
        let connection = connection
        let id = connection.state.withLock { state in
            state.nextReceiverID += 1
            return state.nextReceiverID
        }
        return try await suspend(
            timeout: timeout, timeoutError: WebSocketClientError.timedOut,
            park: { continuation in
                WebSocketConnection.resume(
                    connection.state.withLock { state in
                        state.receivers.append((id, continuation))
                        return state.matchReceivers()
                    })
            },
            abandon: { error in
                let receiver = connection.state.withLock { state in
                    state.receivers.firstIndex { $0.id == id }.map { state.receivers.remove(at: $0) }
                }
                receiver?.continuation.resume(throwing: error)
            })
    }

    /// The next text message, skipping pings and pongs; throws `.unexpectedEvent` for anything else.
    public func receiveText(timeout: Duration = .seconds(5)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            switch try await receive(timeout: deadline - .now) {
            case .text(let text): return text
            case .ping, .pong: continue
            case let other: throw WebSocketClientError.unexpectedEvent(other)
            }
        }
    }

    /// Stops reading from the socket entirely, so the kernel's receive buffer fills and the server
    /// sees a slow consumer. Events already received stay available to `receive`.
    public func pauseReading() { connection.pauseReading() }

    /// Starts reading again after `pauseReading()`.
    public func resumeReading() { connection.startReading() }

    /// Closes the TCP connection without a close frame, like a client that vanished.
    public func disconnectAbruptly() { connection.disconnect() }
}
