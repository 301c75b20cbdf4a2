import Synchronization

/// Per-user token bucket shared by all of that user's sockets (several devices share one
/// allowance): `burst` messages at once, refilled at `perSecond`. Time is passed in, so the
/// limiter is deterministic under test.
public final class ChatRateLimiter: Sendable {
    public let burst: Double
    public let perSecond: Double
    private struct Bucket {
        var tokens: Double
        var updated: Double
    }
    private let buckets = Mutex<[String: Bucket]>([:])
    static let pruneThreshold = 10_000

    /// Users currently holding a partly used bucket.
    public var trackedUsers: Int { buckets.withLock { $0.count } }

    public init(burst: Int = 10, perSecond: Double = 2) {
        self.burst = Double(burst)
        self.perSecond = perSecond
    }

    /// Takes one token for `userId` at time `now` (seconds, any monotonic origin); false when
    /// the bucket is empty.
    public func allow(_ userId: String, now: Double) -> Bool {
        buckets.withLock { buckets in
            var bucket = buckets[userId] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = min(burst, bucket.tokens + max(0, now - bucket.updated) * perSecond)
            bucket.updated = now
            let allowed = bucket.tokens >= 1
            if allowed { bucket.tokens -= 1 }
            buckets[userId] = bucket
            if buckets.count > Self.pruneThreshold {
                // Buckets that have refilled completely carry no state worth keeping.
                buckets = buckets.filter { $0.value.tokens + (now - $0.value.updated) * perSecond < burst }
            }
            return allowed
        }
    }
}
