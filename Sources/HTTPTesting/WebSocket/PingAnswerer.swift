import Synchronization

/// Answers every keep-alive ping a client receives, in the background, and counts them: a test
/// can then wait for something else (another client being dropped) while this one stays alive.
/// Time is counted in pings received rather than seconds, since a loaded machine runs timers late.
public final class PingAnswerer: Sendable {
    private final class Tally: Sendable {
        let state = Mutex((pings: 0, closed: false))
    }
    private let tally = Tally()
    private let task: Mutex<Task<Void, Never>?> = Mutex(nil)

    /// Starts answering: a text frame equal to `ping` is answered with `pong`.
    public init(_ client: WebSocketClient, ping: String, pong: String) {
        let started = Task { [tally] in
            while !Task.isCancelled {
                switch try? await client.receive(timeout: .seconds(30)) {
                case .text(let text) where text == ping:
                    tally.state.withLock { $0.pings += 1 }
                    try? await client.send(text: pong)
                case .close, nil:
                    tally.state.withLock { $0.closed = true }
                    return
                default: continue
                }
            }
        }
        task.withLock { $0 = started }
    }

    deinit { task.withLock { $0?.cancel() } }

    public var pings: Int { tally.state.withLock { $0.pings } }
    /// True once the server closed the connection (or it failed).
    public var isClosed: Bool { tally.state.withLock { $0.closed } }

    /// Waits until `count` pings in all were answered, the connection closed, or `timeout` passed;
    /// true when the count was reached.
    public func waitFor(pings count: Int, timeout: Duration = .seconds(30)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while pings < count, !isClosed, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return pings >= count
    }
}
