/// A 64-bit SimHash of an article's words, for spotting the same story syndicated by two feeds
/// (different markup, punctuation, a changed word) without comparing texts pairwise.
public struct ContentFingerprint: Sendable, Hashable, CustomStringConvertible {
    public let value: UInt64

    public init(value: UInt64) { self.value = value }

    /// Fingerprint of `text`: lowercased alphanumeric words, each hashed (FNV-1a) and voted per bit.
    public init(text: String) {
        var counts = [Int32](repeating: 0, count: 64)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var inWord = false
        var words = 0
        func endWord() {
            guard inWord else { return }
            words += 1
            var h = hash
            // Finalizer so short words still spread across all 64 bits.
            h ^= h >> 33
            h &*= 0xff51_afd7_ed55_8ccd
            h ^= h >> 33
            for bit in 0..<64 { counts[bit] += (h >> UInt64(bit)) & 1 == 1 ? 1 : -1 }
            hash = 0xcbf2_9ce4_8422_2325
            inWord = false
        }
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                var v = scalar.value
                if v < 0x80, v >= 0x41, v <= 0x5A { v |= 0x20 } else if v >= 0x80 {
                    v = scalar.properties.lowercaseMapping.unicodeScalars.first?.value ?? v
                }
                hash = (hash ^ UInt64(v)) &* 0x0000_0100_0000_01b3
                inWord = true
            } else {
                endWord()
            }
        }
        endWord()
        var value: UInt64 = 0
        if words > 0 {
            for bit in 0..<64 where counts[bit] > 0 { value |= 1 << UInt64(bit) }
        }
        self.value = value
    }

    /// Number of differing bits.
    public func distance(to other: ContentFingerprint) -> Int { (value ^ other.value).nonzeroBitCount }

    /// Near-identical texts differ in a few bits; unrelated ones in about 32.
    public func isNearDuplicate(of other: ContentFingerprint, maxDistance: Int = 4) -> Bool {
        value != 0 && other.value != 0 && distance(to: other) <= maxDistance
    }

    public var description: String { String(value, radix: 16) }
}
