import Foundation
import HTTPServer
import Jarvis
import Synchronization

/// Encoded pages of `GET /stories`, one per query (`topic`, `min_signal`, `limit`, `after`), and
/// each filter's `total`, so the app's requests cost a dictionary look-up instead of two queries
/// and an encoding. Everyone's first page is the same, so its `nextCursor` — and the second page —
/// is too: scrolling readers share the later pages as well.
///
/// Every story event empties it (`JarvisEventBus.watch`): this instance's writes before they
/// return, other instances' as the Redis relay delivers them, so one mechanism serves both. A
/// page computed while an event arrived is not kept (the generation moved). `maxAge` bounds what
/// no event announces (a feed renamed under its stories' sources, an event lost while Redis was
/// away); `maxEntries` bounds each shelf's memory whatever queries clients invent, and pages after
/// a cursor are shelved apart, so invented cursors cannot push out the first pages.
final class StoryPageCache: Sendable {
    struct Key: Hashable, Sendable {
        var topic: Topic?
        var minSignal: Int?
        var limit: Int
        /// The cursor's canonical encoding; nil for a first page.
        var after: String? = nil
    }

    /// Values kept until they are `maxAge` old or the shelf is full (then it starts over).
    private struct Shelf<Name: Hashable, Value> {
        var items: [Name: (value: Value, storedAt: ContinuousClock.Instant)] = [:]

        func value(_ name: Name, now: ContinuousClock.Instant, maxAge: Duration) -> Value? {
            guard let item = items[name], now - item.storedAt < maxAge else { return nil }
            return item.value
        }

        mutating func keep(_ value: Value, as name: Name, at now: ContinuousClock.Instant, maxEntries: Int) {
            if items.count >= maxEntries { items.removeAll(keepingCapacity: true) }
            items[name] = (value, now)
        }
    }

    private struct State {
        var generation: UInt64 = 0
        var firstPages = Shelf<Key, Response>()
        var laterPages = Shelf<Key, Response>()
        var totals = Shelf<StoryFilter, Int>()
    }

    let maxAge: Duration
    let maxEntries: Int
    /// Pages after a cursor: fewer (a page of 100 stories is ~150 KB; 64 of them ~10 MB).
    let maxLaterPages: Int
    private let state = Mutex(State())

    init(maxAge: Duration = .seconds(30), maxEntries: Int = 256, maxLaterPages: Int = 64) {
        self.maxAge = maxAge
        self.maxEntries = maxEntries
        self.maxLaterPages = maxLaterPages
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
            $0.firstPages.items.removeAll(keepingCapacity: true)
            $0.laterPages.items.removeAll(keepingCapacity: true)
            $0.totals.items.removeAll(keepingCapacity: true)
        }
    }

    /// The cached page for `key`, or the one `make` computes (kept when it succeeded, unless a
    /// story changed meanwhile).
    func page(_ key: Key, make: () async throws -> Response) async throws -> Response {
        let now = ContinuousClock.now
        let later = key.after != nil
        let (hit, generation) = state.withLock { state in
            ((later ? state.laterPages : state.firstPages).value(key, now: now, maxAge: maxAge), state.generation)
        }
        if let hit { return hit }
        let response = try await make()
        guard response.status == .ok else { return response }
        state.withLock { state in
            guard state.generation == generation else { return }
            if later {
                state.laterPages.keep(response, as: key, at: now, maxEntries: maxLaterPages)
            } else {
                state.firstPages.keep(response, as: key, at: now, maxEntries: maxEntries)
            }
        }
        return response
    }

    /// The cached count of stories matching `filter`, or the one `count` computes.
    func total(_ filter: StoryFilter, count: () async throws -> Int) async throws -> Int {
        let now = ContinuousClock.now
        let (hit, generation) = state.withLock { state in
            (state.totals.value(filter, now: now, maxAge: maxAge), state.generation)
        }
        if let hit { return hit }
        let total = try await count()
        state.withLock { state in
            guard state.generation == generation else { return }
            state.totals.keep(total, as: filter, at: now, maxEntries: maxEntries)
        }
        return total
    }
}
