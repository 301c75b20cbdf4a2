import Foundation
import HTTPServer
import Jarvis
import Synchronization

/// Encoded first pages of `GET /stories` (no cursor), one per query (`topic`, `min_signal`,
/// `limit`), so the app's most frequent request costs a dictionary look-up instead of two
/// queries and an encoding; and each filter's `total`, which every later page of it repeats
/// (counting 10,000 stories costs more than reading a page).
///
/// Every story event empties it (`JarvisEventBus.watch`): this instance's writes before they
/// return, other instances' as the Redis relay delivers them, so one mechanism serves both. A
/// page computed while an event arrived is not kept (the generation moved). `maxAge` bounds what
/// no event announces (a feed renamed under its stories' sources, an event lost while Redis was
/// away); `maxEntries` bounds memory whatever queries clients invent.
final class StoryPageCache: Sendable {
    struct Key: Hashable, Sendable {
        var topic: Topic?
        var minSignal: Int?
        var limit: Int
    }

    private struct Entry {
        var response: Response
        var storedAt: ContinuousClock.Instant
    }

    private struct State {
        var generation: UInt64 = 0
        var entries: [Key: Entry] = [:]
        var totals: [StoryFilter: (total: Int, storedAt: ContinuousClock.Instant)] = [:]
    }

    let maxAge: Duration
    let maxEntries: Int
    private let state = Mutex(State())

    init(maxAge: Duration = .seconds(30), maxEntries: Int = 256) {
        self.maxAge = maxAge
        self.maxEntries = maxEntries
    }

    /// Empties the cache whenever `events` reports a story change.
    func invalidate(on events: JarvisEventBus) {
        events.watch { [weak self] event in
            if event.changesStories { self?.invalidate() }
        }
    }

    func invalidate() {
        state.withLock {
            $0.generation &+= 1
            $0.entries.removeAll(keepingCapacity: true)
            $0.totals.removeAll(keepingCapacity: true)
        }
    }

    /// The cached page for `key`, or the one `make` computes (kept unless a story changed meanwhile).
    func page(_ key: Key, make: () async throws -> Response) async throws -> Response {
        let now = ContinuousClock.now
        let (cached, generation) = state.withLock { state -> (Response?, UInt64) in
            guard let entry = state.entries[key], now - entry.storedAt < maxAge else { return (nil, state.generation) }
            return (entry.response, state.generation)
        }
        if let cached { return cached }
        let response = try await make()
        guard response.status == .ok else { return response }
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.entries.count >= maxEntries { state.entries.removeAll(keepingCapacity: true) }
            state.entries[key] = Entry(response: response, storedAt: now)
        }
        return response
    }

    /// The cached count of stories matching `filter`, or the one `count` computes (kept unless a
    /// story changed meanwhile).
    func total(_ filter: StoryFilter, count: () async throws -> Int) async throws -> Int {
        let now = ContinuousClock.now
        let (cached, generation) = state.withLock { state -> (Int?, UInt64) in
            guard let entry = state.totals[filter], now - entry.storedAt < maxAge else { return (nil, state.generation) }
            return (entry.total, state.generation)
        }
        if let cached { return cached }
        let total = try await count()
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.totals.count >= maxEntries { state.totals.removeAll(keepingCapacity: true) }
            state.totals[filter] = (total, now)
        }
        return total
    }
}
