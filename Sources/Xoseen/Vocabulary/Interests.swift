import Foundation

/// The groups the interests vocabulary is listed in (`GET /web/options` shows them grouped).
public enum InterestCategory: String, CaseIterable, Sendable, Hashable, Codable {
    case outdoors
    case fitness
    case music
    case arts
    case foodAndDrink = "food_and_drink"
    case ideas
    case gamesAndTech = "games_and_tech"
    case community
    case lifestyle

    public var label: String {
        switch self {
        case .outdoors: "Outdoors"
        case .fitness: "Fitness & sport"
        case .music: "Music"
        case .arts: "Arts & film"
        case .foodAndDrink: "Food & drink"
        case .ideas: "Books & ideas"
        case .gamesAndTech: "Games & tech"
        case .community: "Community & spirit"
        case .lifestyle: "Lifestyle"
        }
    }
}

/// One interest: a lower-case slug (the wire value), its category, and its global frequency.
public struct Interest: Sendable, Hashable, Codable {
    public let slug: String
    public let category: InterestCategory
    /// The share of profiles that list it (a prior for a New York dating app, in (0, 1)). Rarer interests
    /// say more about two people when shared, so ``rarityWeight`` grows as this shrinks.
    public let frequency: Double

    /// "indie_rock" → "indie rock".
    public var label: String { slug.replacingOccurrences(of: "_", with: " ") }

    /// Inverse document frequency, `ln(1 / frequency)`: about 1.4 for the commonest interests, 4.6 for the rarest.
    public var rarityWeight: Double { log(1 / frequency) }
}

/// The interests vocabulary: ~120 slugs in nine categories with frequency weights. Profiles may only use these.
public enum InterestVocabulary {
    public static let all: [Interest] = table.map { Interest(slug: $0.0, category: $0.1, frequency: $0.2) }

    public static let slugs: [String] = all.map(\.slug)

    private static let index: [String: Interest] = Dictionary(uniqueKeysWithValues: all.map { ($0.slug, $0) })

    public static func interest(_ slug: String) -> Interest? { index[slug] }

    public static func contains(_ slug: String) -> Bool { index[slug] != nil }

    /// The vocabulary in category order, each category's interests in table order.
    public static var grouped: [(category: InterestCategory, interests: [Interest])] {
        InterestCategory.allCases.map { category in (category, all.filter { $0.category == category }) }
    }

    /// How much two interest lists say about a pair, in [0, 1): `1 - exp(-Σ rarityWeight(shared) / 3)`.
    /// One shared common interest (~1.4) gives ~0.37, one shared rare one (~4.6) ~0.78, three shared common ones
    /// ~0.75; the score approaches but never reaches 1, so it cannot saturate a ranker. Unknown slugs count as rare.
    public static func sharedInterestScore(_ a: [String], _ b: [String]) -> Double {
        if let x = InterestSet(a), let y = InterestSet(b) { return x.sharedScore(with: y) }
        let other = Set(b)
        var mass = 0.0
        var seen = Set<String>()
        for slug in a where other.contains(slug) && seen.insert(slug).inserted {
            mass += index[slug]?.rarityWeight ?? log(100)
        }
        return sharedScore(mass: mass)
    }

    static func sharedScore(mass: Double) -> Double { 1 - exp(-mass / 3) }

    /// The position of a slug in ``all``.
    public static func ordinal(of slug: String) -> Int? { ordinals[slug] }

