import Foundation
import Synchronization

/// What happens in the news domain that live clients care about. The API layer turns these
/// into WebSocket frames; the domain never knows about sockets.
public enum JarvisEvent: Sendable, Equatable {
    case feedHealth(feedId: String, health: FeedHealth, failureCount: Int)
    case storyCreated(storyId: String)
    case storyUpdated(storyId: String, signalScore: Int, sourceCount: Int)
    case storyStale(storyId: String)
}

/// Fan-out of domain events to any number of subscribers. Publishing never blocks; a
/// subscriber that falls far behind loses its oldest events rather than growing memory.
public final class JarvisEventBus: Sendable {
    private let subscribers = Mutex<[UInt64: AsyncStream<JarvisEvent>.Continuation]>([:])
    private let nextID = Atomic<UInt64>(0)

    public init() {}

    public func publish(_ event: JarvisEvent) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(event) }
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
