import Synchronization

/// When a WebSocket client last sent anything, shared by a session's reader and its
/// `WebSocketKeepAlive`, which drops clients that stop answering pings.
public final class LastHeard: Sendable {
    private let value = Mutex(ContinuousClock.now)

    public init() {}

    public var instant: ContinuousClock.Instant { value.withLock { $0 } }

    public func touch() { value.withLock { $0 = ContinuousClock.now } }
}
