import Foundation

/// Every rule a profile must meet, in one place. Unknown enum values are refused: an unknown
/// gender or intent would silently empty someone's feed.
public struct ProfileValidation: Sendable {
    public struct Problem: Error, Equatable, Sendable {
        public let field: String
        public let message: String
    }

    public let gazetteer: Gazetteer

    public init(gazetteer: Gazetteer) { self.gazetteer = gazetteer }

    /// 1–64 letters, digits, `_` or `-` (never a dot: tokens are `<userId>.<expiry>.<sig>`).
    public static func isValidUserId(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count)
            && id.utf8.allSatisfy { c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x2D
            }
    }
    public static let ageRange = 18...99
    public static let maxInterests = 12
    public static let maxBioLength = 500
    public static let maxNameLength = 40

    /// The validated profile (new, or `existing` edited), or the first problem.
    public func validate(_ s: ProfileSubmission, existing: Profile?, now: Date) -> Result<Profile, Problem> {
        func fail(_ field: String, _ message: String) -> Result<Profile, Problem> {
            .failure(Problem(field: field, message: message))
        }

        guard let userId = s.userId ?? existing?.userId else { return fail("userId", "userId is required.") }
        guard Self.isValidUserId(userId) else {
            return fail("userId", "userId must be 1–64 letters, digits, '_' or '-'.")
        }
        let displayName = (s.displayName ?? existing?.displayName ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !displayName.isEmpty else { return fail("displayName", "displayName is required.") }
        guard displayName.count <= Self.maxNameLength else {
            return fail("displayName", "displayName is longer than \(Self.maxNameLength) characters.")
        }
        guard let age = s.ageDisplayed ?? existing?.ageDisplayed else { return fail("ageDisplayed", "ageDisplayed is required.") }
        guard Self.ageRange.contains(age) else { return fail("ageDisplayed", "ageDisplayed must be between 18 and 99.") }
        let intentText = s.intent ?? existing?.intent.rawValue
        guard let intentText else { return fail("intent", "intent is required.") }
        guard let intent = Intent(rawValue: intentText) else {
            return fail("intent", "intent must be one of \(Intent.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        let interests = s.interests ?? existing?.interests ?? []
        guard interests.count <= Self.maxInterests else { return fail("interests", "At most \(Self.maxInterests) interests.") }
        if let unknown = interests.first(where: { !InterestVocabulary.contains($0) }) {
            return fail("interests", "Unknown interest '\(unknown)'; see GET /web/options.")
        }
        let cityText = s.cityArea ?? existing?.cityArea
        guard let cityText else { return fail("cityArea", "cityArea is required.") }
        guard let area = gazetteer.resolve(cityText) else {
            return fail("cityArea", "Unknown cityArea '\(cityText)'; see GET /web/options.")
        }
        let ageMin = s.ageMin ?? existing?.ageMin ?? max(18, age - 8)
        let ageMax = s.ageMax ?? existing?.ageMax ?? min(99, age + 8)
        guard Self.ageRange.contains(ageMin) else { return fail("ageMin", "ageMin must be between 18 and 99.") }
        guard Self.ageRange.contains(ageMax) else { return fail("ageMax", "ageMax must be between 18 and 99.") }
        guard ageMin <= ageMax else { return fail("ageMin", "ageMin must not exceed ageMax.") }
        let distance = s.maxDistanceKm ?? existing?.maxDistanceKm ?? 30
        guard distance.isFinite, (1...500).contains(distance) else {
            return fail("maxDistanceKm", "maxDistanceKm must be between 1 and 500.")
        }
        let genderText = s.gender ?? existing?.gender.rawValue
        guard let genderText else { return fail("gender", "gender is required.") }
        guard let gender = Gender(rawValue: genderText) else {
            return fail("gender", "gender must be one of \(Gender.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        var seeking: Set<Gender>
        if let list = s.seeking {
            var parsed: Set<Gender> = []
            for value in list {
                guard let g = Gender(rawValue: value) else { return fail("seeking", "Unknown gender '\(value)' in seeking.") }
                parsed.insert(g)
            }
            guard !parsed.isEmpty else { return fail("seeking", "seeking must name at least one gender (or omit it).") }
            seeking = parsed
        } else if let label = s.orientation {
            guard let orientation = Orientation(rawValue: label) else {
                return fail(
                    "orientation", "orientation must be one of \(Orientation.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            seeking = orientation.seeking(for: gender)
        } else {
            seeking = existing?.seeking ?? Gender.everyone
        }
        let bio = (s.bio ?? existing?.bio ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard bio.count <= Self.maxBioLength else { return fail("bio", "bio is longer than \(Self.maxBioLength) characters.") }
        if let trust = s.trustScore, !(trust.isFinite && (0...100).contains(trust)) {
            return fail("trustScore", "trustScore must be between 0 and 100.")
        }
        let verified = existing?.verified ?? false
        // The verifier is authoritative: a self-declared score never overrides a decision.
        let trust = verified ? (existing?.trustScore ?? 0) : (s.trustScore ?? existing?.trustScore ?? 50)
        return .success(
            Profile(
                userId: userId, displayName: displayName, ageDisplayed: age, trustScore: trust, intent: intent,
                interests: interests,
                cityArea: area.name, ageMin: ageMin, ageMax: ageMax, maxDistanceKm: distance, gender: gender, seeking: seeking,
                asexual: s.asexual ?? existing?.asexual ?? false, asexualOnly: s.asexualOnly ?? existing?.asexualOnly ?? false,
                bio: bio, textingStyle: existing?.textingStyle, photoSeed: existing?.photoSeed ?? userId, verified: verified,
                isSeed: existing?.isSeed ?? false, createdAt: existing?.createdAt ?? now, updatedAt: now))
    }
}
