import Foundation

/// A user, as both a viewer and a discoverable candidate. Never leaves the server whole:
/// the API shapes an allow-listed view of it.
public struct Profile: Sendable, Equatable {
    public var userId: String
    public var displayName: String
    public var ageDisplayed: Int
    /// Authoritative when `verified`; self-declared otherwise.
    public var trustScore: Double
    public var intent: Intent
    public var interests: [String]
    public var cityArea: String
    public var ageMin: Int
    public var ageMax: Int
    public var maxDistanceKm: Double
    public var gender: Gender
    public var seeking: Set<Gender>
    public var asexual: Bool
    public var asexualOnly: Bool
    public var bio: String
    public var textingStyle: TextingStyle?
    public var photoSeed: String
    /// A `verified` verification decision is on file (the only thing that sets the badge).
    public var verified: Bool
    public var isSeed: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        userId: String, displayName: String, ageDisplayed: Int, trustScore: Double, intent: Intent, interests: [String],
        cityArea: String, ageMin: Int, ageMax: Int, maxDistanceKm: Double, gender: Gender, seeking: Set<Gender>,
        asexual: Bool, asexualOnly: Bool, bio: String, textingStyle: TextingStyle?, photoSeed: String, verified: Bool,
        isSeed: Bool, createdAt: Date, updatedAt: Date
    ) {
        self.userId = userId
        self.displayName = displayName
        self.ageDisplayed = ageDisplayed
        self.trustScore = trustScore
        self.intent = intent
        self.interests = interests
        self.cityArea = cityArea
        self.ageMin = ageMin
        self.ageMax = ageMax
        self.maxDistanceKm = maxDistanceKm
        self.gender = gender
        self.seeking = seeking
        self.asexual = asexual
        self.asexualOnly = asexualOnly
        self.bio = bio
        self.textingStyle = textingStyle
        self.photoSeed = photoSeed
        self.verified = verified
        self.isSeed = isSeed
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public var attraction: Attraction { Attraction(gender: gender, seeking: seeking, asexual: asexual, asexualOnly: asexualOnly) }
}

/// A profile as submitted (`POST /web/profile`), before validation.
public struct ProfileSubmission: Sendable, Equatable {
    public var userId: String?
    public var displayName: String?
    public var ageDisplayed: Int?
    public var trustScore: Double?
    public var intent: String?
    public var interests: [String]?
    public var cityArea: String?
    public var ageMin: Int?
    public var ageMax: Int?
    public var maxDistanceKm: Double?
    public var gender: String?
    public var seeking: [String]?
    public var orientation: String?
    public var asexual: Bool?
    public var asexualOnly: Bool?
    public var bio: String?

    public init(
        userId: String? = nil, displayName: String? = nil, ageDisplayed: Int? = nil, trustScore: Double? = nil,
        intent: String? = nil, interests: [String]? = nil, cityArea: String? = nil, ageMin: Int? = nil, ageMax: Int? = nil,
        maxDistanceKm: Double? = nil, gender: String? = nil, seeking: [String]? = nil, orientation: String? = nil,
        asexual: Bool? = nil, asexualOnly: Bool? = nil, bio: String? = nil
    ) {
        self.userId = userId
        self.displayName = displayName
        self.ageDisplayed = ageDisplayed
        self.trustScore = trustScore
        self.intent = intent
        self.interests = interests
        self.cityArea = cityArea
        self.ageMin = ageMin
        self.ageMax = ageMax
        self.maxDistanceKm = maxDistanceKm
        self.gender = gender
        self.seeking = seeking
        self.orientation = orientation
        self.asexual = asexual
        self.asexualOnly = asexualOnly
        self.bio = bio
    }
}
