import Foundation
import HTTPServer
import Xoseen

/// The chat socket's wire format, in one place. Server frames: `history`, `message`,
/// `blocked`, `pubkey`, `enc`, `capture_alert`, `ping`, `error`; `ts` is epoch seconds.
/// Client frames: `{"text": …}` (or `{"type":"message","text":…}`), `pubkey`, `enc`,
/// `capture_alert`, `pong`; any of them may carry a client `id`, echoed as `clientId` so
/// the app can match its pending bubble to the echo or the `blocked` answer.
enum ChatFrames {
    static let encoder = WireJSONEncoder(dateStyle: .secondsSince1970, omitNilKeys: true)

    struct Message: Encodable {
        var type = "message"
        let room: String
        let seq: Int
        let from: String
        let name: String
        let text: String
        let ts: Double
        var clientId: String?
    }

    /// The server-set members of a relayed `enc`/`pubkey` frame; the sender's payload follows them.
    struct RelayHead: Encodable {
        let type: String
        let room: String
        let seq: Int
        let from: String
        let name: String
        let ts: Double
        var clientId: String?
    }

    struct Blocked: Encodable {
        var type = "blocked"
        let room: String
        /// The scanner's category (`off_platform`, `money_scam`, …).
        let category: String
        /// Stable reason code within the category.
        let reason: String
        var clientId: String?
    }

    struct CaptureAlert: Encodable {
        var type = "capture_alert"
        let room: String
        let from: String
        let name: String
        let ts: Double
    }

    struct Failure: Encodable {
        var type = "error"
        let code: String
        let message: String
        var clientId: String?
    }

    static func encode(_ value: some Encodable) -> String {
        String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// A stored record as the frame members receive (live and in `history`). `enc` and
    /// `pubkey` bodies are the sender's JSON object, relayed verbatim beside the server's
    /// `type`/`room`/`seq`/`from`/`name`/`ts`.
    static func frame(_ record: ChatStore.Record, displayName: String, clientId: String? = nil) -> String {
        let ts = record.sentAt.timeIntervalSince1970
        switch record.kind {
        case .message:
            return encode(
                Message(
                    room: record.room, seq: record.seq, from: record.senderId, name: displayName, text: record.body,
                    ts: ts, clientId: clientId))
        case .enc, .pubkey:
            let head = encode(
                RelayHead(
                    type: record.kind.rawValue, room: record.room, seq: record.seq, from: record.senderId,
                    name: displayName, ts: ts, clientId: clientId))
            // Splice the opaque payload's members in after the server's.
            let payload = record.body.dropFirst()
            return payload == "}" ? head : String(head.dropLast()) + "," + payload
        }
    }

    static func history(room: String, frames: [String]) -> String {
        #"{"type":"history","room":"# + encode(room) + #","messages":["# + frames.joined(separator: ",") + "]}"
    }

    static let ping = #"{"type":"ping"}"#

    /// Keys the server sets on relayed frames; a client cannot spoof them.
    static let reservedKeys: Set<String> = ["type", "room", "seq", "from", "name", "ts", "id", "clientId"]

    /// The opaque part of an `enc`/`pubkey` frame, re-serialised as a JSON object (sorted keys).
    static func opaquePayload(of object: [String: Any]) -> String? {
        let payload = object.filter { !reservedKeys.contains($0.key) }
        guard !payload.isEmpty, let data = try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys]) else {
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }
}
