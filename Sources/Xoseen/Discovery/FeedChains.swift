import Foundation
import SQLStore
import Synchronization

/// The feed's cursor chains — the candidates already served to one viewer in one pagination —
/// kept in memory, bounded, expiring, and written behind to `rank_chains` only once a client
/// really pages.
///
/// Why: a chain is what makes `nextCursor` honest (within a chain no candidate repeats and none
/// is skipped while scores move), but most first pages are never followed. Writing a durable
/// row for each turned an anonymous read into an fsync and grew the database without end. So:
/// - a **first page** creates its chain in memory only (no database write on the read path);
/// - a **next page** extends it in memory and marks it dirty; ``flush(now:)`` (the server runs
///   it every couple of seconds) writes every dirty chain in one transaction, so a chain that is
///   being paged survives a restart, eviction from memory, and is visible to other processes;
/// - every chain **expires** `timeToLive` after its last page (sliding), in memory and in the
///   store (`expires_at`, pruned by ``flush(now:)``); an expired cursor answers `invalid_cursor`;
/// - memory is **bounded**: at most `perViewerLimit` live chains per viewer and `capacity` in
///   all; the oldest go first (one viewer hammering their first page evicts only their own).
///
/// What a multi-process deployment must know: a chain lives in the process that served its
/// first page until it is extended and flushed; a next page routed to another process before
/// that finds no chain (`invalid_cursor`) — route a viewer to one process, or accept that the
/// client restarts the feed (the seed tells clients to dedupe by candidateId anyway).
public final class FeedChains: Sendable {
    public struct Limits: Sendable {
        public var timeToLive: TimeInterval = 30 * 60
        public var capacity = 50_000
        public var perViewerLimit = 8
        /// A chain stops at this many served candidates (then the feed has no next page).
        public var maxServed = 5_000

        public init() {}
    }

    public struct Chain: Sendable, Equatable {
        public var viewer: String
        public var served: [String]
        public var expiresAt: Date
    }

    private struct Entry {
        var chain: Chain
        var dirty: Bool
        /// Creation order, for eviction.
        var sequence: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Ids in creation order (with lazily skipped holes), oldest first.
        var order: [(id: String, sequence: UInt64)] = []
        var orderStart = 0
        var byViewer: [String: [String]] = [:]
        var nextSequence: UInt64 = 0
    }

    public let database: any Database
    public let limits: Limits
    private let state = Mutex(State())
    /// Expired rows are deleted at most this often (an idle server makes no write every flush).
    static let pruneInterval: TimeInterval = 60
    private let nextPrune = Mutex(Date.distantPast)

    public init(database: any Database, limits: Limits = Limits()) {
        self.database = database
        self.limits = limits
    }

    /// Chains held in memory now.
    public var count: Int { state.withLock { $0.entries.count } }

    /// A new chain for a first page (memory only). Returns its id.
    public func create(viewer: String, served: [String], at now: Date) -> String {
        let id = "ch_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        insert(id: id, Chain(viewer: viewer, served: served, expiresAt: now.addingTimeInterval(limits.timeToLive)), dirty: false)
        return id
    }

    /// The live chain `id`: from memory, else from the store (written behind, perhaps by another
    /// process); nil when unknown or expired.
    public func chain(_ id: String, at now: Date) async throws -> Chain? {
        let held = state.withLock { $0.entries[id]?.chain }
        if let held { return held.expiresAt > now ? held : nil }
        guard
            let stored = try await database.read({ connection -> Chain? in
                guard
                    let row = try connection.queryFirst("SELECT viewer_id, served, expires_at FROM rank_chains WHERE id = $1", id)
                else {
                    return nil
                }
                let served = try JSONDecoder().decode([String].self, from: Data(try row.decode(String.self, "served").utf8))
                return Chain(
                    viewer: try row.decode(String.self, "viewer_id"), served: served,
                    expiresAt: try row.decode(Date.self, "expires_at"))
            }), stored.expiresAt > now
        else { return nil }
        insert(id: id, stored, dirty: false)
        return stored
    }

