import Foundation
import SentenceEmbedding
import StableHash

/// Stand-in sentence embeddings for the learned join's cost at scale: each event has a direction,
/// each article its event's direction plus noise, unit length. The encoder's own cost per article is
/// measured apart (`make bench-embed`); what this measures is the index and the join model.
struct SyntheticMeaning: TextEmbedder {
    let dimension = 384
    let identifier = "synthetic-meaning"
    /// Articles of one event sit at cosine ≈ 1 / (1 + noise²) of each other.
    var noise: Float = 0.8
    /// The branches it claims to make (the join model's event branch), so the clusterer keeps the model; the
    /// benchmark sets the vectors itself.
    var branchIdentifiers: [String] = []

    func embed(_ text: String) -> [Float] {
        vector(seed: FNV1a64.hash(text), event: nil)
    }
    func embed(_ texts: [String]) -> [[Float]] { texts.map(embed) }

    /// The article's vector: its event's direction (seeded by the event) plus its own noise.
    func vector(seed: UInt64, event: Int32?) -> [Float] {
        var own = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        var values = [Float](repeating: 0, count: dimension)
        if let event {
            var shared = SplitMix64(seed: UInt64(bitPattern: Int64(event)) &+ 0xA5A5)
            for i in 0..<dimension { values[i] = shared.nextGaussian() }
        }
        for i in 0..<dimension { values[i] += noise * own.nextGaussian() }
        var norm: Float = 0
        for v in values { norm += v * v }
        norm = norm.squareRoot()
        return values.map { $0 / norm }
    }
}

extension SplitMix64 {
    /// A standard normal draw (Box–Muller).
    mutating func nextGaussian() -> Float {
        let u = max(Float.leastNonzeroMagnitude, Float(next() >> 40) / Float(1 << 24))
        let v = Float(next() >> 40) / Float(1 << 24)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
