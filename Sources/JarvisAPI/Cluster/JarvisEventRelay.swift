import ClusterBus
import Foundation
import Jarvis

/// Carries live events between Jarvis instances over Redis (`REDIS_URL`): every event published on
/// any instance reaches the `/ws` clients of every instance. Live events are notices (the stories
/// themselves are in the shared database), so one lost while Redis restarts is not replayed.
enum JarvisEventRelay {
    static let channel = "jarvis:events"

    /// The event as it crosses the bus (an internal format between instances, not a client's wire format).
    private struct Envelope: Codable {
        var kind: String
        var id: String
        var health: String?
        var count: Int?
        var score: Int?
    }

    static func connect(_ events: JarvisEventBus, to bus: RedisBus) {
        bus.subscribe(channel) { payload in
            guard let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(payload.utf8)),
                let event = event(from: envelope)
            else { return }
            events.deliver(event)
        }
        events.setRelay { event in
            guard let data = try? JSONEncoder().encode(envelope(of: event)) else { return }
            bus.publish(channel, String(decoding: data, as: UTF8.self))
        }
    }

    private static func envelope(of event: JarvisEvent) -> Envelope {
        switch event {
        case .feedHealth(let feedId, let health, let failureCount):
            Envelope(kind: "feed.health", id: feedId, health: health.rawValue, count: failureCount)
        case .storyCreated(let storyId):
            Envelope(kind: "story.created", id: storyId)
        case .storyUpdated(let storyId, let signalScore, let sourceCount):
            Envelope(kind: "story.updated", id: storyId, count: sourceCount, score: signalScore)
        case .storyStale(let storyId):
            Envelope(kind: "story.stale", id: storyId)
        case .storyRevised(let storyId):
            Envelope(kind: "story.revised", id: storyId)
        }
    }

    private static func event(from envelope: Envelope) -> JarvisEvent? {
        switch envelope.kind {
        case "feed.health":
            guard let health = envelope.health.flatMap(FeedHealth.init(rawValue:)) else { return nil }
            return .feedHealth(feedId: envelope.id, health: health, failureCount: envelope.count ?? 0)
        case "story.created": return .storyCreated(storyId: envelope.id)
        case "story.updated":
            return .storyUpdated(storyId: envelope.id, signalScore: envelope.score ?? 0, sourceCount: envelope.count ?? 0)
        case "story.stale": return .storyStale(storyId: envelope.id)
        case "story.revised": return .storyRevised(storyId: envelope.id)
        default: return nil
        }
    }
}
