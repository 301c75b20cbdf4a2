/// Why a WebSocket test client call failed (connect failures are `TestSocketError`).
public enum WebSocketClientError: Error, Equatable, Sendable {
    /// The server answered the upgrade request with something other than 101.
    case handshakeRejected(status: Int, body: String)
    /// The server answered 101 but the handshake is wrong (e.g. a bad `Sec-WebSocket-Accept`).
    case invalidHandshake(String)
    /// Nothing arrived before the deadline.
    case timedOut
    /// The connection is gone: the peer closed TCP, it reset, or `disconnectAbruptly()` was called.
    case disconnected
    /// wslay rejected the peer's frames (a `WSLAY_ERR_*` code); the client sent a close if it could.
    case protocolViolation(wslayError: Int32)
    /// wslay refused to queue the message, e.g. after a close frame was queued (`WSLAY_ERR_*` code).
    case sendRejected(wslayError: Int32)
    /// `receiveText` got something other than a text message (pings and pongs are skipped).
    case unexpectedEvent(WebSocketClientEvent)
}
