import Foundation

/// The feed health state machine and polling schedule, as one pure value so it is tested
/// without a network:
///
/// - any good fetch (200 or 304) → `active`, `failureCount` 0, next poll after the feed's
///   interval (± jitter);
/// - a failure → `failureCount` + 1; `failing` from `failingAfter` consecutive failures,
///   polled again after an exponential backoff (interval × 2^(n−1), capped, ± jitter) or the
///   server's `Retry-After` when longer;
/// - `dead` after `deadAfter` consecutive failures or at once on 410 Gone; a dead feed is
///   retried once a day, and the next good fetch revives it.
public struct FeedHealthPolicy: Sendable {
    public var failingAfter = 2
    public var deadAfter = 10
    public var maxBackoff: TimeInterval = 6 * 3600
    public var deadRetry: TimeInterval = 24 * 3600
    public var maxRetryAfter: TimeInterval = 24 * 3600
    /// ± this fraction of each delay, so feeds added together do not poll together.
    public var jitter = 0.1
    /// Uniform in 0..<1; injectable for deterministic tests.
    public var random: @Sendable () -> Double = { Double.random(in: 0..<1) }

    public init() {}

    public func afterSuccess(_ feed: Feed, now: Date, etag: String?, lastModified: String?, movedTo: URL?) -> Feed {
        var next = feed
        next.health = .active
        next.failureCount = 0
        next.lastFetchedAt = now
        next.lastError = nil
        if let etag { next.etag = etag }
        if let lastModified { next.lastModified = lastModified }
        if let movedTo { next.url = movedTo.absoluteString }
        next.nextPollAt = now.addingTimeInterval(jittered(TimeInterval(feed.pollIntervalSeconds)))
        return next
    }

    public func afterFailure(_ feed: Feed, now: Date, reason: String, gone: Bool = false, retryAfter: TimeInterval? = nil) -> Feed
    {
        var next = feed
        next.failureCount = feed.failureCount + 1
        next.lastError = reason
        if gone || next.failureCount >= deadAfter {
            next.health = .dead
            next.nextPollAt = now.addingTimeInterval(jittered(deadRetry))
            return next
        }
        next.health = next.failureCount >= failingAfter ? .failing : feed.health == .dead ? .dead : .active
        let exponent = Double(min(next.failureCount - 1, 20))
        var delay = min(TimeInterval(feed.pollIntervalSeconds) * pow(2, exponent), maxBackoff)
        if let retryAfter { delay = max(delay, min(retryAfter, maxRetryAfter)) }
        next.nextPollAt = now.addingTimeInterval(jittered(delay))
        return next
    }

    func jittered(_ delay: TimeInterval) -> TimeInterval {
        delay * (1 + jitter * (2 * random() - 1))
    }
}
