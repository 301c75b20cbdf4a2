import Foundation
import SQLStore
import Synchronization

/// One Jarvis instance ingests at a time when several share a database: it holds the `jarvis.ingest`
/// lease (renewed every `renewEvery`, valid for `validFor`), so one clustering index sees every new
/// article and stories stay consistent. The others serve reads and live events (through Redis); when the
/// owner dies its lease lapses and the next instance to ask takes over. Per-feed poll leases
/// (`FeedStore.lease`) still guard the hand-over, when two instances may briefly both believe they own it.
///
/// Taking over: this instance's clustering index was restored when it started and has not seen what the
/// previous owner ingested since, so `onTakeover` runs (the index is topped up from the stored assignments,
/// in the background; ingestion waits for it) before this instance's first poll as owner.
public final class IngestOwnership: Sendable {
    private let lease: WorkLease
    private let renewEvery: TimeInterval
    private let validFor: TimeInterval
    private let clock: @Sendable () -> Date
    private let onTakeover: @Sendable () async -> Void
    private let state = Mutex<(owner: Bool, checkedAt: Date)>((false, .distantPast))

    public init(
        database: any Database, renewEvery: TimeInterval = 5, validFor: TimeInterval = 15,
        clock: @escaping @Sendable () -> Date = { Date() }, onTakeover: @escaping @Sendable () async -> Void = {}
    ) {
        lease = WorkLease(database: database)
        self.renewEvery = renewEvery
        self.validFor = validFor
        self.clock = clock
        self.onTakeover = onTakeover
    }

    /// Whether this instance ingests now; asks the database at most every `renewEvery`.
    public func isOwner() async -> Bool {
        let now = clock()
        let cached = state.withLock { $0 }
        if now.timeIntervalSince(cached.checkedAt) < renewEvery { return cached.owner }
        let owner = (try? await lease.acquire("jarvis.ingest", for: validFor, now: now)) ?? false
        state.withLock { $0 = (owner, now) }
        // The first check follows start-up, whose restore already read everything stored.
        if owner && !cached.owner && cached.checkedAt != .distantPast { await onTakeover() }
        return owner
    }
}
