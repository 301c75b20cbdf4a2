/// `POST /web/blind/next`: identity hidden — deliberately no `displayName`, no `photoUrl`, and
/// `candidateId` is the partner's alias in this pairing, never their user id. `room` (additive)
/// is the pairing's chat room, `blind:<alias>:<alias>`.
struct BlindNextAnswer: Encodable {
    let available: Bool
    let candidateId: String?
    let cityArea: String?
    let ageDisplayed: Int?
    let sharedInterests: [String]?
    let score: Double?
    let room: String?

    static let none = BlindNextAnswer(
        available: false, candidateId: nil, cityArea: nil, ageDisplayed: nil, sharedInterests: nil,
        score: nil, room: nil)
    static let allowedKeys: Set<String> = [
        "available", "candidateId", "cityArea", "ageDisplayed", "sharedInterests", "score", "room",
    ]
}

/// `POST /web/blind/reveal`: `displayName`, `photoUrl` and (additive) the real `userId` only once
/// both have consented.
struct BlindRevealAnswer: Encodable {
    let ok: Bool
    /// `pending` (waiting for the other side) or `revealed`.
    let status: String
    let revealed: Bool
    let displayName: String?
    let photoUrl: String?
    let userId: String?
}

/// One pairing in `POST /web/blind/pairings`: the blind card, plus identity once revealed.
struct BlindPairingDTO: Encodable {
    let candidateId: String
    let room: String
    let status: String
    let revealedByYou: Bool
    let cityArea: String
    let ageDisplayed: Int
    let sharedInterests: [String]
    let score: Double
    let displayName: String?
    let photoUrl: String?
    let userId: String?
}

struct BlindPairingsAnswer: Encodable {
    let ok: Bool
    let pairings: [BlindPairingDTO]
}
