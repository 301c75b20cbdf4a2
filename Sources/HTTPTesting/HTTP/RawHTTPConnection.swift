/// One HTTP/1.1 connection with full control over the bytes on the wire.
///
/// For keep-alive, pipelining, malformed requests, slowloris and chunked uploads with pauses:
/// send exactly the bytes you want, then read responses one at a time. Bytes received beyond a
/// response stay buffered for the next `readResponse`.
///
/// ```swift
/// let connection = try await RawHTTPConnection(port: server.port)
/// try await connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
/// let response = try await connection.readResponse()
/// #expect(response.status == 200)
/// ```
public actor RawHTTPConnection {
    let socket: TCPSocket
    let host: String
    let port: Int
    /// Received but not yet consumed.
    var buffer: [UInt8] = []
    var sawEndOfStream = false

    /// Connects to `host:port` (IPv4 literal or "localhost"). `receiveBufferSize` sets SO_RCVBUF first;
    /// `sourceAddress` binds the local end (e.g. 127.0.0.2, to play a second client address).
    public init(
        host: String = "127.0.0.1", port: Int, receiveBufferSize: Int? = nil, sourceAddress: String? = nil,
        timeout: Duration = .seconds(5)
    ) async throws {
        self.socket = try await TCPSocket.connect(
            host: host, port: port, receiveBufferSize: receiveBufferSize,
            sourceAddress: sourceAddress, timeout: timeout)
        self.host = host
        self.port = port
    }

    /// Sends `bytes` as they are.
    public func send(bytes: [UInt8], timeout: Duration = .seconds(5)) async throws {
        try await socket.write(bytes, deadline: .deadline(after: timeout))
    }

    /// Sends the UTF-8 bytes of `text` as they are (write "\r\n" yourself).
    public func send(_ text: String, timeout: Duration = .seconds(5)) async throws {
        try await send(bytes: Array(text.utf8), timeout: timeout)
    }

    /// Sends a well-formed request; adds `Host` and `Content-Length` unless given in `headers`.
    public func sendRequest(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = [],
        timeout: Duration = .seconds(5)
    ) async throws {
        let request = RawHTTPRequest.bytes(method: method, path: path, host: "\(host):\(port)", headers: headers, body: body)
        try await send(bytes: request, timeout: timeout)
    }

    /// Reads one response: head, then a body framed by `Transfer-Encoding: chunked`, `Content-Length`
    /// or the end of the connection. Interim (1xx) responses are returned on their own, without body.
    /// Pass `isResponseToHEAD` for a HEAD request, whose response has no body whatever its headers say.
    public func readResponse(timeout: Duration = .seconds(5), isResponseToHEAD: Bool = false) async throws -> RawHTTPResponse {
        let deadline = ContinuousClock.now + timeout
        let head = try ResponseHeadParser.parse(try await readHead(deadline: deadline))
        var response = RawHTTPResponse(
            version: head.version, status: head.status, reason: head.reason, headers: head.headers, body: [])
        if isResponseToHEAD || (100..<200).contains(head.status) || head.status == 204 || head.status == 304 {
            return response
        }
        if head.headers.contains("Transfer-Encoding", token: "chunked") {
            response.body = try await readChunkedBody(deadline: deadline)
        } else if let length = head.headers["Content-Length"] {
            guard let count = Int(length), count >= 0 else { throw RawHTTPError.malformedResponse("Content-Length: \(length)") }
            response.body = try await readExactly(count, deadline: deadline)
        } else {
            response.body = try await readToEnd(deadline: deadline)
        }
        return response
    }

    /// Returns buffered bytes, or waits for some; empty means the peer closed the connection.
    public func readAvailable(timeout: Duration = .seconds(5)) async throws -> [UInt8] {
        if buffer.isEmpty, !sawEndOfStream { _ = try await fill(deadline: .now + timeout) }
        defer { buffer.removeAll() }
        return buffer
    }

    /// True if the peer closes (EOF or reset) within `timeout`. Bytes that arrive meanwhile are kept
    /// for `readResponse`. For slowloris and idle-timeout tests.
    public func isClosedByPeer(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        do {
            while try await fill(deadline: deadline) {}
            return true
        } catch {
            return socket.isClosed ? false : error as? TestSocketError != .timedOut
        }
    }

    /// Closes the connection from this side (idempotent).
    public nonisolated func close() { socket.close() }
}