    /// Appends a page to a chain and slides its expiry; it is written at the next flush.
    /// Returns false when the chain is full (`maxServed`): the feed ends there.
    @discardableResult
    public func extend(_ id: String, with served: [String], at now: Date) -> Bool {
        state.withLock { state in
            guard var entry = state.entries[id] else { return false }
            entry.chain.served.append(contentsOf: served.prefix(max(0, limits.maxServed - entry.chain.served.count)))
            entry.chain.expiresAt = now.addingTimeInterval(limits.timeToLive)
            entry.dirty = true
            state.entries[id] = entry
            return entry.chain.served.count < limits.maxServed
        }
    }

    /// Whether a chain may grow by another page.
    public func hasRoom(_ chain: Chain) -> Bool { chain.served.count < limits.maxServed }

    /// Writes every dirty chain in one transaction, deletes expired rows (at most once a minute)
    /// and drops expired chains from memory. Nothing dirty and no pruning due: no write at all.
    /// Returns (written, pruned rows).
    @discardableResult
    public func flush(now: Date) async throws -> (written: Int, pruned: Int) {
        let dirty: [(String, Chain)] = state.withLock { state in
            var out: [(String, Chain)] = []
            for (id, entry) in state.entries where entry.dirty {
                out.append((id, entry.chain))
                state.entries[id]?.dirty = false
            }
            return out
        }
        let prune = nextPrune.withLock { next in
            guard now >= next else { return false }
            next = now.addingTimeInterval(Self.pruneInterval)
            return true
        }
        var pruned = 0
        if !dirty.isEmpty || prune {
            pruned = try await write(dirty, prune: prune, now: now)
        }
        state.withLock { state in
            for (id, entry) in state.entries where entry.chain.expiresAt <= now {
                Self.remove(id, entry.chain.viewer, from: &state)
            }
            Self.compactOrder(&state)
        }
        return (dirty.count, pruned)
    }

    private func write(_ dirty: [(String, Chain)], prune: Bool, now: Date) async throws -> Int {
        let pruned: Int
        do {
            pruned = try await database.write { connection in
                for (id, chain) in dirty {
                    let json = String(decoding: try JSONEncoder().encode(chain.served), as: UTF8.self)
                    try connection.execute(
                        """
                        INSERT INTO rank_chains (id, viewer_id, served, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
                        ON CONFLICT (id) DO UPDATE SET served = excluded.served, expires_at = excluded.expires_at
                        """, id, chain.viewer, json, now, chain.expiresAt)
                }
                return prune ? try connection.execute("DELETE FROM rank_chains WHERE expires_at <= $1", now) : 0
            }
        } catch {
            // Not written: mark them dirty again for the next flush.
            state.withLock { state in for (id, _) in dirty { state.entries[id]?.dirty = true } }
            throw error
        }
        return pruned
    }

    // MARK: Memory bounds

    private func insert(id: String, _ chain: Chain, dirty: Bool) {
        state.withLock { state in
            if let old = state.entries[id] { Self.remove(id, old.chain.viewer, from: &state) }
            let sequence = state.nextSequence
            state.nextSequence += 1
            state.entries[id] = Entry(chain: chain, dirty: dirty, sequence: sequence)
            state.order.append((id, sequence))
            state.byViewer[chain.viewer, default: []].append(id)
            // The viewer's own oldest chains go first, then the oldest of all.
            while let mine = state.byViewer[chain.viewer], mine.count > limits.perViewerLimit {
                Self.remove(mine[0], chain.viewer, from: &state)
            }
            while state.entries.count > limits.capacity, state.orderStart < state.order.count {
                let (oldest, sequence) = state.order[state.orderStart]
                state.orderStart += 1
                if let entry = state.entries[oldest], entry.sequence == sequence {
                    Self.remove(oldest, entry.chain.viewer, from: &state)
                }
            }
            Self.compactOrder(&state)
        }
    }

    private static func remove(_ id: String, _ viewer: String, from state: inout State) {
        state.entries[id] = nil
        if var ids = state.byViewer[viewer] {
            ids.removeAll { $0 == id }
            state.byViewer[viewer] = ids.isEmpty ? nil : ids
        }
    }

    /// Drops the order list's consumed prefix and entries already removed, once they are most of it.
    private static func compactOrder(_ state: inout State) {
        guard state.order.count > 2 * state.entries.count + 1024 else { return }
        state.order = state.order[state.orderStart...].filter { state.entries[$0.id]?.sequence == $0.sequence }
        state.orderStart = 0
    }
}
