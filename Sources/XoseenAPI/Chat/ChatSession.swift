import Foundation
import HTTPServer
import Logging
import Xoseen

/// One admitted socket in one room, for its lifetime: the `history` frame on join, then every
/// client frame in order. Plain text is scanned before anyone else sees it: a blocked message
/// is never stored or delivered, and only this socket gets a `blocked` frame. `enc`/`pubkey`
/// are relayed blind (ciphertext cannot be scanned), `capture_alert` goes to the other user.
struct ChatSession {
    let connection: WebSocketConnection
    let room: ChatRoom
    let user: Profile
    /// The user's id in this room: the user id, or the pairing alias in a blind room (frames' `from`).
    let memberId: String
    let chat: ChatService

    /// Consecutive over-limit frames tolerated before the socket is closed as a flood.
    static let floodStrikes = 5

    var group: String { ChatService.group(room) }

    func run() async {
        chat.hub.join(connection, group: group)
        chat.hub.join(connection, group: ChatService.userGroup(user.userId))
        do {
            let records = try await chat.store.history(room: room)
            let names = try await chat.displayNames(in: room)
            connection.send(
                text: ChatFrames.history(
                    room: room.description,
                    frames: records.map { ChatFrames.frame($0, displayName: names[$0.senderId] ?? "") }))
        } catch {
            chat.logger.error("chat history failed", ["room": "\(room)", "error": "\(error)"])
            connection.close(.internalError, reason: "history unavailable")
            return
        }
        let lastHeard = LastHeard()
        await withTaskGroup(of: Void.self) { tasks in
            tasks.addTask { await chat.keepAlive.run(on: connection, lastHeard: lastHeard) }
            tasks.addTask {
                var strikes = 0
                for await message in connection.messages {
                    lastHeard.touch()
                    // Every frame costs the user one token — pongs, binary and malformed frames
                    // included — before any of it is looked at, so no kind of frame is free to flood.
                    let allowed = await chat.allowFrame(from: user.userId, now: ContinuousClock.now.secondsSinceStart)
                    guard case .text(let text) = message else {
                        if allowed {
                            strikes = 0
                            reply(error: .unsupportedFrame, "Send JSON text frames.", clientId: nil)
                        } else if refuse(clientId: nil, strikes: &strikes) == .close {
                            break
                        }
                        continue
                    }
                    if await handle(text, allowed: allowed, strikes: &strikes) == .close { break }
                }
            }
            await tasks.next()
            tasks.cancelAll()
        }
    }

    enum Next { case `continue`, close }

    /// An over-budget frame: answered `rate_limited`; `floodStrikes` in a row close the socket.
    func refuse(clientId: String?, strikes: inout Int) -> Next {
        strikes += 1
        if strikes >= Self.floodStrikes {
            connection.close(.policyViolation, reason: ErrorCode.flood.closeReason("too many messages"))
            return .close
        }
        reply(error: .rateLimited, "Too many messages; slow down.", clientId: clientId)
        return .continue
    }

    /// One text frame; `allowed` is whether the user's budget covered it (already taken).
    func handle(_ text: String, allowed: Bool, strikes: inout Int) async -> Next {
        let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
        let clientId = (object?["id"] as? String).map { String($0.prefix(64)) }
        guard allowed else { return refuse(clientId: clientId, strikes: &strikes) }
        strikes = 0
        guard let object else {
            reply(error: .invalidFrame, "A frame is a JSON object.", clientId: nil)
            return .continue
        }
        guard !NULEscape.isPresent(in: Array(text.utf8)) else {
            reply(error: .invalidFrame, "Text must not contain the NUL character (\\u0000).", clientId: clientId)
            return .continue
        }
        let type = object["type"] as? String ?? (object["text"] != nil ? "message" : "")
        if type == "pong" { return .continue }
        do {
            switch type {
            case "message":
                try await sendText(object["text"], clientId: clientId)
            case "enc", "pubkey":
                guard let payload = ChatFrames.opaquePayload(of: object) else {
                    reply(error: .invalidFrame, "\(type) needs a payload.", clientId: clientId)
                    return .continue
                }
                let record = try await chat.store.append(
                    room: room, kind: type == "enc" ? .enc : .pubkey, senderId: memberId,
                    senderName: user.displayName, body: payload, at: chat.clock())
                let frame = ChatFrames.frame(
                    record, displayName: try await chat.displayName(of: user, in: room), clientId: clientId)
                chat.deliver(frame, room: room, seq: record.seq, except: type == "pubkey" ? connection.id : nil)
            case "capture_alert":
                let alert = ChatFrames.CaptureAlert(
                    room: room.description, from: memberId,
                    name: try await chat.displayName(of: user, in: room),
                    ts: chat.clock().timeIntervalSince1970)
                chat.alert(ChatFrames.encode(alert), room: room, exceptUser: user.userId)
            default:
                reply(error: .unknownType, "Frame type must be message, enc, pubkey, capture_alert or pong.", clientId: clientId)
            }
        } catch {
            chat.logger.error("chat frame failed", ["room": "\(room)", "error": "\(error)"])
            reply(error: "internal", "The message was not sent; try again.", clientId: clientId)
        }
        return .continue
    }

    func sendText(_ value: Any?, clientId: String?) async throws {
        guard let raw = value as? String else {
            reply(error: .invalidFrame, "text must be a string.", clientId: clientId)
            return
        }
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            reply(error: .emptyMessage, "text is empty.", clientId: clientId)
            return
        }
        guard text.count <= ChatService.maxTextCharacters else {
            reply(error: .messageTooLong, "text is longer than \(ChatService.maxTextCharacters) characters.", clientId: clientId)
            return
        }
        if case .blocked(let category, let reason) = chat.scanner.scan(text) {
            XoseenMetrics.chatBlocked(category)
            try await chat.store.flag(
                room: room, senderId: user.userId, category: category.rawValue, reason: reason.rawValue, at: chat.clock())
            connection.send(
                text: ChatFrames.encode(
                    ChatFrames.Blocked(
                        room: room.description, category: category.rawValue,
                        reason: reason.rawValue, clientId: clientId)))
            return
        }
        let record = try await chat.store.append(
            room: room, kind: .message, senderId: memberId, senderName: user.displayName,
            body: text, at: chat.clock())
        chat.deliver(
            ChatFrames.frame(record, displayName: try await chat.displayName(of: user, in: room), clientId: clientId),
            room: room, seq: record.seq)
        XoseenMetrics.chatDelivered()
    }

    func reply(error code: ErrorCode, _ message: String, clientId: String?) {
        connection.send(text: ChatFrames.encode(ChatFrames.Failure(code: code.rawValue, message: message, clientId: clientId)))
    }
}

extension ContinuousClock.Instant {
    /// Seconds since an arbitrary fixed origin (for rate limiting).
    var secondsSinceStart: Double {
        let d = self - ChatService.origin
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}
