import Foundation

/// `POST /web/matches`: one card per match, the PII allow-list of a feed card (no exact
/// location, DOB, legal name or document data) plus the chat room the two share.
struct MatchDTO: Encodable {
    let candidateId: String
    let displayName: String
    let ageDisplayed: Int
    let cityArea: String
    let photoUrl: String
    /// `match:<a>:<b>`, ids sorted: the room `/ws/chat` admits the two to.
    let room: String
    let matchedAt: Date

    static let allowedKeys: Set<String> = [
        "candidateId", "displayName", "ageDisplayed", "cityArea", "photoUrl", "room", "matchedAt",
    ]
}

struct MatchesAnswer: Encodable {
    let ok: Bool
    let matches: [MatchDTO]
}
