import ClusterBus
import XoseenVerification

/// Attempt counters kept in Redis (verify-live per address and per user), so N instances give a client
/// one budget, not N. The same fixed window as `AttemptLimiter`: the first attempt starts it, the key
/// expires with it. One atomic script per check, on Redis's clock; if Redis cannot answer, the instance's
/// own limiter decides (never fail open).
struct SharedAttemptLimit: Sendable {
    let bus: RedisBus

    /// Answers the seconds until the key has room again when it is full, else counts one attempt and answers 0.
    private static let script = """
        local limit = tonumber(ARGV[1])
        local count = tonumber(redis.call('GET', KEYS[1]) or '0')
        if count >= limit then
            local ttl = redis.call('TTL', KEYS[1])
            if ttl < 1 then ttl = 1 end
            return ttl
        end
        if redis.call('INCR', KEYS[1]) == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
        return 0
        """

    /// Counts one attempt for `key` under `limiter`'s limit and window: nil when it had room, else the
    /// seconds to wait. `name` keeps the limits apart (one key space per limit).
    func take(_ limiter: AttemptLimiter, name: String, key: String) async -> Int? {
        guard limiter.limit > 0 else { return nil }
        do {
            let wait = try await bus.evaluate(
                Self.script, keys: ["xoseen:attempts:\(name):\(key)"],
                arguments: [String(limiter.limit), String(Int(limiter.window.rounded(.up)))])
            guard let wait, wait > 0 else { return nil }
            return Int(wait)
        } catch {
            return limiter.take([key], now: .now)
        }
    }
}
