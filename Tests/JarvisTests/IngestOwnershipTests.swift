import Foundation
import JarvisAPI
import SQLStore
import Synchronization
import Testing

/// The ingest lease hand-over: the instance that takes over from a dead owner tops up its clustering index
/// (`onTakeover`) once, before ingesting; start-up and renewals do not.
@Suite struct IngestOwnershipTests {
    @Test func takingOverTheLeaseRunsTheTakeoverOnce() async throws {
        let path = NSTemporaryDirectory() + "ingest-ownership-\(UUID().uuidString).sqlite"
        let database = try SQLiteDatabase(path: path)
        defer {
            database.closeSync()
            try? FileManager.default.removeItem(atPath: path)
        }
        let now = Mutex(Date(timeIntervalSince1970: 1_000_000))
        let clock: @Sendable () -> Date = { now.withLock { $0 } }
        let takeovers = Mutex([String]())
        let first = IngestOwnership(database: database, renewEvery: 5, validFor: 15, clock: clock) {
            takeovers.withLock { $0.append("first") }
        }
        let second = IngestOwnership(database: database, renewEvery: 5, validFor: 15, clock: clock) {
            takeovers.withLock { $0.append("second") }
        }
        #expect(await first.isOwner())
        #expect(await !second.isOwner())
        now.withLock { $0 += 6 }
        #expect(await first.isOwner(), "renewed")
        #expect(await !second.isOwner())
        // The first instance dies: its lease lapses 15 s after its last renewal and the second takes over.
        now.withLock { $0 += 16 }
        #expect(await second.isOwner())
        #expect(takeovers.withLock { $0 } == ["second"])
        now.withLock { $0 += 6 }
        #expect(await second.isOwner())
        #expect(takeovers.withLock { $0 } == ["second"], "a renewal is not a takeover")
    }
}
