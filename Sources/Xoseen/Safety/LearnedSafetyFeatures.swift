import StableHash

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
        // Every word once, each between single spaces: " w1 w2 … wn ". A word's padded form " w " and a
        // pair's "w1 w2" are slices of this one buffer (the scan runs on every chat message: no array per word).
        let bytes = folded.prefix(maxBytes)
        var text: [UInt8] = [0x20]
        text.reserveCapacity(bytes.count + 2)
        var spans: [Range<Int>] = []
        var start = 1
        for byte in bytes {
            switch byte {
            case 0x61...0x7A: text.append(byte)
            case 0x30...0x39: text.append(0x30)
            case 0x27: continue
            default:
                if text.count > start {
                    spans.append(start..<text.count)
                    text.append(0x20)
                    start = text.count
                }
            }
        }
        if text.count > start {
            spans.append(start..<text.count)
            text.append(0x20)
        }

        let wordSeed = FNV1a32().adding([0x77, 0x20])  // "w "
        let pairSeed = FNV1a32().adding([0x62, 0x20])  // "b "
        let gramSeed = FNV1a32().adding([0x63, 0x20])  // "c "
        var found: [UInt32] = []
        found.reserveCapacity(bytes.count * 4)
        text.withUnsafeBufferPointer { text in
            for index in spans.indices {
                let word = spans[index]
                found.append(wordSeed.adding(text[word]).value & mask)
                if index + 1 < spans.count {
                    found.append(pairSeed.adding(text[word.lowerBound..<spans[index + 1].upperBound]).value & mask)
                }
                let padded = (word.lowerBound - 1)..<(word.upperBound + 1)
                for length in 3...5 where padded.count >= length {
                    for start in padded.lowerBound...(padded.upperBound - length) {
                        var hash = gramSeed
                        for offset in start..<(start + length) { hash.add(text[offset]) }
                        found.append(hash.value & mask)
                    }
                }
            }
        }
        found.sort()
        return found
    }
}
