import Metrics
import Synchronization

/// Requests answered on one route (method + pattern), by status, with their latency: what
/// `http_requests_total` and `http_request_duration_seconds` report. Labels are the route's
/// *pattern*, never the raw path, so the number of series is bounded by the routes and statuses.
///
/// Recording takes no lock: a route sees few distinct statuses, each claims one of a fixed
/// number of slots the first time it occurs (a compare-and-swap), and later requests with that
/// status find the slot by a short scan and add to its histogram.
final class RouteStatistics: @unchecked Sendable {
    // @unchecked: the two blocks are allocated once; only their atomics change. Plain memory rather
    // than `Histogram` objects: recording then touches no reference count shared by the workers.
    let method: String
    let pattern: String
    static let slotCount = 8
    /// Per slot: one count per latency bound, `+Inf`, then the sum in nanoseconds.
    static let cellsPerSlot = Histogram.requestBounds.count + 2
    static let boundsNanoseconds = Histogram.requestBounds.map { UInt64(($0 * 1e9).rounded()) }
    private let statuses: UnsafeMutablePointer<Atomic<Int>>
    private let cells: UnsafeMutablePointer<Atomic<UInt64>>

    init(method: String, pattern: String) {
        self.method = method
        self.pattern = pattern
        statuses = .allocate(capacity: Self.slotCount)
        for slot in 0..<Self.slotCount { (statuses + slot).initialize(to: Atomic(0)) }
        cells = .allocate(capacity: Self.slotCount * Self.cellsPerSlot)
        for cell in 0..<(Self.slotCount * Self.cellsPerSlot) { (cells + cell).initialize(to: Atomic(0)) }
    }

    deinit {
        statuses.deinitialize(count: Self.slotCount)
        statuses.deallocate()
        cells.deinitialize(count: Self.slotCount * Self.cellsPerSlot)
        cells.deallocate()
    }

    /// The last slot is shared by every status past the first seven a route sees (label "other").
    func record(status: Int, nanoseconds: UInt64) {
        var chosen = Self.slotCount - 1
        for slot in 0..<(Self.slotCount - 1) {
            let current = statuses[slot].load(ordering: .relaxed)
            if current == status {
                chosen = slot
                break
            }
            if current == 0 {
                let (exchanged, now) = statuses[slot].compareExchange(expected: 0, desired: status, ordering: .relaxed)
                if exchanged || now == status {
                    chosen = slot
                    break
                }
            }
        }
        let base = cells + chosen * Self.cellsPerSlot
        var bucket = 0
        Self.boundsNanoseconds.withUnsafeBufferPointer { bounds in
            while bucket < bounds.count && nanoseconds > bounds[bucket] { bucket += 1 }
        }
        base[bucket].wrappingAdd(1, ordering: .relaxed)
        base[Self.cellsPerSlot - 1].wrappingAdd(nanoseconds, ordering: .relaxed)
    }

    /// (status label, latency snapshot) for every status seen.
    var snapshot: [(status: String, histogram: Histogram.Snapshot)] {
        var result: [(status: String, histogram: Histogram.Snapshot)] = []
        for slot in 0..<Self.slotCount {
            let status = slot == Self.slotCount - 1 ? 0 : statuses[slot].load(ordering: .relaxed)
            let base = cells + slot * Self.cellsPerSlot
            var cumulative: [UInt64] = []
            var running: UInt64 = 0
            for bucket in 0..<(Self.cellsPerSlot - 1) {
                running &+= base[bucket].load(ordering: .relaxed)
                cumulative.append(running)
            }
            guard running > 0 else { continue }
            let sum = Double(base[Self.cellsPerSlot - 1].load(ordering: .relaxed)) / 1e9
            result.append(
                (
                    status == 0 ? "other" : String(status),
                    Histogram.Snapshot(bounds: Histogram.requestBounds, cumulative: cumulative, sumSeconds: sum)
                ))
        }
        return result
    }
}

/// WebSocket figures of one server.
final class WebSocketStatistics: Sendable {
    let opened = Counter()
    let received = Counter()
    let sent = Counter()
}
