import ClusterBus
import ClusterTesting
import Foundation
import Testing
import Xoseen

@testable import XoseenAPI

/// Leased chat tokens (one Redis script takes several at once) never let a user past the shared bucket,
/// however the frames are spread over instances; a lease's leftovers are dropped, never spent late.
@Suite(.serialized) struct SharedChatRateLimitTests {
    /// Two instances' limiters on one Redis: a burst of 40 (and almost no refill), leases of 8.
    static func pair(_ redis: ThrowawayRedis) throws -> (SharedChatRateLimit, SharedChatRateLimit, [RedisBus]) {
        let limiter = ChatRateLimiter(burst: 40, perSecond: 0.001)
        let buses = [try RedisBus(url: redis.url), try RedisBus(url: redis.url)]
        return (
            SharedChatRateLimit(bus: buses[0], local: limiter, lease: 8),
            SharedChatRateLimit(bus: buses[1], local: ChatRateLimiter(burst: 40, perSecond: 0.001), lease: 8), buses
        )
    }

    @Test func framesSpreadOverTwoInstancesShareOneBucket() async throws {
        let redis = try ThrowawayRedis.startPrivate()
        defer { redis.crash() }
        let (a, b, buses) = try Self.pair(redis)
        defer { buses.forEach { $0.close() } }
        var allowed = 0
        for i in 0..<60 {
            if await (i % 2 == 0 ? a : b).allow("usr_x", now: 1) { allowed += 1 }
        }
        #expect(allowed == 40, "the burst, once, across both instances")
        // Another user has a bucket of their own.
        #expect(await a.allow("usr_y", now: 1))
    }

    @Test func aLeaseHeldByOneInstanceIsNotSpentOnceItExpires() async throws {
        let redis = try ThrowawayRedis.startPrivate()
        defer { redis.crash() }
        let (a, b, buses) = try Self.pair(redis)
        defer { buses.forEach { $0.close() } }
        #expect(await a.allow("usr_x", now: 1))  // A now holds 7 leased tokens
        var onB = 0
        while await b.allow("usr_x", now: 1) { onB += 1 }
        #expect(onB == 32, "B gets what A did not lease: the bound on unfairness is one lease")
        var onA = 0
        for _ in 0..<3 {
            if await a.allow("usr_x", now: 1.5) { onA += 1 }
        }
        #expect(onA == 3, "A spends its lease while it lasts")
        #expect(await a.allow("usr_x", now: 1 + SharedChatRateLimit.leaseLifetime + 0.1) == false, "the 4 left expired")
    }

    @Test func theDefaultLeaseIsOneFrameForTheDefaultBudget() {
        #expect(SharedChatRateLimit.defaultLease(for: ChatRateLimiter()) == 1)
        #expect(SharedChatRateLimit.defaultLease(for: ChatRateLimiter(burst: 400, perSecond: 40)) == 5)
        #expect(SharedChatRateLimit.defaultLease(for: ChatRateLimiter(burst: 10000, perSecond: 100_000)) == 64)
    }
}
