/// A profile's interests as vocabulary ordinals (in the profile's order) plus a bit set, so the
/// shared-interest score of two profiles needs no hashing. It gives exactly
/// ``InterestVocabulary/sharedInterestScore(_:_:)``: the same interests, summed in the same order.
public struct InterestSet: Sendable, Equatable {
    /// Ordinals into ``InterestVocabulary/all``, in the profile's order (repeats kept, counted once).
    let ordinals: [UInt8]
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Nil when a slug is not in the vocabulary (then the string form is used).
    public init?(_ slugs: [String]) {
        var ordinals: [UInt8] = []
        ordinals.reserveCapacity(slugs.count)
        for slug in slugs {
            guard let ordinal = InterestVocabulary.ordinal(of: slug), ordinal < 256 else { return nil }
            ordinals.append(UInt8(ordinal))
        }
        self.ordinals = ordinals
        for ordinal in ordinals { insert(ordinal) }
    }

    public static func == (a: InterestSet, b: InterestSet) -> Bool { a.ordinals == b.ordinals }

    func contains(_ ordinal: UInt8) -> Bool {
        let bit = UInt64(1) << (ordinal & 63)
        switch ordinal >> 6 {
        case 0: return bits.0 & bit != 0
        case 1: return bits.1 & bit != 0
        case 2: return bits.2 & bit != 0
        default: return bits.3 & bit != 0
        }
    }

    private mutating func insert(_ ordinal: UInt8) {
        let bit = UInt64(1) << (ordinal & 63)
        switch ordinal >> 6 {
        case 0: bits.0 |= bit
        case 1: bits.1 |= bit
        case 2: bits.2 |= bit
        default: bits.3 |= bit
        }
    }

    /// `1 - exp(-Σ rarityWeight(shared) / 3)` over `self`'s interests that `other` has, each once.
    public func sharedScore(with other: InterestSet) -> Double {
        var mass = 0.0
        var seen = InterestSet.empty
        for ordinal in ordinals where other.contains(ordinal) && !seen.contains(ordinal) {
            seen.insert(ordinal)
            mass += InterestVocabulary.rarityWeights[Int(ordinal)]
        }
        return InterestVocabulary.sharedScore(mass: mass)
    }

    private static let empty = InterestSet(ordinals: [])
    private init(ordinals: [UInt8]) { self.ordinals = ordinals }
}
