/// Writes persona bios from templates: an interests line, a place line, an intent line, sometimes a texting
/// or identity line and a closing prompt, in a varied order. About what people do and want, never how anyone
/// looks — the templates contain no appearance words, and the tests check that.
enum BioWriter {
    static func bio(
        interests: [String], area: String, intent: Intent, style: TextingStyle, asexual: Bool,
        lifestyle: String? = nil, using rng: inout SplitMix64
    ) -> String {
        let labels = interests.map { InterestVocabulary.interest($0)?.label ?? $0 }
        let a = labels[0]
        let b = labels[min(1, labels.count - 1)]
        let c = labels[min(2, labels.count - 1)]
        var lines: [String] = []
        lines.append(fill(rng.pick(interestLines), a: a, b: b, c: c, area: area))
        if rng.chance(0.8) { lines.append(fill(rng.pick(placeLines), a: a, b: b, c: c, area: area)) }
        lines.append(rng.pick(intentLines(intent)))
        if rng.chance(0.5) { lines.append(rng.pick(stylePhrases(style, using: &rng))) }
        if asexual, rng.chance(0.6) { lines.append(rng.pick(aceLines)) }
        // Stated lifestyle answers (personas past the demo); no draw, so demo bios stay as they were.
        if let lifestyle { lines.append(lifestyle) }
        if rng.chance(0.7) { lines.append(fill(rng.pick(closers), a: a, b: b, c: c, area: area)) }
        // Keep the interests line first most of the time; otherwise shuffle the middle for variety.
        if rng.chance(0.3) { rng.shuffle(&lines) }
        return lines.map(capitalisedFirst).joined(separator: " ")
    }

    private static func fill(_ template: String, a: String, b: String, c: String, area: String) -> String {
        template.replacingOccurrences(of: "{a}", with: a).replacingOccurrences(of: "{b}", with: b)
            .replacingOccurrences(of: "{c}", with: c).replacingOccurrences(of: "{area}", with: area)
    }

    private static func capitalisedFirst(_ line: String) -> String {
        guard let first = line.first else { return line }
        return first.uppercased() + line.dropFirst()
    }

    static let interestLines = [
        "into {a}, {b} and {c}.",
        "ask me about {a}.",
        "currently obsessed with {a}.",
        "{a} on weekends, {b} on weeknights.",
        "big on {a} and {b}.",
        "my ideal Sunday involves {a} and a little {b}.",
        "looking for someone to talk {a} with.",
        "will trade {a} recommendations for {b} ones.",
        "recently got into {b}; long-time fan of {a}.",
        "happiest somewhere between {a} and {c}.",
        "{a}, {b}, {c} — in roughly that order.",
        "I plan my week around {a}.",
        "part-time {a} enthusiast, full-time {b} nerd.",
        "if it involves {a} or {c}, count me in.",
        "still chasing the perfect {a} day.",
        "I can talk about {b} for an embarrassingly long time.",
    ]

    static let placeLines = [
        "{area} local.",
        "based in {area}.",
        "living in {area} and loving it.",
        "find me around {area}.",
        "{area} for five years and counting.",
        "I know every good corner of {area}.",
        "happy to show you my favourite spots in {area}.",
        "new to {area}, still exploring.",
        "a proud {area} regular.",
    ]

    static func intentLines(_ intent: Intent) -> [String] {
        switch intent {
        case .longTerm:
            [
                "looking for something real and lasting.", "here for a partner, not a pen pal.",
                "ready for a relationship with someone kind and curious.", "hoping to build something long-term.",
            ]
        case .longTermOpenToShort:
            [
                "looking for something lasting, happy to let it unfold.",
                "relationship-minded, but no rush.", "would love a partner; open to seeing where things go.",
            ]
        case .shortTermOpenToLong:
            [
                "keeping it light for now, open to more.", "up for fun dates and seeing where they lead.",
                "not in a hurry, not closed off either.",
            ]
        case .shortTerm:
            [
                "here for good company and good times.", "keeping things casual and honest.",
                "looking for fun, nothing serious right now.",
            ]
        case .newFriends:
            [
                "mostly here to meet new friends.", "looking for people to explore the city with.",
                "friends first, maybe friends only.",
            ]
        case .figuringOut:
            [
                "still figuring out what I'm looking for.", "open-minded and seeing what feels right.",
                "honestly not sure yet, and that's fine.",
            ]
        }
    }

    static func stylePhrases(_ style: TextingStyle, using rng: inout SplitMix64) -> [String] {
        var phrases: [String] = []
        switch style.messageLength {
        case .long: phrases.append("fair warning: I text in paragraphs.")
        case .short: phrases.append("short texter, long talker.")
        case .medium: break
        }
        switch style.responsePace {
        case .nextDay: phrases.append("I reply slowly but I always reply.")
        case .instant: phrases.append("quick replier, no games.")
        case .withinHours: break
        }
        switch style.humour {
        case .dry: phrases.append("dry sense of humour, please keep up.")
        case .goofy: phrases.append("will send you terrible puns.")
        case .witty: phrases.append("banter is my love language.")
        case .earnest: phrases.append("sincere to a fault.")
        }
        if style.emojiUse == .lots { phrases.append("fluent in emoji.") }
        return phrases
    }

    static let aceLines = [
        "ace, and happy to talk about what that means for me.",
        "asexual; connection and companionship matter most to me.",
        "ace and proud.",
    ]

    static let closers = [
        "tell me your best {a} story.",
        "coffee first?",
        "say hi with your favourite spot in {area}.",
        "bonus points for a {b} recommendation.",
        "let's swap {a} tips.",
        "what's the last thing that made you laugh?",
        "message me your boldest take on {c}.",
        "first date idea: something with {a}.",
        "convince me your neighbourhood beats {area}.",
        "tell me what you're reading, watching or listening to.",
    ]
}
