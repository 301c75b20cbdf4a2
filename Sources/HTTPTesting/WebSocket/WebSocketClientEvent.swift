/// What the server sent, one complete message or control frame at a time.
public enum WebSocketClientEvent: Sendable, Equatable {
    case text(String)
    case binary([UInt8])
    /// The client already answered it with a pong (wslay does so automatically).
    case ping([UInt8])
    case pong([UInt8])
    /// The server's close frame; `code` is 1005 when the frame carried no status code.
    /// The client has already echoed it; the server closing TCP next shows up as `.disconnected`.
    case close(code: UInt16, reason: String)
}
