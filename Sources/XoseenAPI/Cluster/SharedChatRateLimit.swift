import ClusterBus
import Synchronization
import Xoseen

/// The per-user chat token bucket kept in Redis, so a user's sockets on every instance share one
/// allowance (the same `burst` and `perSecond` as `ChatRateLimiter`), on Redis's own clock. If Redis
/// cannot answer, the instance's local bucket decides (never fail open).
///
/// Tokens are leased: one atomic script takes up to `lease` tokens from the shared bucket, and this
/// instance spends them on the user's next frames without asking again, for at most `leaseLifetime`
/// seconds; what is left then is dropped, never given back. So the service never lets a user past the
/// shared bucket — every frame spends a token taken from it — and the only cost is fairness between
/// instances: while one instance holds unspent leased tokens (at most `lease − 1`, for at most a
/// second), the user's sockets on another can be refused that many frames early. `lease` is an eighth
/// of what the bucket gives in one lease lifetime (burst or refill, whichever is smaller), at most 64:
/// 1 — one script per frame, as without leasing — for the default 10 frames at once and 2 per second.
final class SharedChatRateLimit: Sendable {
    let bus: RedisBus
    let local: ChatRateLimiter
    /// Most tokens taken from Redis in one script call.
    let lease: Int
    /// Seconds a leased token stays spendable on this instance.
    static let leaseLifetime = 1.0
    static let maxLease = 64

    private struct Lease {
        var tokens: Int
        var expires: Double
    }
    private let leases = Mutex<[String: Lease]>([:])

    /// `lease` defaults to `defaultLease(for: local)`.
    init(bus: RedisBus, local: ChatRateLimiter, lease: Int? = nil) {
        self.bus = bus
        self.local = local
        self.lease = max(1, lease ?? Self.defaultLease(for: local))
    }

    /// An eighth of what the bucket gives in one lease lifetime, between 1 and `maxLease`.
    static func defaultLease(for limiter: ChatRateLimiter) -> Int {
        let perLifetime = min(limiter.burst, limiter.perSecond * leaseLifetime)
        return max(1, min(maxLease, Int(perLifetime / 8)))
    }

    /// Takes up to ARGV[3] tokens (whole ones) from the bucket in KEYS[1]; answers how many it took.
    private static let script = """
        local now = redis.call('TIME')
        local t_now = tonumber(now[1]) + tonumber(now[2]) / 1000000
        local burst = tonumber(ARGV[1])
        local rate = tonumber(ARGV[2])
        local want = tonumber(ARGV[3])
        local state = redis.call('HMGET', KEYS[1], 't', 'u')
        local tokens = tonumber(state[1]) or burst
        local updated = tonumber(state[2]) or t_now
        tokens = math.min(burst, tokens + math.max(0, t_now - updated) * rate)
        local taken = math.min(want, math.floor(tokens))
        if taken < 0 then taken = 0 end
        tokens = tokens - taken
        redis.call('HSET', KEYS[1], 't', tostring(tokens), 'u', tostring(t_now))
        redis.call('EXPIRE', KEYS[1], math.ceil(burst / rate) + 1)
        return taken
        """

    /// Takes one token for `userId`: from this instance's lease while it lasts, else from Redis.
    func allow(_ userId: String, now: Double) async -> Bool {
        let leased = leases.withLock { leases -> Bool in
            guard var held = leases[userId] else { return false }
            guard held.tokens > 0, now < held.expires else {
                leases[userId] = nil
                return false
            }
            held.tokens -= 1
            leases[userId] = held
            return true
        }
        if leased { return true }
        let taken: Int64
        do {
            taken =
                try await bus.evaluate(
                    Self.script, keys: ["xoseen:chat-rate:" + userId],
                    arguments: [String(local.burst), String(local.perSecond), String(lease)]) ?? 0
        } catch {
            return local.allow(userId, now: now)
        }
        guard taken >= 1 else { return false }
        if taken > 1 {
            leases.withLock { leases in
                // Frames that raced here each took their own lease: they add up, and expire with the newest.
                let held = leases[userId].map { $0.expires > now ? $0.tokens : 0 } ?? 0
                leases[userId] = Lease(tokens: held + Int(taken) - 1, expires: now + Self.leaseLifetime)
                if leases.count > 10_000 { leases = leases.filter { $0.value.expires > now } }
            }
        }
        return true
    }
}
