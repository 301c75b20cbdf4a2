import Synchronization
import StableHash

/// The ids a viewer's feed must never show — everyone they already liked or passed, and everyone
/// blocked either way — cached in memory for recently active viewers, so a rank request that hits
/// needs no database round trip (on PostgreSQL a read was four: BEGIN, two queries, COMMIT).
///
/// **Consistency.** The store stays the authority; an entry only ever grows between loads, and it
/// grows with every change that can add to it: ``record(_:excludes:)`` is called after a decision or
/// a block has committed on this instance, and for the changes peers publish (the index relay).
/// A fill races those changes — its read may miss a decision that commits while the entry is being
/// built — so each change bumps an epoch (per stripe of viewers, plus a global generation that
/// ``removeAll()`` bumps), and a fill whose epoch moved is used for its one request but not kept.
/// Nothing removes ids from an entry except erasure and rebuilds, which call ``removeAll()``.
///
/// **Memory** is bounded by ids, not viewers: at most `budget` ids over all entries (a viewer with
/// more than `largestEntry` is never cached and always reads the store); beyond the budget the least
/// recently used entries are evicted down to 90% of it. An id costs about 40 bytes in a set.
public final class ViewerExclusions: Sendable {
    public struct Limits: Sendable {
        /// Ids kept over all viewers.
        public var budget = 1_000_000
        /// A viewer with more exclusions than this is read from the store every time.
        public var largestEntry = 20_000

        public init() {}
    }

    private struct Entry {
        var ids: Set<String>
        var lastUsed: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var held = 0
        var tick: UInt64 = 0
        var generation: UInt64 = 0
        var epochs = [UInt64](repeating: 0, count: ViewerExclusions.stripes)
    }

    /// What a fill must present to be kept: the epochs it started under.
    public struct Ticket: Sendable {
        fileprivate let viewer: String
        fileprivate let generation: UInt64
        fileprivate let epoch: UInt64
    }

    static let stripes = 256
    public let limits: Limits
    private let state = Mutex(State())

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// The viewer's cached exclusions; nil when they must be read from the store.
    public func lookup(_ viewer: String) -> Set<String>? {
        state.withLock { state in
            guard state.entries[viewer] != nil else { return nil }
            state.tick += 1
            state.entries[viewer]!.lastUsed = state.tick
            return state.entries[viewer]!.ids
        }
    }

    /// Taken before reading the store for `viewer`.
    public func ticket(for viewer: String) -> Ticket {
        state.withLock { state in
            Ticket(viewer: viewer, generation: state.generation, epoch: state.epochs[Self.stripe(viewer)])
        }
    }

    /// Keeps what the store answered unless a change for this viewer (or a rebuild) came in between.
    public func store(_ ids: Set<String>, for ticket: Ticket) {
        guard ids.count <= limits.largestEntry else { return }
        state.withLock { state in
            guard state.generation == ticket.generation, state.epochs[Self.stripe(ticket.viewer)] == ticket.epoch else {
                return
            }
            state.tick += 1
            let old = state.entries.updateValue(Entry(ids: ids, lastUsed: state.tick), forKey: ticket.viewer)
            state.held += ids.count - (old?.ids.count ?? 0)
            if state.held > limits.budget { Self.evict(&state, below: limits.budget) }
        }
    }

    /// `viewer` must no longer see `other` (a decision or a block, committed).
    public func record(_ viewer: String, excludes other: String) {
        state.withLock { state in
            state.epochs[Self.stripe(viewer)] &+= 1
            guard var entry = state.entries.removeValue(forKey: viewer) else { return }
            if entry.ids.insert(other).inserted { state.held += 1 }
            guard entry.ids.count <= limits.largestEntry else {
                state.held -= entry.ids.count
                return
            }
            state.entries[viewer] = entry
        }
    }

    /// Forgets everything (a rebuild from the store, an erasure): fills in flight are not kept.
    public func removeAll() {
        state.withLock { state in
            state.generation &+= 1
            state.entries = [:]
            state.held = 0
        }
    }

    /// Viewers and ids held (diagnostics and tests).
    public var size: (viewers: Int, ids: Int) { state.withLock { ($0.entries.count, $0.held) } }

    /// Least recently used first, down to 90% of the budget (a sort per eviction, amortized over
    /// the tenth of the budget it frees).
    private static func evict(_ state: inout State, below budget: Int) {
        let floor = budget - budget / 10
        for (viewer, entry) in state.entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            guard state.held > floor else { return }
            state.entries[viewer] = nil
            state.held -= entry.ids.count
        }
    }

    private static func stripe(_ viewer: String) -> Int {
        Int(FNV1a64.hash(viewer) % UInt64(stripes))
    }
}
