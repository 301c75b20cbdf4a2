/// The learned classifier's features: hashed words, word pairs and character 3–5-grams of a folded message.
/// The training script featurises with `scripts/safety_features.py`; the two must agree exactly (the parity
/// test scores the fixture texts the script wrote), so the definition lives in both, step for step:
///
/// 1. the folded bytes (``CharacterFolding``), at most `maxBytes` of them;
/// 2. words: runs of `a–z0–9`, apostrophes deleted inside ("don't" → "dont"), every digit read as `0`
///    (so "87121" and "80086" are one shortcode shape);
/// 3. features: `"w " + word`, `"b " + word + " " + next`, `"c " + each 3-, 4- and 5-byte slice of " word "`;
/// 4. each hashed with 32-bit FNV-1a into `2^bits` buckets.
enum LearnedSafetyFeatures {
    static let maxBytes = 2000

    /// The buckets of every feature occurrence, sorted (so sums run in one order in every process).
    static func buckets(folded: [UInt8], bits: Int) -> [UInt32] {
        let mask = UInt32((1 << bits) - 1)
        let bytes = folded.prefix(maxBytes)
        var words: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in bytes {
            switch byte {
            case 0x61...0x7A: current.append(byte)
            case 0x30...0x39: current.append(0x30)
            case 0x27: continue
            default:
                if !current.isEmpty {
                    words.append(current)
                    current.removeAll(keepingCapacity: true)
                }
            }
        }
        if !current.isEmpty { words.append(current) }

        let wordSeed = FNV1a().adding([0x77, 0x20])  // "w "
        let pairSeed = FNV1a().adding([0x62, 0x20])  // "b "
        let gramSeed = FNV1a().adding([0x63, 0x20])  // "c "
        var found: [UInt32] = []
        found.reserveCapacity(bytes.count * 4)
        var padded: [UInt8] = []
        for index in words.indices {
            let word = words[index]
            found.append(wordSeed.adding(word).value & mask)
            if index + 1 < words.count {
                found.append(pairSeed.adding(word).adding([0x20]).adding(words[index + 1]).value & mask)
            }
            padded.removeAll(keepingCapacity: true)
            padded.append(0x20)
            padded.append(contentsOf: word)
            padded.append(0x20)
            for length in 3...5 where padded.count >= length {
                for start in 0...(padded.count - length) {
                    var hash = gramSeed
                    for offset in start..<(start + length) { hash.add(padded[offset]) }
                    found.append(hash.value & mask)
                }
            }
        }
        found.sort()
        return found
    }
}

/// 32-bit FNV-1a, the features' hash (simple enough to write identically in Python).
struct FNV1a {
    private(set) var value: UInt32 = 0x811C_9DC5

    mutating func add(_ byte: UInt8) {
        value = (value ^ UInt32(byte)) &* 0x0100_0193
    }

    func adding(_ bytes: some Sequence<UInt8>) -> FNV1a {
        var copy = self
        for byte in bytes { copy.add(byte) }
        return copy
    }
}
