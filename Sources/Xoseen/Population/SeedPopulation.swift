import Foundation

/// The deterministic seed population: hundreds of personas across New York and a history of likes and passes
/// among them, so a fresh server has a meaningful feed, `p_like_back` estimates and matches. Everything comes
/// from ``SplitMix64`` streams derived from the seed, so every start produces the same people and the same
/// history. Persona `i` depends only on `(seed, i)`: `generate(count: 10)` is a prefix of `generate(count: 400)`.
///
/// People cluster realistically because each persona has a latent type (a private `Archetype`) that tilts which
/// interests they pick; the history's hidden preferences (choosiness, appeal) are derived from `(seed, userId)`
/// and never stored on the persona.
public struct SeedPopulation: Sendable {
    public let gazetteer: Gazetteer
    /// Real sex × orientation × age distributions for personas past the demo ones (nil: hand-set tables for all).
    public let demographics: PopulationDemographics?
    /// The named demo personas: the first 400 always come from the hand-set tables, so the demo stays the same.
    public static let demoCount = 400

    /// The history ends here by default: 2026-01-01T00:00:00Z. A fixed instant keeps the history reproducible;
    /// a server that wants it to look recent passes its start time as `endingAt`.
    public static let referenceDate = Date(timeIntervalSince1970: 1_767_225_600)

    public init(gazetteer: Gazetteer, demographics: PopulationDemographics? = nil) {
        self.gazetteer = gazetteer
        self.demographics = demographics
    }

    /// Loads the gazetteer from `<resourcesDirectory>/neighbourhoods.json` and the real demographics from
    /// `<resourcesDirectory>/population/okcupid.json`.
    public init(resourcesDirectory: String) throws {
        self.init(
            gazetteer: try Gazetteer(resourcesDirectory: resourcesDirectory),
            demographics: try PopulationDemographics(resourcesDirectory: resourcesDirectory))
    }

    public func generate(count: Int = 400, seed: UInt64 = 42) -> [PersonaProfile] {
        var used = Set<String>()
        return (0..<max(0, count)).map { index in
            var rng = SplitMix64(seed: seed, stream: UInt64(index))
            // Lifestyle answers come from their own stream, so the other draws are the same with or without them.
            var lifestyleRng = SplitMix64(seed: seed ^ 0x4C49_4645_5354_594C, stream: UInt64(index))
            var persona = persona(
                using: &rng, real: index >= Self.demoCount ? demographics : nil, lifestyleRng: &lifestyleRng)
            // Ids are hashes of (seed, index); on the rare collision, keep drawing from this persona's stream.
            while !used.insert(persona.userId).inserted {
                persona.userId = Self.userId(rng.next())
            }
            return persona
        }
    }

    // MARK: - One persona

