/// A chat room id: `match:<a>:<b>` or `blind:<a>:<b>`, the two user ids sorted so both peers
/// derive the same room. Parsing is strict — the seed's clients once forgot the sort and sat
/// alone in different rooms without an error, so every malformed id is refused with a reason.
public struct ChatRoom: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// A stored mutual match.
        case match
        /// A blind pairing from `POST /web/blind/next`.
        case blind
    }

    public let kind: Kind
    /// The smaller user id.
    public let userA: String
    /// The larger user id.
    public let userB: String

    public init(kind: Kind, between x: String, and y: String) {
        self.kind = kind
        (userA, userB) = x < y ? (x, y) : (y, x)
    }

    public var description: String { "\(kind.rawValue):\(userA):\(userB)" }

    public func contains(_ userId: String) -> Bool { userId == userA || userId == userB }

    /// The other member, for a member.
    public func peer(of userId: String) -> String { userId == userA ? userB : userA }

    /// Why a room id was refused; the text goes into the 4401 close reason.
    public enum ParseError: Error, Sendable, Equatable {
        case malformed
        case unknownKind(String)
        case sameUser
        case unsorted(expected: String)

        public var reason: String {
            switch self {
            case .malformed: "room must be match:<a>:<b> or blind:<a>:<b>"
            case .unknownKind: "room kind must be match or blind"
            case .sameUser: "room needs two different users"
            case .unsorted: "room ids must be sorted"
            }
        }
    }

    /// Parses a room id. User ids are 1–64 characters of `[A-Za-z0-9_-]` (what profiles allow).
    public static func parse(_ text: String) -> Result<ChatRoom, ParseError> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }), parts[1...].allSatisfy(isUserId) else {
            return .failure(.malformed)
        }
        guard let kind = Kind(rawValue: String(parts[0])) else { return .failure(.unknownKind(String(parts[0]))) }
        let a = String(parts[1])
        let b = String(parts[2])
        guard a != b else { return .failure(.sameUser) }
        let room = ChatRoom(kind: kind, between: a, and: b)
        guard room.userA == a else { return .failure(.unsorted(expected: room.description)) }
        return .success(room)
    }

    static func isUserId(_ s: Substring) -> Bool {
        s.utf8.count <= 64
            && s.utf8.allSatisfy { c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x2D
            }
    }
}
