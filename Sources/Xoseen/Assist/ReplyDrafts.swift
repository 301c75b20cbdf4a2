import Foundation

/// Reply drafts (`POST /web/reply-suggest`): when the last message from the other person asks
/// something, the first drafts answer it (in the shape the question asks for: a place, a time,
/// a yes/no, a favourite…); the rest keep the conversation going. Drafts take the user's
/// texting style — short or long, emoji or none, the kind of humour — and their own profile
/// (interests, neighbourhood) for content. Drafts only: the caller safety-scans them and
/// nothing is ever sent automatically.
public struct ReplyDrafts: Sendable {
    public struct Line: Sendable, Equatable {
        /// Who wrote it, when the client says; nil when unknown.
        public var from: String?
        public var text: String

        public init(from: String?, text: String) {
            self.from = from
            self.text = text
        }
    }

    public init() {}

    /// What the last message asks, judged from its wording.
    public enum Question: Sendable, Equatable {
        case whereAbout, when, howAreYou, whatDoing, favourite, work, yesNo, open
    }

    public func drafts(for user: Profile, history: [Line], count: Int = 3) -> [String] {
        let incoming = history.last { $0.from == nil || $0.from != user.userId }?.text ?? ""
        var random = SplitMix64(seed: StableSeed.of(user.userId, incoming, "reply"))
        let interest = user.interests.compactMap(InterestVocabulary.interest).first?.label ?? "trying new places"
        var lines: [String] = []
        if let question = Self.question(in: incoming) {
            lines += Self.answers(question).map { fill($0, interest: interest, area: user.cityArea) }
        }
        if let topic = Self.topic(of: incoming) {
            lines.append(fill(random.pick(Self.followTopic), topic: topic))
        }
        lines += Self.keepGoing.map { fill($0, interest: interest, area: user.cityArea) }
        if lines.count > 1 { lines[1...].shuffleStable(&random) }
        let shaped = lines.map { styled($0, for: user.textingStyle, random: &random) }
        var seen = Set<String>()
        return Array(shaped.filter { seen.insert($0).inserted }.prefix(count))
    }

    static let questionStarts = [
        "what", "where", "when", "how", "why", "who", "which", "do", "does", "did", "are", "is", "would",
        "will", "can", "could", "have", "want", "wanna", "should",
    ]

    static func question(in text: String) -> Question? {
        let lower = text.lowercased()
        let words = lower.split { !$0.isLetter && $0 != "'" }.map(String.init)
        guard let first = words.first else { return nil }
        guard lower.contains("?") || questionStarts.contains(first) else { return nil }
        func has(_ phrases: String...) -> Bool { phrases.contains { lower.contains($0) } }
        if has(
            "how are you", "how's it going", "how is it going", "how are things", "how's your day", "how was your day",
            "hows your")
        {
            return .howAreYou
        }
        if has("favorite", "favourite", "best ") { return .favourite }
        if has("what do you do", "for work", "your job", "work as", "what's your work") { return .work }
        if first == "where" || has("which part", "what neighborhood", "what neighbourhood", "where do you live") {
            return .whereAbout
        }
        if has("up to", "doing this", "doing on", "plans", "weekend look") { return .whatDoing }
        if first == "when" || has("what time", "which day", "free this", "free on", "this weekend?") { return .when }
        if ["do", "does", "did", "are", "is", "would", "will", "can", "could", "have", "want", "wanna", "should"].contains(first)
        {
            return .yesNo
        }
        return .open
    }

    static func answers(_ question: Question) -> [String] {
        switch question {
        case .howAreYou:
            ["Pretty good, thanks! Just got through a busy day. How about you?", "Doing well! What have you been up to today?"]
        case .favourite:
            [
                "Hard to pick one — probably {interest}. What's yours?",
                "Ooh, tough one. Can I get back to you with a proper answer? What's yours?",
            ]
        case .work:
            [
                "I'll tell you all about it — but honestly {interest} is the more fun part of my week. What do you do?",
                "It keeps me busy! What about you — do you like what you do?",
            ]
        case .whereAbout: ["I'm around {area}. How about you?", "Mostly {area} — do you know it?"]
        case .when:
            ["This weekend could work for me — what suits you?", "I'm pretty free later this week. Which day is good for you?"]
        case .whatDoing: ["Not much planned yet — maybe some {interest}. You?", "Keeping it low-key. Any plans on your side?"]
        case .yesNo: ["Yes, I'd like that!", "Honestly, I'm not sure yet — tell me more?"]
        case .open: ["Good question! Let me think… what would you say?", "Honestly, it depends — what about you?"]
        }
    }

    static let followTopic = [
        "Wait, {topic}? Tell me more!",
        "Ha, {topic} sounds fun. How did that happen?",
        "I love that — how long have you been into {topic}?",
    ]

