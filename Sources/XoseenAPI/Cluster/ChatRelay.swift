import ClusterBus
import Foundation
import Xoseen

/// Chat across instances (`REDIS_URL`): every stored frame, capture alert and block close is published
/// on one Redis channel (`ChatNoticeCoding`; notices queued together share one PUBLISH) and applied by
/// every instance (this one included) to its own sockets.
///
/// Order: each instance delivers a room's frames in `seq` order. A frame that arrives after a later one
/// was delivered is dropped; one that skips ahead first gets the missing records from the database
/// (they are committed before they are published), and so does every room with sockets here after
/// Redis comes back (`onResubscribe`). The database stays the record; Redis only says "look".
final class ChatRelay: Sendable {
    static let channel = "xoseen:chat"

    enum Notice: Sendable {
        case frame(group: String, room: String, seq: Int, frame: String, except: UInt64?)
        case alert(group: String, frame: String, exceptUser: String)
        case close(userX: String, userY: String)
    }

    private typealias Envelope = ChatNoticeCoding.Envelope

    private enum Inbox: Sendable {
        /// The notices of one PUBLISH, in order.
        case envelopes([Envelope])
        case recover
    }

    private let bus: RedisBus
    private let instance = UUID().uuidString
    private let inbox: AsyncStream<Inbox>.Continuation

    /// `chat` is the service without a relay (what this instance does with a notice).
    init(bus: RedisBus, chat: ChatService) {
        self.bus = bus
        let (stream, inbox) = AsyncStream.makeStream(of: Inbox.self, bufferingPolicy: .bufferingNewest(100_000))
        self.inbox = inbox
        let instance = instance
        // One consumer, so notices apply in the order Redis delivered them.
        Task.detached {
            var receiver = Receiver(chat: chat, instance: instance)
            for await item in stream {
                switch item {
                case .envelopes(let envelopes):
                    for envelope in envelopes { await receiver.apply(envelope) }
                case .recover: await receiver.recoverAll()
                }
            }
        }
        bus.subscribe(Self.channel) { payload in
            inbox.yield(.envelopes(ChatNoticeCoding.decode(payload)))
        } onResubscribe: {
            inbox.yield(.recover)
        }
    }

    func publish(_ notice: Notice) {
        var envelope = Envelope(origin: instance, kind: "")
        switch notice {
        case .frame(let group, let room, let seq, let frame, let except):
            (envelope.kind, envelope.group, envelope.room, envelope.seq, envelope.frame, envelope.except) =
                ("frame", group, room, seq, frame, except)
        case .alert(let group, let frame, let exceptUser):
            (envelope.kind, envelope.group, envelope.frame, envelope.user) = ("alert", group, frame, exceptUser)
        case .close(let x, let y):
            (envelope.kind, envelope.user, envelope.peer) = ("close", x, y)
        }
        bus.publish(Self.channel, ChatNoticeCoding.encode(envelope), joinable: true)
    }

    /// The consumer's state: the last `seq` delivered per room that has sockets here.
    private struct Receiver {
        let chat: ChatService
        let instance: String
        var delivered: [String: Int] = [:]

        mutating func apply(_ envelope: Envelope) async {
            switch envelope.kind {
            case "frame":
                guard let group = envelope.group, let roomId = envelope.room, let seq = envelope.seq, let frame = envelope.frame
                else { return }
                guard chat.hub.count(inGroup: group) > 0 else {
                    delivered[group] = nil
                    return
                }
                if let last = delivered[group] {
                    if seq <= last { return }
                    // The room id is parsed only when a gap needs the database.
                    if seq > last + 1, case .success(let room) = ChatRoom.parse(roomId) {
                        await fill(room, group: group, after: last, before: seq)
                    }
                }
                chat.hub.send(frame, toGroup: group, except: envelope.origin == instance ? envelope.except : nil)
                delivered[group] = seq
                if delivered.count > 50_000 { delivered = delivered.filter { chat.hub.count(inGroup: $0.key) > 0 } }
            case "alert":
                guard let group = envelope.group, let frame = envelope.frame, let user = envelope.user else { return }
                chat.alertHere(frame, group: group, exceptUser: user)
            case "close":
                guard let x = envelope.user, let y = envelope.peer else { return }
                do {
                    try await chat.closeRoomsHere(between: x, and: y)
                } catch {
                    chat.logger.error("closing blocked rooms failed", ["error": "\(error)"])
                }
            default:
                return
            }
        }

        /// Redis came back: every room with sockets here gets what was stored meanwhile.
        mutating func recoverAll() async {
            for (group, last) in delivered {
                guard case .success(let room) = ChatRoom.parse(String(group.dropFirst("chat:".count))) else { continue }
                await fill(room, group: group, after: last, before: Int.max)
            }
        }

        private mutating func fill(_ room: ChatRoom, group: String, after last: Int, before: Int) async {
            do {
                let missing = try await chat.store.records(room: room, after: last, before: before)
                guard !missing.isEmpty else { return }
                let names = try await chat.displayNames(in: room)
                for record in missing {
                    chat.hub.send(ChatFrames.frame(record, displayName: names[record.senderId] ?? ""), toGroup: group)
                    delivered[group] = record.seq
                }
            } catch {
                chat.logger.error("chat gap recovery failed", ["room": "\(room)", "error": "\(error)"])
            }
        }
    }
}
