import Foundation
import SQLStore
import Synchronization

/// One Jarvis instance ingests at a time when several share a database: it holds the `jarvis.ingest`
/// lease (renewed every `renewEvery`, valid for `validFor`), so one clustering index sees every new
/// article and stories stay consistent. The others serve reads and live events (through Redis); when the
/// owner dies its lease lapses and the next instance to ask takes over. Per-feed poll leases
/// (`FeedStore.lease`) still guard the hand-over, when two instances may briefly both believe they own it.
final class IngestOwnership: Sendable {
    private let lease: WorkLease
    private let renewEvery: TimeInterval
    private let validFor: TimeInterval
    private let state = Mutex<(owner: Bool, checkedAt: Date)>((false, .distantPast))

    init(database: any Database, renewEvery: TimeInterval = 5, validFor: TimeInterval = 15) {
        lease = WorkLease(database: database)
        self.renewEvery = renewEvery
        self.validFor = validFor
    }

    /// Whether this instance ingests now; asks the database at most every `renewEvery`.
    func isOwner() async -> Bool {
        let now = Date()
        let cached = state.withLock { $0 }
        if now.timeIntervalSince(cached.checkedAt) < renewEvery { return cached.owner }
        let owner = (try? await lease.acquire("jarvis.ingest", for: validFor, now: now)) ?? false
        state.withLock { $0 = (owner, now) }
        return owner
    }
}
