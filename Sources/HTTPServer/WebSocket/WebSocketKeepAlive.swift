/// The keep-alive of every product socket: a ping text frame every `pingInterval`, and a client
/// that has sent nothing for `pongTimeout` is closed (1001 "no pong"). Any frame proves the client
/// alive, not only the pong, so a busy client is never dropped. The ping is a text frame the
/// product names (both apps answer `{"type":"pong"}` to `{"type":"ping"}`) because the mobile
/// clients' WebSocket APIs do not surface protocol-level pings; wslay still answers those itself.
public struct WebSocketKeepAlive: Sendable {
    public var pingInterval: Duration
    public var pongTimeout: Duration
    /// The text frame sent as a ping.
    public var ping: String

    public init(pingInterval: Duration = .seconds(30), pongTimeout: Duration = .seconds(75), ping: String) {
        self.pingInterval = pingInterval
        self.pongTimeout = pongTimeout
        self.ping = ping
    }

    /// Pings `connection` until the task is cancelled, the connection closes, or `lastHeard`
    /// (touched by the session's reader on every frame) is older than `pongTimeout`, when it closes
    /// the connection. Run it beside the reader in the session's task group.
    public func run(on connection: WebSocketConnection, lastHeard: LastHeard) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: pingInterval)
            if Task.isCancelled { return }
            if ContinuousClock.now - lastHeard.instant > pongTimeout {
                connection.close(.goingAway, reason: "no pong")
                return
            }
            guard connection.send(text: ping) else { return }
        }
    }
}
