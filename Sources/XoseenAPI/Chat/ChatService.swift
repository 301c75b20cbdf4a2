import Foundation
import HTTPServer
import Logging
import Xoseen

/// What chat sockets share: the stores, the hub (rooms are hub groups), the safety scanner,
/// the per-user rate limit and the keep-alive timing.
struct ChatService: Sendable {
    let store: ChatStore
    let blindDates: BlindDateStore
    let admission: ChatAdmission
    let hub: WebSocketHub
    let scanner: SafetyScanner
    let limiter: ChatRateLimiter
    let clock: @Sendable () -> Date
    /// Set when instances share Redis: frames and block closes then go through every instance.
    var relay: ChatRelay?
    /// Set when instances share Redis: one rate budget per user across instances.
    var sharedLimit: SharedChatRateLimit?
    var keepAlive = WebSocketKeepAlive(ping: ChatFrames.ping)
    let logger = Logger(label: "xoseen.chat")

    /// Longest plain message, in characters.
    static let maxTextCharacters = 2000
    /// Largest frame accepted from a client (an `enc` payload carries base64 ciphertext).
    static let maxFrameBytes = 16 * 1024
    static let origin = ContinuousClock.now

    /// Shown for a blind partner until both have consented to the reveal.
    static let hiddenName = "Blind date"

    static func group(_ room: ChatRoom) -> String { "chat:" + room.description }
    static func userGroup(_ userId: String) -> String { "chat-user:" + userId }

    /// The name shown for a member: the profile's (clients cannot choose it), hidden in a blind
    /// room until the mutual reveal.
    func displayName(of user: Profile, in room: ChatRoom) async throws -> String {
        guard room.kind == .blind else { return user.displayName }
        return try await blindDates.pairing(room: room)?.isRevealed == true ? user.displayName : Self.hiddenName
    }

    /// Names by member id (the `from` of the room's frames: user ids, or aliases in a blind room).
    func displayNames(in room: ChatRoom) async throws -> [String: String] {
        var members: [(memberId: String, userId: String)] = [(room.userA, room.userA), (room.userB, room.userB)]
        var revealed = true
        if room.kind == .blind {
            guard let pairing = try await blindDates.pairing(room: room) else { return [:] }
            members = [(pairing.aliasA, pairing.userA), (pairing.aliasB, pairing.userB)]
            revealed = pairing.isRevealed
        }
        var names: [String: String] = [:]
        for (memberId, userId) in members {
            if let profile = try await admission.profiles.profile(userId) {
                names[memberId] = revealed ? profile.displayName : Self.hiddenName
            }
        }
        return names
    }

    /// The drafts the scanner lets through (suggestions are scanned like messages).
    func safe(_ drafts: [String]) -> [String] {
        drafts.filter { if case .allowed = scanner.scan($0) { true } else { false } }
    }

    /// Takes one frame from the user's budget (shared by every instance when clustered).
    func allowFrame(from userId: String, now: Double) async -> Bool {
        if let sharedLimit { return await sharedLimit.allow(userId, now: now) }
        return limiter.allow(userId, now: now)
    }

    /// Sends a stored record's frame to the room's sockets — on every instance when clustered, in `seq` order.
    func deliver(_ frame: String, room: ChatRoom, seq: Int, except excluded: UInt64? = nil) {
        if let relay {
            relay.publish(.frame(group: Self.group(room), room: room.description, seq: seq, frame: frame, except: excluded))
        } else {
            hub.send(frame, toGroup: Self.group(room), except: excluded)
        }
    }

    /// Sends a frame to the room's sockets except those of `userId` (on every instance when clustered).
    func alert(_ frame: String, room: ChatRoom, exceptUser userId: String) {
        if let relay {
            relay.publish(.alert(group: Self.group(room), frame: frame, exceptUser: userId))
        } else {
            alertHere(frame, group: Self.group(room), exceptUser: userId)
        }
    }

    func alertHere(_ frame: String, group: String, exceptUser userId: String) {
        for member in hub.members(of: group) where member.request.query["user"] != userId {
            member.send(text: frame)
        }
    }

    /// A block ends the pair's chats at once: their sockets in the match room and in their blind
    /// room (named by aliases) close with 4401, on every instance.
    func closeRooms(between x: String, and y: String) async throws {
        if let relay {
            relay.publish(.close(userX: x, userY: y))
        } else {
            try await closeRoomsHere(between: x, and: y)
        }
    }

    func closeRoomsHere(between x: String, and y: String) async throws {
        var rooms = [ChatRoom(kind: .match, between: x, and: y)]
        if let pairing = try await blindDates.pairing(x, y) { rooms.append(pairing.room) }
        for room in rooms {
            for connection in hub.members(of: Self.group(room)) {
                connection.close(.unauthorized, reason: ErrorCode.blocked.closeReason("this chat is closed"))
            }
        }
    }
}