    private static let ordinals: [String: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.slug, $0) })

    /// ``Interest/rarityWeight`` by ordinal.
    static let rarityWeights: [Double] = all.map(\.rarityWeight)

    /// The shared interests, in `a`'s order, each once.
    public static func shared(_ a: [String], _ b: [String]) -> [String] {
        let other = Set(b)
        var seen = Set<String>()
        return a.filter { other.contains($0) && seen.insert($0).inserted }
    }

    // (slug, category, frequency). Frequencies are judgement, shaped like real dating-profile data: travel, cooking
    // and hiking are everywhere; tabletop RPGs and fermentation are not.
    private static let table: [(String, InterestCategory, Double)] = [
        // Outdoors
        ("hiking", .outdoors, 0.22), ("camping", .outdoors, 0.10), ("climbing", .outdoors, 0.07),
        ("cycling", .outdoors, 0.12), ("kayaking", .outdoors, 0.04), ("surfing", .outdoors, 0.03),
        ("birdwatching", .outdoors, 0.025), ("gardening", .outdoors, 0.08), ("beach_days", .outdoors, 0.15),
        ("stargazing", .outdoors, 0.05), ("fishing", .outdoors, 0.03), ("skiing", .outdoors, 0.06),
        ("snowboarding", .outdoors, 0.04), ("urban_exploring", .outdoors, 0.04), ("park_picnics", .outdoors, 0.12),
        // Fitness & sport
        ("running", .fitness, 0.16), ("yoga", .fitness, 0.15), ("pilates", .fitness, 0.06),
        ("weightlifting", .fitness, 0.10), ("boxing", .fitness, 0.05), ("swimming", .fitness, 0.08),
        ("tennis", .fitness, 0.05), ("basketball", .fitness, 0.07), ("soccer", .fitness, 0.07),
        ("volleyball", .fitness, 0.03), ("martial_arts", .fitness, 0.04), ("dance_classes", .fitness, 0.05),
        ("marathons", .fitness, 0.03), ("crossfit", .fitness, 0.03),
        // Music
        ("jazz", .music, 0.08), ("indie_rock", .music, 0.09), ("hip_hop", .music, 0.12),
        ("techno", .music, 0.05), ("house_music", .music, 0.06), ("classical_music", .music, 0.05),
        ("opera", .music, 0.02), ("kpop", .music, 0.03), ("salsa", .music, 0.04), ("punk", .music, 0.03),
        ("folk_music", .music, 0.03), ("vinyl_collecting", .music, 0.03), ("live_music", .music, 0.18),
        ("karaoke", .music, 0.07), ("playing_guitar", .music, 0.05), ("choir_singing", .music, 0.02),
        // Arts & film
        ("painting", .arts, 0.05), ("drawing", .arts, 0.05), ("photography", .arts, 0.11),
        ("film", .arts, 0.14), ("theatre", .arts, 0.07), ("broadway", .arts, 0.06), ("museums", .arts, 0.14),
        ("street_art", .arts, 0.04), ("ceramics", .arts, 0.03), ("poetry", .arts, 0.03),
        ("creative_writing", .arts, 0.05), ("knitting", .arts, 0.02), ("improv", .arts, 0.02),
        ("stand_up_comedy", .arts, 0.08),
        // Food & drink
        ("cooking", .foodAndDrink, 0.20), ("baking", .foodAndDrink, 0.10), ("brunch", .foodAndDrink, 0.15),
        ("coffee", .foodAndDrink, 0.16), ("wine", .foodAndDrink, 0.10), ("craft_beer", .foodAndDrink, 0.07),
        ("cocktails", .foodAndDrink, 0.08), ("ramen", .foodAndDrink, 0.05), ("dumplings", .foodAndDrink, 0.04),
        ("vegan_food", .foodAndDrink, 0.05), ("street_food", .foodAndDrink, 0.08),
        ("farmers_markets", .foodAndDrink, 0.06), ("tea", .foodAndDrink, 0.04),
        ("natural_wine", .foodAndDrink, 0.02), ("fermentation", .foodAndDrink, 0.01), ("pizza", .foodAndDrink, 0.12),
        // Books & ideas
        ("reading", .ideas, 0.20), ("sci_fi", .ideas, 0.06), ("history", .ideas, 0.07),
        ("philosophy", .ideas, 0.04), ("languages", .ideas, 0.06), ("podcasts", .ideas, 0.12),
        ("documentaries", .ideas, 0.07), ("true_crime", .ideas, 0.06), ("astronomy", .ideas, 0.03),
        ("architecture", .ideas, 0.04), ("book_clubs", .ideas, 0.04), ("chess", .ideas, 0.04),
        ("trivia_nights", .ideas, 0.05), ("science", .ideas, 0.05),
        // Games & tech
        ("video_games", .gamesAndTech, 0.12), ("board_games", .gamesAndTech, 0.08),
        ("tabletop_rpgs", .gamesAndTech, 0.03), ("anime", .gamesAndTech, 0.06), ("coding", .gamesAndTech, 0.06),
        ("robotics", .gamesAndTech, 0.01), ("puzzles", .gamesAndTech, 0.04), ("crosswords", .gamesAndTech, 0.04),
        ("retro_gaming", .gamesAndTech, 0.02), ("esports", .gamesAndTech, 0.02),
        ("diy_electronics", .gamesAndTech, 0.015), ("startups", .gamesAndTech, 0.04),
        // Community & spirit
        ("volunteering", .community, 0.08), ("activism", .community, 0.04), ("community_gardens", .community, 0.02),
        ("mentoring", .community, 0.03), ("animal_rescue", .community, 0.04), ("climate_action", .community, 0.04),
        ("politics", .community, 0.05), ("spirituality", .community, 0.05), ("meditation", .community, 0.09),
        ("astrology", .community, 0.07), ("tarot", .community, 0.02), ("mutual_aid", .community, 0.015),
        // Lifestyle
        ("travel", .lifestyle, 0.25), ("dogs", .lifestyle, 0.14), ("cats", .lifestyle, 0.10),
        ("houseplants", .lifestyle, 0.07), ("thrifting", .lifestyle, 0.06), ("interior_design", .lifestyle, 0.04),
        ("road_trips", .lifestyle, 0.08), ("sneakers", .lifestyle, 0.03), ("journaling", .lifestyle, 0.04),
        ("nightlife", .lifestyle, 0.09), ("dancing", .lifestyle, 0.10), ("festivals", .lifestyle, 0.06),
        ("flea_markets", .lifestyle, 0.03), ("skateboarding", .lifestyle, 0.02), ("roller_skating", .lifestyle, 0.02),
    ]
}
