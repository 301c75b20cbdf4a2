import Foundation
import Synchronization

/// What happens in the news domain that live clients care about. The API layer turns these
/// into WebSocket frames; the domain never knows about sockets.
public enum JarvisEvent: Sendable, Equatable {
    case feedHealth(feedId: String, health: FeedHealth, failureCount: Int)
    case storyCreated(storyId: String)
    case storyUpdated(storyId: String, signalScore: Int, sourceCount: Int)
    case storyStale(storyId: String)
    /// A shown story's content changed without its score or source count moving (headline,
    /// summary, sources). Internal: caches of story pages listen; live clients are not told.
    case storyRevised(storyId: String)

    /// Whether the event says a story changed (every case but feed health).
    public var changesStories: Bool {
        if case .feedHealth = self { return false }
        return true
    }
}

/// Fan-out of domain events to any number of subscribers. Publishing never blocks; a
/// subscriber that falls far behind loses its oldest events rather than growing memory.
///
/// With several instances a relay (Redis) carries each event to every instance, which hands it to
/// its own subscribers through `deliver`; without one, `publish` delivers here directly.
public final class JarvisEventBus: Sendable {
    private let subscribers = Mutex<[UInt64: AsyncStream<JarvisEvent>.Continuation]>([:])
    private let nextID = Atomic<UInt64>(0)
    private let relay = Mutex<(@Sendable (JarvisEvent) -> Void)?>(nil)
    /// Called synchronously with every event, local or relayed (see `watch`).
    private let watchers = Mutex<[@Sendable (JarvisEvent) -> Void]>([])

    public init() {}

    public func publish(_ event: JarvisEvent) {
        if let relay = relay.withLock({ $0 }) {
            // This instance's watchers learn at once, not a Redis round trip later (they hear the
            // event again when it comes back, which they must tolerate).
            notifyWatchers(event)
            relay(event)
        } else {
            deliver(event)
        }
    }

    /// Hands `event` to this instance's subscribers (the relay calls it for every instance's events).
    public func deliver(_ event: JarvisEvent) {
        notifyWatchers(event)
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(event) }
    }

    /// Calls `watcher` synchronously, on the publishing thread, with every later event: this
    /// instance's before `publish` returns, other instances' as the relay delivers them. For
    /// invalidating caches, which must not lag a write the way a stream consumer would; a watcher
    /// must be quick and must not publish.
    public func watch(_ watcher: @escaping @Sendable (JarvisEvent) -> Void) {
        watchers.withLock { $0.append(watcher) }
    }

    private func notifyWatchers(_ event: JarvisEvent) {
        for watcher in watchers.withLock({ $0 }) { watcher(event) }
    }

    /// Routes every later `publish` through `relay` (which must come back through `deliver`).
    public func setRelay(_ relay: @escaping @Sendable (JarvisEvent) -> Void) {
        self.relay.withLock { $0 = relay }
    }

    /// A stream of every event published from now on; it ends when the caller stops iterating.
    public func subscribe(buffer: Int = 1024) -> AsyncStream<JarvisEvent> {
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        let (stream, continuation) = AsyncStream.makeStream(of: JarvisEvent.self, bufferingPolicy: .bufferingNewest(buffer))
        continuation.onTermination = { [weak self] _ in _ = self?.subscribers.withLock { $0.removeValue(forKey: id) } }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    public var subscriberCount: Int { subscribers.withLock { $0.count } }
}
