import ClusterBus
import Foundation
import Xoseen

/// Keeps every instance's candidate index in step (`REDIS_URL`): a profile save (verification
/// included), a first-time decision or a block made through one instance is published, and the
/// others re-read the profile from the database, or count the decision and add it (or the block) to
/// the viewers' cached exclusions — within milliseconds, well inside the second the feed promises.
/// Reveals are read from the database. After Redis restarts the index is rebuilt from the database
/// (and the exclusions cache emptied: changes published meanwhile were lost).
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
                    case "block":
                        if let blocked = envelope.candidate { index.applyPeerBlock(envelope.user, blocked) }
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
            case .block(let blockerId, let blockedId):
                envelope = Envelope(origin: instance, kind: "block", user: blockerId, candidate: blockedId)
            }
            guard let data = try? JSONEncoder().encode(envelope) else { return }
            bus.publish(channel, String(decoding: data, as: UTF8.self))
        }
    }
}
