/// What one chat notice looks like on the Redis channel: a header line of space-separated fields, then a
/// body of exactly the header's byte count — `frame ORIGIN GROUP ROOM SEQ EXCEPT LENGTH\nFRAME`,
/// `alert ORIGIN GROUP USER - - LENGTH\nFRAME`, `close ORIGIN USER PEER - - 0\n`. The fields are ids that
/// hold no space or newline (room ids and user ids are `[A-Za-z0-9_:-]`, the origin a UUID); the body is
/// the frame's JSON as sent to sockets. Notices are self-delimiting, so several can travel in one
/// PUBLISH (the bus joins what is queued together) and cost one small parse each, not a JSON decode.
enum ChatNoticeCoding {
    struct Envelope: Sendable, Equatable {
        var origin: String
        var kind: String
        var group: String?
        var room: String?
        var seq: Int?
        var frame: String?
        var except: UInt64?
        var user: String?
        var peer: String?
    }

    static func encode(_ envelope: Envelope) -> String {
        let fields: [String]
        switch envelope.kind {
        case "frame":
            fields = [
                envelope.group ?? "-", envelope.room ?? "-", String(envelope.seq ?? 0), envelope.except.map { String($0) } ?? "-",
            ]
        case "alert": fields = [envelope.group ?? "-", envelope.user ?? "-", "-", "-"]
        default: fields = [envelope.user ?? "-", envelope.peer ?? "-", "-", "-"]
        }
        let body = envelope.frame ?? ""
        return ([envelope.kind, envelope.origin] + fields + [String(body.utf8.count)]).joined(separator: " ") + "\n" + body
    }

    /// Every notice in `payload`, in order; decoding stops at the first malformed one.
    static func decode(_ payload: String) -> [Envelope] {
        var bytes = payload.utf8[...]
        var envelopes: [Envelope] = []
        while !bytes.isEmpty {
            guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { break }
            let fields = bytes[..<newline].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 7, let length = Int(fields[6]), length >= 0 else { break }
            let rest = bytes[bytes.index(after: newline)...]
            guard rest.count >= length else { break }
            let bodyEnd = rest.index(rest.startIndex, offsetBy: length)
            let body = String(decoding: rest[..<bodyEnd], as: UTF8.self)
            bytes = rest[bodyEnd...]
            func field(_ index: Int) -> String? { fields[index] == "-" ? nil : fields[index] }
            var envelope = Envelope(origin: fields[1], kind: fields[0])
            switch envelope.kind {
            case "frame":
                (envelope.group, envelope.room, envelope.seq, envelope.except, envelope.frame) =
                    (field(2), field(3), Int(fields[4]), field(5).flatMap { UInt64($0) }, body)
            case "alert":
                (envelope.group, envelope.user, envelope.frame) = (field(2), field(3), body)
            default:
                (envelope.user, envelope.peer) = (field(2), field(3))
            }
            envelopes.append(envelope)
        }
        return envelopes
    }
}
