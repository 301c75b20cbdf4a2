import Foundation
import StableHash

/// The seed population's random source: SplitMix64 (Steele, Lea & Flood, 2014), with every derived draw
/// (ranges, weights, shuffles, normals) implemented here rather than through the standard library, whose
/// algorithms for `random(in:using:)` and `shuffled(using:)` may change between toolchains. The same seed gives
/// the same sequence on every start, machine and Swift version. Never seeded from the system.
public struct SplitMix64: Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// Seeds from several parts (a base seed and, say, a persona index) so related streams do not overlap.
    public init(seed: UInt64, stream: UInt64) {
        state = SplitMix64.mix(seed ^ SplitMix64.mix(stream &+ 0x632B_E59B_D9B4_E019))
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The SplitMix64 finaliser: a bijective 64-bit mix.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// Uniform in 0..<bound (multiply-high; the bias for bounds this small is below 2⁻⁵⁰).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    public mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    public mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// An index drawn with probability proportional to `weights` (non-negative, not all zero).
    public mutating func weightedIndex(_ weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        var target = unit() * total
        for (i, w) in weights.enumerated() {
            target -= w
            if target < 0 { return i }
        }
        return weights.lastIndex(where: { $0 > 0 }) ?? 0
    }

    public mutating func weighted<T>(_ choices: [(T, Double)]) -> T {
        choices[weightedIndex(choices.map(\.1))].0
    }

    /// Standard normal (Box–Muller).
    public mutating func gaussian() -> Double {
        let u1 = max(unit(), 0x1.0p-53)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// Fisher–Yates.
    public mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, below(i + 1))
        }
    }

    /// `count` distinct indices of `weights`, each draw proportional to the remaining weights.
    public mutating func weightedSample(_ weights: [Double], count: Int) -> [Int] {
        var remaining = weights
        var chosen: [Int] = []
        while chosen.count < count, remaining.contains(where: { $0 > 0 }) {
            let i = weightedIndex(remaining)
            chosen.append(i)
            remaining[i] = 0
        }
        return chosen
    }

    /// FNV-1a over UTF-8: a stable string hash (Swift's `Hasher` is seeded per process, so it cannot be used).
    public static func stableHash(_ text: String) -> UInt64 { FNV1a64.hash(text) }
}
