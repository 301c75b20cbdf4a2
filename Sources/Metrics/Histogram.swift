import Synchronization

/// A latency distribution in fixed buckets (seconds, cumulative when rendered). Each observation is two
/// or three relaxed atomic adds: the bucket it falls in, the count and the sum (kept in nanoseconds).
public final class Histogram: @unchecked Sendable {
    // @unchecked: `counts` is allocated once in init, its atomics are the only thing written, and it is
    // freed in deinit when no one can hold the histogram any more.
    /// Upper bounds in seconds, ascending; an implicit `+Inf` bucket follows.
    public let bounds: [Double]
    private let boundsNanoseconds: [UInt64]
    /// One slot per bound, then `+Inf`, then the sum in nanoseconds.
    private let counts: UnsafeMutablePointer<Atomic<UInt64>>
    private let slotCount: Int

    /// Request latencies: 0.5 ms to 10 s.
    public static let requestBounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10]
    /// Slower work (a poll, a clustering round, a verification): 1 ms to 60 s.
    public static let workBounds: [Double] = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]

    public init(bounds: [Double] = Histogram.requestBounds) {
        self.bounds = bounds.sorted()
        boundsNanoseconds = self.bounds.map { UInt64(($0 * 1e9).rounded()) }
        slotCount = bounds.count + 2
        counts = .allocate(capacity: slotCount)
        for slot in 0..<slotCount { (counts + slot).initialize(to: Atomic(0)) }
    }

    deinit {
        counts.deinitialize(count: slotCount)
        counts.deallocate()
    }

    public func observe(nanoseconds: UInt64) {
        var slot = 0
        while slot < boundsNanoseconds.count && nanoseconds > boundsNanoseconds[slot] { slot += 1 }
        counts[slot].wrappingAdd(1, ordering: .relaxed)
        counts[slotCount - 1].wrappingAdd(nanoseconds, ordering: .relaxed)
    }

    public func observe(seconds: Double) {
        observe(nanoseconds: seconds <= 0 ? 0 : UInt64(min(seconds, 1e9) * 1e9))
    }

    /// Times `body` and records it.
    public func time<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let start = ContinuousClock.now
        defer { observe(duration: ContinuousClock.now - start) }
        return try body()
    }

    public func observe(duration: Duration) {
        let (seconds, attoseconds) = duration.components
        observe(nanoseconds: seconds < 0 ? 0 : UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000))
    }

    /// A consistent-enough copy for one scrape (each slot read once).
    public var snapshot: Snapshot {
        var buckets: [UInt64] = []
        var running: UInt64 = 0
        for slot in 0...bounds.count {
            running &+= counts[slot].load(ordering: .relaxed)
            buckets.append(running)
        }
        let sum = Double(counts[slotCount - 1].load(ordering: .relaxed)) / 1e9
        return Snapshot(bounds: bounds, cumulative: buckets, sumSeconds: sum)
    }

    public struct Snapshot: Sendable {
        public let bounds: [Double]
        /// Cumulative counts per bound, the last one (`+Inf`) being the total.
        public let cumulative: [UInt64]
        public let sumSeconds: Double
        public var count: UInt64 { cumulative.last ?? 0 }

        public init(bounds: [Double], cumulative: [UInt64], sumSeconds: Double) {
            self.bounds = bounds
            self.cumulative = cumulative
            self.sumSeconds = sumSeconds
        }
    }
}
