import ClusterBus
import Xoseen

/// The per-user chat token bucket kept in Redis, so a user's sockets on every instance share one
/// allowance (the same `burst` and `perSecond` as `ChatRateLimiter`). One atomic script per frame, on
/// Redis's own clock; if Redis cannot answer, the instance's local bucket decides (never fail open).
struct SharedChatRateLimit: Sendable {
    let bus: RedisBus
    let local: ChatRateLimiter

    private static let script = """
        local now = redis.call('TIME')
        local t_now = tonumber(now[1]) + tonumber(now[2]) / 1000000
        local burst = tonumber(ARGV[1])
        local rate = tonumber(ARGV[2])
        local state = redis.call('HMGET', KEYS[1], 't', 'u')
        local tokens = tonumber(state[1]) or burst
        local updated = tonumber(state[2]) or t_now
        tokens = math.min(burst, tokens + math.max(0, t_now - updated) * rate)
        local allowed = 0
        if tokens >= 1 then tokens = tokens - 1; allowed = 1 end
        redis.call('HSET', KEYS[1], 't', tostring(tokens), 'u', tostring(t_now))
        redis.call('EXPIRE', KEYS[1], math.ceil(burst / rate) + 1)
        return allowed
        """

    func allow(_ userId: String, now: Double) async -> Bool {
        do {
            let answer = try await bus.evaluate(
                Self.script, keys: ["xoseen:chat-rate:" + userId], arguments: [String(local.burst), String(local.perSecond)])
            return answer == 1
        } catch {
            return local.allow(userId, now: now)
        }
    }
}
