/// Gender as the person states it (`config.GENDERS` in the seed). Trans women are `woman`, trans men are `man`.
public enum Gender: String, CaseIterable, Sendable, Hashable, Codable, Comparable {
    case woman
    case man
    case nonbinary

    /// Everyone: what `seeking` means when a profile gives neither `seeking` nor an orientation.
    public static let everyone: Set<Gender> = Set(allCases)

    public static func < (lhs: Gender, rhs: Gender) -> Bool { lhs.order < rhs.order }

    private var order: Int {
        switch self {
        case .woman: 0
        case .man: 1
        case .nonbinary: 2
        }
    }
}

/// An orientation label a client may send instead of an explicit `seeking` set.
///
/// ``seeking(for:)`` derives the set. The rule is meant to be inclusive and predictable:
///
/// | label            | woman              | man                | nonbinary          |
/// |------------------|--------------------|--------------------|--------------------|
/// | straight         | man                | woman              | woman, man         |
/// | gay              | woman, nonbinary   | man, nonbinary     | man, nonbinary     |
/// | lesbian          | woman, nonbinary   | woman, nonbinary   | woman, nonbinary   |
/// | bi, pan, everyone| all                | all                | all                |
///
/// - `straight` is attraction to the other binary gender; a nonbinary person has no single "other", so it is both.
/// - `gay` is same-gender attraction, and like `lesbian` it includes nonbinary people, as many queer communities do.
///   A nonbinary person who says `gay` is read as men-and-nonbinary (`lesbian` covers women-and-nonbinary).
/// - `lesbian` always means women and nonbinary people, whoever uses it.
/// - `bi`, `pan` and `everyone` differ in meaning to the people who use them but not in who they see.
/// Anyone who wants something else sends `seeking` explicitly; the label is only a shortcut.
public enum Orientation: String, CaseIterable, Sendable, Hashable, Codable {
    case straight
    case gay
    case lesbian
    case bi
    case pan
    case everyone

    public func seeking(for gender: Gender) -> Set<Gender> {
        switch (self, gender) {
        case (.straight, .woman): [.man]
        case (.straight, .man): [.woman]
        case (.straight, .nonbinary): [.woman, .man]
        case (.gay, .woman): [.woman, .nonbinary]
        case (.gay, .man), (.gay, .nonbinary): [.man, .nonbinary]
        case (.lesbian, _): [.woman, .nonbinary]
        case (.bi, _), (.pan, _), (.everyone, _): Gender.everyone
        }
    }
}

/// The part of a profile that decides who can see whom, independent of taste: gender, who they seek, and the
/// asexual preferences. The feed only ever pairs two people for whom ``isMutual(_:_:)`` holds.
public struct Attraction: Sendable, Hashable {
    public var gender: Gender
    public var seeking: Set<Gender>
    /// The person is asexual.
    public var asexual: Bool
    /// The person wants to see asexual people only.
    public var asexualOnly: Bool

    public init(gender: Gender, seeking: Set<Gender>, asexual: Bool = false, asexualOnly: Bool = false) {
        self.gender = gender
        self.seeking = seeking
        self.asexual = asexual
        self.asexualOnly = asexualOnly
    }

    /// `self` would want to see `other`: gender sought, and `other` asexual when `self` wants asexual people only.
    public func accepts(_ other: Attraction) -> Bool {
        seeking.contains(other.gender) && (!asexualOnly || other.asexual)
    }

    /// Both accept each other — the feed's orientation filter, honoured both ways.
    public static func isMutual(_ a: Attraction, _ b: Attraction) -> Bool {
        a.accepts(b) && b.accepts(a)
    }
}