    private func persona(
        using rng: inout SplitMix64, real: PopulationDemographics?, lifestyleRng: inout SplitMix64
    ) -> PersonaProfile {
        let userId = Self.userId(rng.next())
        var gender = rng.weighted([(Gender.woman, 0.47), (.man, 0.46), (.nonbinary, 0.07)])
        var age = Self.age(using: &rng)
        var orientation = Self.orientation(for: gender, age: age, using: &rng)
        // Past the demo: women and men as the real profiles are, jointly by sex, orientation and age.
        if let real, gender != .nonbinary {
            (gender, orientation, age) = real.draw(using: &rng)
        }
        let asexual = rng.chance(0.04)
        let asexualOnly = asexual && rng.chance(0.45)
        let intent = Self.intent(age: age, using: &rng)
        let archetype = rng.pick(Archetype.allCases)
        let secondary = rng.pick(Archetype.allCases)
        let interests = Self.interests(archetype: archetype, secondary: secondary, using: &rng)
        let area = cityArea(using: &rng)
        let (ageMin, ageMax) = Self.ageRange(age: age, gender: gender, using: &rng)
        var maxDistance = rng.weighted([
            (5.0, 0.05), (10, 0.15), (15, 0.15), (20, 0.20), (25, 0.10), (30, 0.15), (40, 0.10), (50, 0.05), (60, 0.05),
        ])
        // Staten Island is far from everything; people there search wider.
        if area.borough == .statenIsland { maxDistance = min(60, maxDistance * 1.5) }
        let verified = rng.chance(0.92)
        let trust = verified ? 70 + 28 * pow(rng.unit(), 0.7) : 35 + 30 * rng.unit()
        let style = Self.textingStyle(age: age, using: &rng)
        let displayName = PersonaNames.displayName(for: gender, using: &rng)
        let lifestyle = real?.drawLifestyle(gender: gender, age: age, using: &lifestyleRng)
        let bio = BioWriter.bio(
            interests: interests, area: area.name, intent: intent, style: style, asexual: asexual,
            lifestyle: lifestyle?.sentence, using: &rng)
        return PersonaProfile(
            userId: userId, displayName: displayName, ageDisplayed: age, gender: gender, orientation: orientation,
            seeking: orientation.seeking(for: gender), asexual: asexual, asexualOnly: asexualOnly, intent: intent,
            interests: interests, cityArea: area.name, ageMin: ageMin, ageMax: ageMax, maxDistanceKm: maxDistance,
            trustScore: (trust * 10).rounded() / 10, verified: verified, textingStyle: style, bio: bio,
            photoSeed: rng.next(), lifestyle: lifestyle)
    }

    /// `usr_` + 8 base-36 characters of a 64-bit draw (41 bits used: collisions are negligible at this size).
    static func userId(_ bits: UInt64) -> String {
        let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyz")
        var value = bits
        var characters: [Character] = []
        for _ in 0..<8 {
            characters.append(alphabet[Int(value % 36)])
            value /= 36
        }
        return "usr_" + String(characters)
    }

    /// Dating-app users skew 22–38; the tail reaches 70.
    static func age(using rng: inout SplitMix64) -> Int {
        let band = rng.weighted([
            (18...21, 0.08), (22...25, 0.16), (26...29, 0.20), (30...34, 0.20), (35...39, 0.13), (40...44, 0.08),
            (45...49, 0.06), (50...54, 0.04), (55...59, 0.025), (60...64, 0.015), (65...70, 0.01),
        ])
        return rng.int(in: band)
    }

    static func orientation(for gender: Gender, age: Int, using rng: inout SplitMix64) -> Orientation {
        // Younger cohorts report bi/pan more often.
        let young = age < 30 ? 1.4 : 1.0
        switch gender {
        case .woman:
            return rng.weighted([
                (.straight, 0.62), (.lesbian, 0.06), (.gay, 0.02), (.bi, 0.20 * young),
                (.pan, 0.05 * young), (.everyone, 0.05),
            ])
        case .man:
            return rng.weighted([
                (.straight, 0.75), (.gay, 0.10), (.bi, 0.09 * young), (.pan, 0.03 * young),
                (.everyone, 0.03),
            ])
        case .nonbinary:
            return rng.weighted([
                (.straight, 0.05), (.gay, 0.10), (.lesbian, 0.10), (.bi, 0.25), (.pan, 0.30),
                (.everyone, 0.20),
            ])
        }
    }

    static func intent(age: Int, using rng: inout SplitMix64) -> Intent {
        let younger = age < 25 ? 1.5 : 1.0
        let older = age >= 35 ? 1.4 : 1.0
        return rng.weighted([
            (.longTerm, 0.30 * older), (.longTermOpenToShort, 0.20), (.shortTermOpenToLong, 0.14),
            (.shortTerm, 0.10 * younger), (.newFriends, 0.08), (.figuringOut, 0.18 * younger),
        ])
    }

