/// Conversation openers for a pair (`GET /web/suggestions`): built from what the two share —
/// interests (rarer ones first), intent, neighbourhood — and never from appearance. Lines are
/// picked from template families with a seed from the pair, so different pairs get different
/// openers and the same pair sees the same ones. Drafts only: the caller safety-scans them and
/// nothing is ever sent automatically.
public struct ConversationStarters: Sendable {
    public init() {}

    public func starters(viewer: Profile, candidate: Profile, count: Int = 4) -> [String] {
        var random = SplitMix64(seed: StableSeed.of(viewer.userId, candidate.userId, "starters"))
        var lines: [String] = []
        let shared = InterestVocabulary.shared(viewer.interests, candidate.interests)
            .compactMap(InterestVocabulary.interest)
            .sorted { $0.rarityWeight > $1.rarityWeight }
        for interest in shared.prefix(2) {
            lines.append(
                fill(random.pick(Self.sharedInterest[interest.category] ?? Self.sharedGeneric), interest: interest.label))
        }
        if shared.isEmpty,
            let theirs = candidate.interests.compactMap(InterestVocabulary.interest).max(by: { $0.rarityWeight < $1.rarityWeight }
            )
        {
            lines.append(fill(random.pick(Self.theirInterest), interest: theirs.label))
        }
        if viewer.cityArea == candidate.cityArea {
            lines.append(fill(random.pick(Self.sameArea), area: candidate.cityArea))
        } else {
            lines.append(fill(random.pick(Self.otherArea), area: candidate.cityArea))
        }
        lines.append(random.pick(Self.intentLines(viewer.intent, candidate.intent)))
        if shared.count > 1 {
            lines.append(fill(random.pick(Self.twoInterests), interest: shared[0].label, second: shared[1].label))
        }
        var seen = Set<String>()
        return Array(lines.filter { seen.insert($0).inserted }.prefix(count))
    }

    /// The template with its words in place, starting with a capital ("Yoga buddy?", not "yoga buddy?").
    func fill(_ template: String, interest: String = "", second: String = "", area: String = "") -> String {
        let line = template.replacingOccurrences(of: "{interest}", with: interest)
            .replacingOccurrences(of: "{second}", with: second)
            .replacingOccurrences(of: "{area}", with: area)
        return line.prefix(1).uppercased() + line.dropFirst()
    }

    static let sharedGeneric = [
        "We both picked {interest} — how did you get into it?",
        "Okay, fellow {interest} fan: what's the best one you've done lately?",
        "{interest} is on both our profiles. What got you hooked?",
    ]

    static let sharedInterest: [InterestCategory: [String]] = [
        .outdoors: [
            "Fellow {interest} person! Got a favourite spot near the city?",
            "What's the best {interest} day you've had around New York?",
            "I see {interest} on your profile too — early start or lazy afternoon kind of outing?",
        ],
        .fitness: [
            "Another {interest} fan — are you training for anything right now?",
            "How did you get into {interest}? I'm always curious how people start.",
            "{interest} buddy? What keeps you motivated on the off days?",
        ],
        .music: [
            "We both love {interest} — what's the last show you went to?",
            "Quick {interest} question: what are you listening to on repeat this week?",
            "If you could see any {interest} act live this year, who would it be?",
        ],
        .arts: [
            "You're into {interest} too! Seen anything good lately?",
            "What's a {interest} pick you'd recommend to someone new to it?",
            "Favourite place in the city for {interest}?",
        ],
        .foodAndDrink: [
            "A fellow {interest} person — where's your go-to spot?",
            "Best {interest} discovery you've made this year?",
            "Important question: what's your {interest} order?",
        ],
        .ideas: [
            "We both like {interest} — what's the last thing that changed your mind about something?",
            "Got a {interest} recommendation I should know about?",
            "What got you into {interest}?",
        ],
        .gamesAndTech: [
            "Another {interest} fan! What are you into right now?",
            "What's your all-time favourite when it comes to {interest}?",
            "{interest} people unite — what's your current project?",
        ],
        .community: [
            "I noticed {interest} on your profile — what drew you to it?",
            "How do you usually get involved with {interest} around here?",
            "It's nice to see {interest} on someone's profile. What does it mean to you?",
        ],
        .lifestyle: [
            "We both listed {interest} — best story you've got from it?",
            "What's your take on {interest}? Curious how you'd describe it.",
            "{interest} fan here too. Any recent highlights?",
        ],
    ]

    static let theirInterest = [
        "I saw {interest} on your profile — how did you get into it?",
        "You're into {interest}? I'd love to hear what you like about it.",
        "What's the best part of {interest} for you?",
    ]

    static let twoInterests = [
        "{interest} and {second} — we might have the same weekends. What's yours looking like?",
        "So we both like {interest} and {second}. Which one wins on a free Saturday?",
    ]

    static let sameArea = [
        "Another {area} local! What's your favourite spot in the neighbourhood?",
        "Fellow {area} person — any hidden gems nearby I should know about?",
        "What do you like most about living in {area}?",
    ]

    static let otherArea = [
        "How do you like {area}? I've been meaning to explore it more.",
        "What's one place in {area} you'd take a visitor?",
        "Is {area} as good as people say? What's your favourite thing there?",
    ]

    static func intentLines(_ viewer: Intent, _ candidate: Intent) -> [String] {
        switch (viewer, candidate) {
        case (.newFriends, _), (_, .newFriends):
            ["What does a good weekend look like for you?", "Always up for meeting new people — what are you into lately?"]
        case (.longTerm, .longTerm), (.longTerm, .longTermOpenToShort), (.longTermOpenToShort, .longTerm),
            (.longTermOpenToShort, .longTermOpenToShort):
            [
                "What does a great first date look like to you?", "What's something you're looking forward to this year?",
                "What's a small thing that makes your week better?",
            ]
        case (.shortTerm, _), (_, .shortTerm):
            ["What's your idea of a fun, low-key evening this week?", "Spontaneous plans or booked in advance — which are you?"]
        default:
            [
                "What's been the best part of your week so far?", "What are you hoping to find on here?",
                "What's something you're excited about lately?",
            ]
        }
    }
}
