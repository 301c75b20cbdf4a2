import Foundation
import Jarvis

/// SplitMix64: small, fast, deterministic across platforms.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// A deterministic stream of synthetic news: events (each with its own names, place, figures
/// and subject words) reported by several articles over a day or two, mixed with common words
/// drawn from a Zipf-like distribution. Stream order and times are decided sequentially; the
/// text of article `i` depends only on `i` and its event, so it can be generated in parallel.
struct SyntheticNews {
    struct Slot {
        var event: Int32
        var time: Double
    }

    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    let articlesPerHour: Double
    private(set) var slots: [Slot] = []
    private var random = SplitMix64(seed: 42)
    private var active: [(event: Int32, ends: Double)] = []
    private var eventCount: Int32 = 0

    init(articlesPerHour: Double) { self.articlesPerHour = articlesPerHour }

    /// Extends the stream to `count` articles. An article starts a new event one time in five;
    /// otherwise it reports on a live event (events live 6–60 hours).
    mutating func extend(to count: Int) {
        slots.reserveCapacity(count)
        while slots.count < count {
            let time = Double(slots.count) / articlesPerHour * 3600
            if slots.count % 512 == 0 { active.removeAll { $0.ends < time } }
            let event: Int32
            if active.isEmpty || random.below(5) == 0 {
                event = eventCount
                eventCount += 1
                active.append((event, time + (6 + random.unit() * 54) * 3600))
            } else {
                event = active[random.below(active.count)].event
            }
            slots.append(Slot(event: event, time: time))
        }
    }

    /// The text of article `index`.
    func article(_ index: Int) -> StoryArticle {
        let slot = slots[index]
        var e = SplitMix64(seed: UInt64(slot.event) &* 0x2545_F491_4F6C_DD1D &+ 7)
        let subject = (0..<6).map { _ in Self.subjectWords[e.below(Self.subjectWords.count)] }
        let people = (0..<2).map { _ in Self.name(&e) + " " + Self.name(&e) }
        let place = Self.name(&e)
        let organisation = Self.name(&e) + " " + Self.organisationKinds[e.below(Self.organisationKinds.count)]
        let figure = String(e.below(900) + 10) + (e.below(2) == 0 ? "%" : " million")

        var r = SplitMix64(seed: UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 13)
        func common() -> String {
            // Zipf-like: low ranks far more often.
            let u = r.unit()
            return Self.commonWords[min(Self.commonWords.count - 1, Int(Double(Self.commonWords.count) * u * u * u))]
        }
        func some(_ words: [String], _ n: Int) -> [String] { (0..<n).map { _ in words[r.below(words.count)] } }

        var title = some(subject, 3) + [place, common(), common()]
        if r.below(2) == 0 { title.append(figure) }
        title.shuffle(using: &r)
        var sentences: [String] = []
        for _ in 0..<3 {
            var words = some(subject, 3) + (0..<7).map { _ in common() }
            words.append(r.below(2) == 0 ? people[r.below(2)] : organisation)
            if r.below(3) == 0 { words.append(place) }
            if r.below(3) == 0 { words.append(figure) }
            words.shuffle(using: &r)
            sentences.append(words.joined(separator: " ").capitalisedFirst + ".")
        }
        let date = Self.start.addingTimeInterval(slot.time)
        let source = Self.sources[r.below(Self.sources.count)]
        return StoryArticle(
            id: "a\(index)", feedId: source, source: source, sourceAuthority: nil, topicHint: nil, region: nil,
            headline: title.joined(separator: " ").capitalisedFirst, body: sentences.joined(separator: " "),
            publishedAt: date, firstSeenAt: date, isBreakingFlag: false,
            canonicalUrl: "https://\(source).example/\(index)", contentHash: "h\(index)")
    }

    static func name(_ r: inout SplitMix64) -> String {
        // 3–4 syllables of 30: about 837k names (27k of 3, 810k of 4), drawn about uniformly: 1 in 31
        // is of 3 syllables. (Half of 3 made the 27k short names the pool for half of all draws: with
        // ~48k stories in the 4-day window, each short name was in ~5 unrelated live stories.)
        let n = r.below(31) == 0 ? 3 : 4
        var s = ""
        for _ in 0..<n { s += syllables[r.below(syllables.count)] }
        return s.capitalisedFirst
    }

    static let syllables = [
        "ka", "lo", "mi", "ra", "ten", "bu", "zo", "na", "che", "di", "wa", "ri", "mbe", "sa", "ku",
        "ye", "go", "la", "nde", "fo", "ti", "ma", "je", "ro", "se", "vu", "ha", "po", "ni", "ga",
    ]
    static let organisationKinds = ["Bank", "Holdings", "Ministry", "Party", "Authority", "Telecom", "Airways", "Council"]
    static let sources = ["ledger", "times", "wire", "daily", "post", "herald", "desk", "review", "observer", "mirror"]

    static let subjectWords: [String] = """
        inflation interest rate currency bond yield budget deficit tariff export import oil gas refinery pipeline \
        mine copper gold cocoa coffee harvest drought flood cyclone earthquake outbreak vaccine hospital strike \
        election ballot parliament senate court verdict appeal protest curfew ceasefire rebels troops border \
        refugees airline airport railway port bridge highway blackout grid solar dam telecom spectrum startup \
        funding acquisition merger lawsuit fraud bribery audit regulator licence satellite launch smartphone \
        chip software hack breach outage fintech payments wallet lending mortgage housing rent wages pension \
        teachers doctors nurses students exams university scholarship football stadium tournament coach \
        minister cabinet reshuffle impeachment referendum constitution coup junta sanctions embassy summit treaty
        """.split(separator: " ").map(String.init)

    static let commonWords: [String] = """
        said government people new year country president officials report week city police state percent \
        million billion market company business public security minister national local plan talks economy \
        group country region support growth prices cost power water health children women workers service \
        deal money project program law court party leaders members official statement according added \
        announced expected told called amid including early late months days hours ago despite major \
        international foreign capital central northern southern eastern western province district \
        agency ministry spokesman director chief executive head board council committee commission \
        meeting decision vote move step effort pressure concern warning crisis issue problem question \
        increase rise fall drop cut raise higher lower record level rate total figure number share \
        plans launch opened closed started ended continued remained reached faced received sent \
        announced rejected approved signed agreed denied confirmed warned urged called demanded
        """.split(separator: " ").map(String.init)
}

extension String {
    var capitalisedFirst: String { prefix(1).uppercased() + dropFirst() }
}