    private static func interests(archetype: Archetype, secondary: Archetype, using rng: inout SplitMix64) -> [String] {
        let count = rng.weighted([(3, 0.10), (4, 0.18), (5, 0.24), (6, 0.22), (7, 0.15), (8, 0.11)])
        let weights = InterestVocabulary.all.map { interest in
            interest.frequency * archetype.boost(interest.category) * (1 + 0.5 * (secondary.boost(interest.category) - 1))
        }
        return rng.weightedSample(weights, count: count).map { InterestVocabulary.all[$0].slug }
    }

    /// A borough weighted by population, then one of its neighbourhoods — or, one time in ten, the borough
    /// itself (people who say "Manhattan").
    private func cityArea(using rng: inout SplitMix64) -> CityArea {
        let boroughs = Borough.allCases
        let borough = boroughs[rng.weightedIndex(boroughs.map { Double(gazetteer.boroughPopulation[$0] ?? 1) })]
        let local = gazetteer.neighbourhoods.filter { $0.borough == borough }
        if local.isEmpty || rng.chance(0.1) { return gazetteer.area(named: borough.rawValue)! }
        return rng.pick(local)
    }

    /// Ranges around the person's own age with the asymmetries dating data shows: men reach further down than
    /// up, women further up than down, and everyone's range widens with age.
    static func ageRange(age: Int, gender: Gender, using rng: inout SplitMix64) -> (Int, Int) {
        var below: Int
        var above: Int
        switch gender {
        case .man: (below, above) = (rng.int(in: 3...10), rng.int(in: 1...5))
        case .woman: (below, above) = (rng.int(in: 1...5), rng.int(in: 3...10))
        case .nonbinary: (below, above) = (rng.int(in: 2...7), rng.int(in: 2...7))
        }
        let widen = max(0.7, 1 + Double(age - 30) / 40)
        below = Int((Double(below) * widen).rounded())
        above = Int((Double(above) * widen).rounded())
        return (max(18, age - below), min(99, age + above))
    }

    static func textingStyle(age: Int, using rng: inout SplitMix64) -> TextingStyle {
        let group = age < 30 ? 0 : (age < 45 ? 1 : 2)
        let lengths: [[Double]] = [[0.45, 0.40, 0.15], [0.30, 0.45, 0.25], [0.20, 0.40, 0.40]]
        let emoji: [[Double]] = [[0.15, 0.45, 0.40], [0.25, 0.50, 0.25], [0.40, 0.45, 0.15]]
        return TextingStyle(
            messageLength: TextingStyle.MessageLength.allCases[rng.weightedIndex(lengths[group])],
            emojiUse: TextingStyle.EmojiUse.allCases[rng.weightedIndex(emoji[group])],
            responsePace: TextingStyle.ResponsePace.allCases[rng.weightedIndex([0.30, 0.50, 0.20])],
            humour: TextingStyle.Humour.allCases[rng.weightedIndex([0.25, 0.25, 0.30, 0.20])])
    }
}

/// A persona's latent type: which interest categories they lean towards. Hidden — it shapes the data, the
/// ranker never sees it.
private enum Archetype: CaseIterable {
    case outdoorsy, athlete, creative, musicHead, foodie, bookworm, techie, socialButterfly, doGooder, wellness

    func boost(_ category: InterestCategory) -> Double {
        switch (self, category) {
        case (.outdoorsy, .outdoors), (.athlete, .fitness), (.creative, .arts), (.musicHead, .music),
            (.foodie, .foodAndDrink), (.bookworm, .ideas), (.techie, .gamesAndTech), (.doGooder, .community):
            8
        case (.socialButterfly, .lifestyle), (.wellness, .community): 4
        case (.outdoorsy, .fitness), (.creative, .music), (.musicHead, .lifestyle), (.foodie, .lifestyle),
            (.bookworm, .arts), (.techie, .ideas), (.socialButterfly, .foodAndDrink), (.socialButterfly, .music),
            (.wellness, .fitness), (.athlete, .outdoors), (.doGooder, .outdoors), (.wellness, .foodAndDrink):
            2
        default: 1
        }
    }
}
