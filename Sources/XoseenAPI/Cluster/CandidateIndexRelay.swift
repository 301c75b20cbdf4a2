import ClusterBus
import Foundation
import Xoseen

/// Keeps every instance's candidate index in step (`REDIS_URL`): a profile save (verification
/// included) or a first-time decision made through one instance is published, and the others re-read
/// the profile from the database (or count the decision) — within milliseconds, well inside the
/// second the feed promises. Blocks, reveals and per-viewer decisions are read from the database
/// per request, so they need nothing here. After Redis restarts the index is rebuilt from the database.
enum CandidateIndexRelay {
    static let channel = "xoseen:index"

    private struct Envelope: Codable {
        var origin: String
        var kind: String
        var user: String
        var candidate: String?
        var like: Bool?
    }

    private enum Inbox: Sendable {
        case envelope(Envelope)
        case rebuild
    }

    static func connect(_ index: CandidateIndex, profiles: ProfileStore, matching: MatchingStore, to bus: RedisBus) {
        let instance = UUID().uuidString
        let (stream, inbox) = AsyncStream.makeStream(of: Inbox.self, bufferingPolicy: .bufferingNewest(100_000))
        // One consumer, so changes apply in the order they were published.
        Task.detached {
            for await item in stream {
                switch item {
                case .envelope(let envelope):
                    switch envelope.kind {
                    case "profile":
                        if let profile = try? await profiles.profile(envelope.user) { index.applyPeerProfile(profile) }
                    case "decision":
                        index.applyPeerDecision(by: envelope.user, about: envelope.candidate, like: envelope.like ?? false)
                    default:
                        break
                    }
                case .rebuild:
                    try? await index.load(profiles: profiles, matching: matching)
                }
            }
        }
        bus.subscribe(channel) { payload in
            guard let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(payload.utf8)), envelope.origin != instance
            else { return }
            inbox.yield(.envelope(envelope))
        } onResubscribe: {
            inbox.yield(.rebuild)
        }
        index.observeLocalChanges { change in
            let envelope: Envelope
            switch change {
            case .profile(let userId):
                envelope = Envelope(origin: instance, kind: "profile", user: userId)
            case .decision(let viewerId, let candidateId, let like):
                envelope = Envelope(origin: instance, kind: "decision", user: viewerId, candidate: candidateId, like: like)
            }
            guard let data = try? JSONEncoder().encode(envelope) else { return }
            bus.publish(channel, String(decoding: data, as: UTF8.self))
        }
    }
}
