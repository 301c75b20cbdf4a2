/// `POST /web/profile` body: every field optional here, validated by `ProfileValidation`.
struct ProfileBody: Decodable {
    let userId: String?
    let displayName: String?
    let ageDisplayed: Int?
    let trustScore: Double?
    let intent: String?
    let interests: [String]?
    let cityArea: String?
    let ageMin: Int?
    let ageMax: Int?
    let maxDistanceKm: Double?
    let gender: String?
    let seeking: [String]?
    let orientation: String?
    let asexual: Bool?
    let asexualOnly: Bool?
    let bio: String?
}

struct ProfileAnswer: Encodable {
    let ok: Bool
    let viewerId: String
    let token: String
}

/// One entry of the demo picker `GET /ml/viewers`.
struct ViewerEntry: Encodable {
    let id: String
    let displayName: String
    let cityArea: String
}

struct ViewersAnswer: Encodable { let viewers: [ViewerEntry] }
