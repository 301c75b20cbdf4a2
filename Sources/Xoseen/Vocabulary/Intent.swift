/// What a person is looking for. The raw values are the wire values (`config.INTENT_LEVELS` in the seed).
///
/// The cases run roughly from "committed" to "casual", with two off-axis ones (`newFriends`, `figuringOut`);
/// ``compatibility(with:)`` is how well two intents fit, not how similar their labels are.
public enum Intent: String, CaseIterable, Sendable, Hashable, Codable {
    case longTerm = "long_term"
    case longTermOpenToShort = "long_term_open_to_short"
    case shortTermOpenToLong = "short_term_open_to_long"
    case shortTerm = "short_term"
    case newFriends = "new_friends"
    case figuringOut = "figuring_out"

    /// Human wording, for explanations and bios.
    public var label: String {
        switch self {
        case .longTerm: "long-term"
        case .longTermOpenToShort: "long-term, open to short"
        case .shortTermOpenToLong: "short-term, open to long"
        case .shortTerm: "short-term"
        case .newFriends: "new friends"
        case .figuringOut: "still figuring it out"
        }
    }

    /// Intent compatibility in [0, 1], symmetric (`a.compatibility(with: b) == b.compatibility(with: a)`).
    ///
    /// |                       | LT   | LT→S | ST→L | ST   | NF   | FO   |
    /// |-----------------------|------|------|------|------|------|------|
    /// | long_term             | 1.00 | 0.85 | 0.55 | 0.10 | 0.20 | 0.45 |
    /// | long_term_open_to_short | 0.85 | 1.00 | 0.80 | 0.40 | 0.25 | 0.60 |
    /// | short_term_open_to_long | 0.55 | 0.80 | 1.00 | 0.85 | 0.25 | 0.70 |
    /// | short_term            | 0.10 | 0.40 | 0.85 | 1.00 | 0.15 | 0.50 |
    /// | new_friends           | 0.20 | 0.25 | 0.25 | 0.15 | 1.00 | 0.45 |
    /// | figuring_out          | 0.45 | 0.60 | 0.70 | 0.50 | 0.45 | 0.80 |
    ///
    /// Why these numbers: the diagonal is a perfect fit, except two undecided people (0.80) — nobody is steering.
    /// Each "open to" level sits close to its neighbour on the committed↔casual axis and far from the opposite end;
    /// the pure ends (long_term vs short_term, 0.10) are the worst romantic mismatch. `new_friends` is a
    /// different product, so it fits everyone poorly except itself. `figuring_out` is middling with everyone and
    /// leans casual-open, where undecided people most often land.
    public func compatibility(with other: Intent) -> Double {
        Self.matrix[ordinal][other.ordinal]
    }

    /// Row-major, in `allCases` order; checked symmetric by the tests.
    static let matrix: [[Double]] = [
        [1.00, 0.85, 0.55, 0.10, 0.20, 0.45],
        [0.85, 1.00, 0.80, 0.40, 0.25, 0.60],
        [0.55, 0.80, 1.00, 0.85, 0.25, 0.70],
        [0.10, 0.40, 0.85, 1.00, 0.15, 0.50],
        [0.20, 0.25, 0.25, 0.15, 1.00, 0.45],
        [0.45, 0.60, 0.70, 0.50, 0.45, 0.80],
    ]

    var ordinal: Int {
        switch self {
        case .longTerm: 0
        case .longTermOpenToShort: 1
        case .shortTermOpenToLong: 2
        case .shortTerm: 3
        case .newFriends: 4
        case .figuringOut: 5
        }
    }
}
