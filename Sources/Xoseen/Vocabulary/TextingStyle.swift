/// How someone texts. Four small ordinal/categorical features, chosen because mismatches in them are what people
/// complain about after matching (one writes paragraphs, the other replies "k" two days later).
public struct TextingStyle: Sendable, Hashable, Codable {
    public enum MessageLength: String, CaseIterable, Sendable, Hashable, Codable {
        case short, medium, long
    }

    public enum EmojiUse: String, CaseIterable, Sendable, Hashable, Codable {
        case none, some, lots
    }

    public enum ResponsePace: String, CaseIterable, Sendable, Hashable, Codable {
        case instant
        case withinHours = "within_hours"
        case nextDay = "next_day"
    }

    public enum Humour: String, CaseIterable, Sendable, Hashable, Codable {
        case dry, goofy, witty, earnest
    }

    public var messageLength: MessageLength
    public var emojiUse: EmojiUse
    public var responsePace: ResponsePace
    public var humour: Humour

    public init(messageLength: MessageLength, emojiUse: EmojiUse, responsePace: ResponsePace, humour: Humour) {
        self.messageLength = messageLength
        self.emojiUse = emojiUse
        self.responsePace = responsePace
        self.humour = humour
    }

    /// Weights of the features in ``compatibility(with:)``; they sum to 1. Pace weighs most: mismatched reply
    /// rhythm is the most cited reason chats die.
    public static let weights = (messageLength: 0.25, emojiUse: 0.20, responsePace: 0.30, humour: 0.25)

    /// Compatibility in [0, 1], symmetric. The three ordinal features score `1 - distance / 2` (adjacent levels
    /// 0.5, opposite ends 0); humour uses a small matrix (dry and witty get along, dry and goofy less so).
    public func compatibility(with other: TextingStyle) -> Double {
        Self.compatibilityTable[code * Self.styleCount + other.code]
    }

    /// Every pair's compatibility, computed once (the feed scores thousands of pairs per request).
    private static let styleCount = MessageLength.allCases.count * EmojiUse.allCases.count * ResponsePace.allCases.count * 4
    private static let allStyles: [TextingStyle] = MessageLength.allCases.flatMap { length in
        EmojiUse.allCases.flatMap { emoji in
            ResponsePace.allCases.flatMap { pace in
                [Humour.dry, .goofy, .witty, .earnest].map {
                    TextingStyle(messageLength: length, emojiUse: emoji, responsePace: pace, humour: $0)
                }
            }
        }
    }
    private static let compatibilityTable: [Double] = allStyles.flatMap { a in allStyles.map { a.computedCompatibility(with: $0) }
    }

    /// Position in ``allStyles``.
    private var code: Int {
        func index<T: CaseIterable & Equatable>(_ value: T) -> Int where T.AllCases == [T] { T.allCases.firstIndex(of: value)! }
        return
            ((index(messageLength) * EmojiUse.allCases.count + index(emojiUse)) * ResponsePace.allCases.count
            + index(responsePace)) * 4 + Self.humourIndex(humour)
    }

    private func computedCompatibility(with other: TextingStyle) -> Double {
        func ordinal<T: CaseIterable & Equatable>(_ a: T, _ b: T) -> Double {
            let all = Array(T.allCases)
            let i = all.firstIndex(of: a)!
            let j = all.firstIndex(of: b)!
            return 1 - Double(abs(i - j)) / Double(all.count - 1)
        }
        let w = Self.weights
        let humourFit = Self.humourMatrix[Self.humourIndex(humour)][Self.humourIndex(other.humour)]
        return w.messageLength * ordinal(messageLength, other.messageLength)
            + w.emojiUse * ordinal(emojiUse, other.emojiUse)
            + w.responsePace * ordinal(responsePace, other.responsePace)
            + w.humour * humourFit
    }

    /// dry, goofy, witty, earnest.
    static let humourMatrix: [[Double]] = [
        [1.00, 0.50, 0.90, 0.60],
        [0.50, 1.00, 0.75, 0.70],
        [0.90, 0.75, 1.00, 0.60],
        [0.60, 0.70, 0.60, 1.00],
    ]

    static func humourIndex(_ h: Humour) -> Int {
        switch h {
        case .dry: 0
        case .goofy: 1
        case .witty: 2
        case .earnest: 3
        }
    }
}
