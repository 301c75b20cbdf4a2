import StableHash

/// A 64-bit SimHash of an article's words, for spotting the same story syndicated by two feeds
/// (different markup, punctuation, a changed word) without comparing texts pairwise.
public struct ContentFingerprint: Sendable, Hashable, CustomStringConvertible {
    public let value: UInt64

    public init(value: UInt64) { self.value = value }

    /// Fingerprint of `text`: words (runs of letters and digits, ASCII lowercased) hashed with FNV-1a
    /// and voted per bit. Works on UTF-8 bytes: Unicode property lookups cost more than the rest of
    /// parsing together. Non-ASCII scalars count as letters except the punctuation and symbol blocks
    /// (U+00A0–U+00BF, U+2000–U+206F, U+3000–U+303F), so “quotes” and — dashes separate words.
    /// `maxWords` limits it to the lead: syndicated copies often differ in length (teaser vs full
    /// text) but share their first paragraph.
    public init(text: String, maxWords: Int = .max) {
        // Per-bit "ones" counters, eight 8-bit lanes packed per UInt64 (SWAR): 8 adds per word instead
        // of 64, flushed into wide counters before a lane can overflow.
        var ones = [Int](repeating: 0, count: 64)
        var words = 0
        var text = text
        text.withUTF8 { bytes in
            ones.withUnsafeMutableBufferPointer { ones in
                var packed = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
                var pending = 0
                func flush() {
                    withUnsafeBytes(of: &packed) { raw in
                        for bit in 0..<64 { ones[bit] += Int(raw[(bit / 8) * 8 + bit % 8]) }
                    }
                    packed = (0, 0, 0, 0, 0, 0, 0, 0)
                    pending = 0
                }
                var hash = FNV1a64()
                var inWord = false
                func endWord() {
                    guard inWord else { return }
                    words += 1
                    var h = hash.value
                    // Finalizer so short words still spread across all 64 bits.
                    h ^= h >> 33
                    h &*= 0xff51_afd7_ed55_8ccd
                    h ^= h >> 33
                    let spread = Self.spread
                    packed.0 &+= spread[Int(h & 0xFF)]
                    packed.1 &+= spread[Int(h >> 8 & 0xFF)]
                    packed.2 &+= spread[Int(h >> 16 & 0xFF)]
                    packed.3 &+= spread[Int(h >> 24 & 0xFF)]
                    packed.4 &+= spread[Int(h >> 32 & 0xFF)]
                    packed.5 &+= spread[Int(h >> 40 & 0xFF)]
                    packed.6 &+= spread[Int(h >> 48 & 0xFF)]
                    packed.7 &+= spread[Int(h >> 56 & 0xFF)]
                    pending += 1
                    if pending == 255 { flush() }
                    hash = FNV1a64()
                    inWord = false
                }
                var i = 0
                let n = bytes.count
                while i < n, words < maxWords {
                    let c = bytes[i]
                    if c < 0x80 {
                        let lower = c | 0x20
                        if (c >= 0x30 && c <= 0x39) || (lower >= 0x61 && lower <= 0x7A) {
                            hash.add(c >= 0x41 && c <= 0x5A ? lower : c)
                            inWord = true
                        } else {
                            endWord()
                        }
                        i += 1
                        continue
                    }
                    // Decode one multi-byte scalar.
                    let length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2
                    var scalar = UInt32(c) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                    var k = 1
                    while k < length, i + k < n {
                        scalar = scalar << 6 | UInt32(bytes[i + k] & 0x3F)
                        k += 1
                    }
                    let separator =
                        (scalar >= 0xA0 && scalar <= 0xBF) || (scalar >= 0x2000 && scalar <= 0x206F)
                        || (scalar >= 0x3000 && scalar <= 0x303F)
                    if separator {
                        endWord()
                    } else {
                        for b in 0..<min(length, n - i) { hash.add(bytes[i + b]) }
                        inWord = true
                    }
                    i += length
                }
                endWord()
                flush()
            }
        }
        var value: UInt64 = 0
        if words > 0 {
            for bit in 0..<64 where ones[bit] * 2 > words { value |= 1 << UInt64(bit) }
        }
        self.value = value
    }

    /// Byte b → eight 8-bit lanes holding b's bits (lane j = bit j), little-endian lane order.
    private static let spread: [UInt64] = (0..<256).map { b in
        var v: UInt64 = 0
        for j in 0..<8 where (b >> j) & 1 == 1 { v |= 1 << UInt64(8 * j) }
        return v
    }

    /// Number of differing bits.
    public func distance(to other: ContentFingerprint) -> Int { (value ^ other.value).nonzeroBitCount }

    /// Near-identical texts differ in a few bits; unrelated ones in about 32.
    public func isNearDuplicate(of other: ContentFingerprint, maxDistance: Int = 4) -> Bool {
        value != 0 && other.value != 0 && distance(to: other) <= maxDistance
    }

    public var description: String { String(value, radix: 16) }
}
