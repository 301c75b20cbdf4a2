import Testing
import Xoseen

/// The feed's cache of who each viewer must not see: it only ever grows between rebuilds, a fill
/// that raced a change is not kept, and memory stays within its budget of ids.
struct ViewerExclusionsTests {
    @Test func aFillIsKeptAndGrowsWithEveryCommittedChange() {
        let cache = ViewerExclusions()
        #expect(cache.lookup("ada") == nil)
        cache.store(["b", "c"], for: cache.ticket(for: "ada"))
        #expect(cache.lookup("ada") == ["b", "c"])
        cache.record("ada", excludes: "d")
        cache.record("ada", excludes: "b")
        #expect(cache.lookup("ada") == ["b", "c", "d"])
        #expect(cache.size.ids == 3)
        // A change for a viewer not cached keeps nothing.
        cache.record("eve", excludes: "ada")
        #expect(cache.lookup("eve") == nil)
    }

    @Test func aFillThatRacedAChangeForItsViewerIsNotKept() {
        let cache = ViewerExclusions()
        let stale = cache.ticket(for: "ada")
        // A decision commits after the fill's read began: what the fill read may lack it.
        cache.record("ada", excludes: "d")
        cache.store(["b"], for: stale)
        #expect(cache.lookup("ada") == nil)
        cache.store(["b", "d"], for: cache.ticket(for: "ada"))
        #expect(cache.lookup("ada") == ["b", "d"])
    }

    @Test func aRebuildDropsEverythingAndFillsInFlight() {
        let cache = ViewerExclusions()
        cache.store(["b"], for: cache.ticket(for: "ada"))
        let inFlight = cache.ticket(for: "bob")
        cache.removeAll()
        cache.store(["c"], for: inFlight)
        #expect(cache.lookup("ada") == nil)
        #expect(cache.lookup("bob") == nil)
        #expect(cache.size.ids == 0)
    }

    @Test func memoryStaysWithinTheBudgetAndTheLeastRecentlyUsedGoFirst() {
        var limits = ViewerExclusions.Limits()
        limits.budget = 100
        limits.largestEntry = 30
        let cache = ViewerExclusions(limits: limits)
        func ids(_ n: Int, _ prefix: String) -> Set<String> { Set((0..<n).map { "\(prefix)\($0)" }) }
        for viewer in 0..<10 {
            cache.store(ids(10, "v\(viewer)-"), for: cache.ticket(for: "v\(viewer)"))
            _ = cache.lookup("v0")  // kept in use
        }
        #expect(cache.size.ids == 100)
        cache.store(ids(10, "x-"), for: cache.ticket(for: "x"))
        #expect(cache.size.ids <= 90)
        #expect(cache.lookup("v0") != nil)
        #expect(cache.lookup("x") != nil)
        #expect(cache.lookup("v1") == nil)
        // A viewer with more exclusions than an entry may hold is read from the store each time.
        cache.store(ids(31, "big-"), for: cache.ticket(for: "big"))
        #expect(cache.lookup("big") == nil)
        cache.store(ids(30, "v0-"), for: cache.ticket(for: "v0"))
        cache.record("v0", excludes: "one-more")
        #expect(cache.lookup("v0") == nil)
        #expect(cache.size.ids <= 100)
    }
}
