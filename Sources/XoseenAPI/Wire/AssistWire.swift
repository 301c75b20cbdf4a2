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
            let from =
                try object.decodeIfPresent(String.self, forKey: .from) ?? object.decodeIfPresent(String.self, forKey: .user)
                ?? object.decodeIfPresent(String.self, forKey: .sender)
            line = ReplyDrafts.Line(from: from, text: try object.decode(String.self, forKey: .text))
        }
    }
}

struct ReplySuggestAnswer: Encodable {
    let ok: Bool
    let suggestions: [String]
}
