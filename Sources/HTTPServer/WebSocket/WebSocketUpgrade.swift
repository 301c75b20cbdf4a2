/// What a WebSocket route returns to accept the upgrade.
public struct WebSocketUpgrade: Sendable {
    /// Largest message accepted from the client; larger ones close with 1009.
    public var maxMessageBytes: Int
    /// Bytes allowed to wait for a slow client, control replies (pongs, close) included.
    /// An application send beyond it disconnects the client (1008); while the queue is over it
    /// the server stops reading from the client, and one stuck there for 20 s is cut (1008).
    public var sendQueueLimitBytes: Int
    /// Control frames (ping, pong) the client may send at once, and per second after that;
    /// beyond the budget the connection closes with 1008.
    public var controlFrameBurst: Int
    public var controlFramesPerSecond: Double
    /// Messages allowed to wait unread by the session; a client flooding faster than the
    /// session reads is disconnected (1008).
    public var receiveQueueLimit: Int
    /// Runs for the life of the connection in its own task; `connection.messages` ends when
    /// the socket closes.
    public var onOpen: @Sendable (WebSocketConnection) async -> Void

    public init(
        maxMessageBytes: Int = 1 << 20, sendQueueLimitBytes: Int = 4 << 20, receiveQueueLimit: Int = 1024,
        controlFrameBurst: Int = 64, controlFramesPerSecond: Double = 4,
        onOpen: @escaping @Sendable (WebSocketConnection) async -> Void
    ) {
        self.maxMessageBytes = maxMessageBytes
        self.sendQueueLimitBytes = sendQueueLimitBytes
        self.controlFrameBurst = controlFrameBurst
        self.controlFramesPerSecond = controlFramesPerSecond
        self.receiveQueueLimit = receiveQueueLimit
        self.onOpen = onOpen
    }
}

/// A message from the client.
public enum WebSocketMessage: Sendable, Equatable {
    case text(String)
    case binary([UInt8])
}

/// Close codes (RFC 6455 §7.4) plus the application range products use (4000–4999).
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    public static let normal = WebSocketCloseCode(1000)
    public static let goingAway = WebSocketCloseCode(1001)
    public static let protocolError = WebSocketCloseCode(1002)
    public static let unsupportedData = WebSocketCloseCode(1003)
    public static let abnormal = WebSocketCloseCode(1006)
    public static let invalidPayload = WebSocketCloseCode(1007)
    public static let policyViolation = WebSocketCloseCode(1008)
    public static let messageTooBig = WebSocketCloseCode(1009)
    public static let internalError = WebSocketCloseCode(1011)
    public static let tryAgainLater = WebSocketCloseCode(1013)
    /// Application code both products use for "authenticate again".
    public static let unauthorized = WebSocketCloseCode(4401)
}