    static let keepGoing = [
        "That sounds great — what got you into it?",
        "Ha, I like that. What else have you been up to this week?",
        "Lately I've been into {interest}. Are you into anything new?",
    ]

    /// What the message talks about, worth asking about: an interest of the vocabulary it names, as it words it
    /// ("farmers market" for farmers_markets, "board games"), else its longest content word (five letters or
    /// more, no greeting, filler, adverb or time word: "beach" of "amazing day at the beach, honestly"), or nil.
    static func topic(of text: String) -> String? {
        var words = text.lowercased().split { !$0.isLetter }.map(String.init)
        // "Running late", "running out of time": a verb in an idiom names no pastime; blanked, not removed, so no
        // two words around it join into an interest.
        for index in words.indices.dropLast()
        where words[index].hasSuffix("ing") && idiomParticles.contains(words[index + 1]) {
            words[index] = ""
        }
        if let named = namedInterest(in: words) { return named }
        return words.filter { $0.count >= 5 && !topicStopWords.contains($0) }.max { $0.count < $1.count }
    }

    /// The longest interest label whose words occur in a row (a plural "s" either side ignored), as the
    /// message words it.
    private static func namedInterest(in words: [String]) -> String? {
        let stems = words.map(topicStem)
        var best: ArraySlice<String>?
        for label in interestStems where label.count <= stems.count && label.count >= (best?.count ?? 1) {
            let starts = 0...(stems.count - label.count)
            guard let start = starts.first(where: { stems[$0..<($0 + label.count)].elementsEqual(label) }) else { continue }
            let found = words[start..<(start + label.count)]
            if best.map({ found.count > $0.count || found.joined().count > $0.joined().count }) ?? true { best = found }
        }
        return best?.joined(separator: " ")
    }

    private static func topicStem(_ word: String) -> String {
        word.count > 3 && word.hasSuffix("s") ? String(word.dropLast()) : word
    }

    /// Each interest's label as stemmed words, made once.
    private static let interestStems: [[String]] = InterestVocabulary.all.map { interest in
        interest.label.split(separator: " ").map { topicStem(String($0)) }
    }.filter { !$0.isEmpty }

    /// Words after an "-ing" verb that make it an errand rather than a pastime: "running late", "running out".
    static let idiomParticles: Set<String> = ["late", "behind", "out", "low", "short", "early"]

    static let topicStopWords: Set<String> = [
        "about", "there", "their", "these", "those", "which", "would", "could", "should", "really", "think",
        "where", "what", "when", "have", "been", "just", "with", "from", "that", "this", "your", "yours",
        "going", "doing", "pretty", "today", "tonight", "weekend", "actually", "something", "anything",
        "hello", "thanks", "thank", "sorry", "maybe", "probably", "definitely", "totally", "literally", "basically",
        "honestly", "seriously", "amazing", "awesome", "great", "little", "always", "never", "still", "though",
        "morning", "evening", "afternoon", "yesterday", "tomorrow", "night", "later", "earlier", "again", "everyone",
        "everything", "nothing", "someone", "people", "thing", "things", "other", "another", "right", "sounds",
        "guess", "tired", "super", "kinda", "gonna", "wanna", "lately", "finally", "because", "while",
    ]

    func fill(_ template: String, interest: String = "", area: String = "", topic: String = "") -> String {
        template.replacingOccurrences(of: "{interest}", with: interest)
            .replacingOccurrences(of: "{area}", with: area)
            .replacingOccurrences(of: "{topic}", with: topic)
    }

    /// Short writers get the first sentence only; emoji lovers get one; goofy humour gets a "haha".
    func styled(_ line: String, for style: TextingStyle?, random: inout SplitMix64) -> String {
        guard let style else { return line }
        var text = line
        if style.messageLength == .short, let end = text.firstIndex(where: { ".!?".contains($0) }),
            end < text.index(before: text.endIndex)
        {
            let first = String(text[...end])
            if first.count >= 12 { text = first }
        }
        if style.humour == .goofy, !text.lowercased().hasPrefix("ha") {
            text = "haha " + text.prefix(1).lowercased() + text.dropFirst()
        }
        switch style.emojiUse {
        case .lots: text += " " + random.pick(["😄", "🙌", "✨", "😊"]) + random.pick(["", " 🎉", " 💫"])
        case .some: text += " " + random.pick(["🙂", "😊"])
        case .none: break
        }
        return text
    }
}

extension MutableCollection where Index == Int {
    /// Fisher–Yates with the deterministic generator.
    mutating func shuffleStable(_ random: inout SplitMix64) {
        guard count > 1 else { return }
        for offset in stride(from: count - 1, to: 0, by: -1) {
            swapAt(startIndex + offset, startIndex + random.below(offset + 1))
        }
    }
}
