import Xoseen

/// `GET /web/suggestions`.
struct StartersAnswer: Encodable {
    let ok: Bool
    let starters: [String]
}

/// `POST /web/reply-suggest` body: `history` entries are either strings or objects with
/// `text` and an optional author (`from`, `user` or `sender`).
struct ReplySuggestBody: Decodable {
    let user: String
    let history: [HistoryEntry]

    struct HistoryEntry: Decodable {
        let line: ReplyDrafts.Line

        enum Keys: String, CodingKey { case text, from, user, sender }

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                line = ReplyDrafts.Line(from: nil, text: text)
                return
            }
            let object = try decoder.container(keyedBy: Keys.self)
            let from = try object.decodeIfPresent(String.self, forKey: .from) ?? object.decodeIfPresent(String.self, forKey: .user)
                ?? object.decodeIfPresent(String.self, forKey: .sender)
            line = ReplyDrafts.Line(from: from, text: try object.decode(String.self, forKey: .text))
        }
    }
}

struct ReplySuggestAnswer: Encodable {
    let ok: Bool
    let suggestions: [String]
}

/// `POST /web/blind/next`: identity hidden — deliberately no `displayName`, no `photoUrl`.
struct BlindNextAnswer: Encodable {
    let available: Bool
    let candidateId: String?
    let cityArea: String?
    let ageDisplayed: Int?
    let sharedInterests: [String]?
    let score: Double?

    static let none = BlindNextAnswer(available: false, candidateId: nil, cityArea: nil, ageDisplayed: nil, sharedInterests: nil,
                                      score: nil)
    static let allowedKeys: Set<String> = ["available", "candidateId", "cityArea", "ageDisplayed", "sharedInterests", "score"]
}

/// `POST /web/blind/reveal`: `displayName` (and `photoUrl`) only once both have consented.
struct BlindRevealAnswer: Encodable {
    let ok: Bool
    /// `pending` (waiting for the other side) or `revealed`.
    let status: String
    let revealed: Bool
    let displayName: String?
    let photoUrl: String?
}
