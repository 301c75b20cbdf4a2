import Foundation

/// One seed persona: everything the profile layer stores and the ranker reads. A plain value; the profile layer
/// maps it to its own type. Enum fields use the vocabulary types, so a persona cannot hold an unknown value.
public struct PersonaProfile: Sendable, Hashable, Codable {
    /// `usr_` + 8 lower-case base-36 characters; never contains a dot (tokens are `user_id.expiry.sig`).
    public var userId: String
    public var displayName: String
    public var ageDisplayed: Int
    public var gender: Gender
    public var orientation: Orientation
    /// Derived from `gender` and `orientation` (``Orientation/seeking(for:)``).
    public var seeking: Set<Gender>
    public var asexual: Bool
    /// Wants to see asexual people only; only ever true for asexual personas.
    public var asexualOnly: Bool
    public var intent: Intent
    /// 3–8 slugs from ``InterestVocabulary``, no repeats.
    public var interests: [String]
    /// A ``Gazetteer`` area name: a neighbourhood, or a borough as a whole.
    public var cityArea: String
    public var ageMin: Int
    public var ageMax: Int
    public var maxDistanceKm: Double
    /// 70–98 for verified personas, lower for the unverified.
    public var trustScore: Double
    public var verified: Bool
    public var textingStyle: TextingStyle
    public var bio: String
    /// Seeds the generated avatar served at `/app/photos/<userId>.jpg`.
    public var photoSeed: UInt64
    /// Lifestyle answers drawn from the real profiles (personas past the demo ones; nil for the named demo).
    /// Not a profile field: it shows in the bio and shapes the seed history.
    public var lifestyle: Lifestyle? = nil

    public var attraction: Attraction {
        Attraction(gender: gender, seeking: seeking, asexual: asexual, asexualOnly: asexualOnly)
    }

    public init(
        userId: String, displayName: String, ageDisplayed: Int, gender: Gender, orientation: Orientation,
        seeking: Set<Gender>, asexual: Bool, asexualOnly: Bool, intent: Intent, interests: [String],
        cityArea: String, ageMin: Int, ageMax: Int, maxDistanceKm: Double, trustScore: Double, verified: Bool,
        textingStyle: TextingStyle, bio: String, photoSeed: UInt64, lifestyle: Lifestyle? = nil
    ) {
        self.userId = userId
        self.displayName = displayName
        self.ageDisplayed = ageDisplayed
        self.gender = gender
        self.orientation = orientation
        self.seeking = seeking
        self.asexual = asexual
        self.asexualOnly = asexualOnly
        self.intent = intent
        self.interests = interests
        self.cityArea = cityArea
        self.ageMin = ageMin
        self.ageMax = ageMax
        self.maxDistanceKm = maxDistanceKm
        self.trustScore = trustScore
        self.verified = verified
        self.textingStyle = textingStyle
        self.bio = bio
        self.photoSeed = photoSeed
        self.lifestyle = lifestyle
    }
}

/// A like or a pass in the seed history.
public struct PersonaSwipe: Sendable, Hashable, Codable {
    public enum Action: String, Sendable, Hashable, Codable, CaseIterable {
        case like, pass
    }

    public var viewerId: String
    public var candidateId: String
    public var action: Action
    public var timestamp: Date

    public init(viewerId: String, candidateId: String, action: Action, timestamp: Date) {
        self.viewerId = viewerId
        self.candidateId = candidateId
        self.action = action
        self.timestamp = timestamp
    }
}

/// An unordered pair of users, stored sorted (`first < second`), as match rooms are (`match:<a>:<b>`).
public struct PersonaPair: Sendable, Hashable, Codable {
    public let first: String
    public let second: String

    public init(_ a: String, _ b: String) {
        (first, second) = a < b ? (a, b) : (b, a)
    }
}
