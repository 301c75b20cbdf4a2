import Foundation
import HTTPServer
import XoseenVerification

/// How many verify-live attempts one client address and one user id may make (per hour), and
/// how many of them may carry assistive context (per day: each of those lands in the operator
/// queue, so junk must not bury real cases). Over a limit: 429 `rate_limited` with `Retry-After`.
/// A limit of 0 turns that check off (the evaluation script runs hundreds of attempts). With several
/// instances on one Redis (`shared`), the counts live there, so the budgets are the service's, not each
/// instance's.
struct VerificationLimits: Sendable {
    let perAddress: AttemptLimiter
    let perUser: AttemptLimiter
    let assistivePerAddress: AttemptLimiter
    let assistivePerUser: AttemptLimiter
    var shared: SharedAttemptLimit?

    init(environment: [String: String]) {
        func value(_ name: String, _ fallback: Int) -> Int { environment[name].flatMap(Int.init).map { max(0, $0) } ?? fallback }
        perAddress = AttemptLimiter(limit: value("XOSEEN_VERIFY_PER_ADDRESS_HOUR", 30), window: 3600)
        perUser = AttemptLimiter(limit: value("XOSEEN_VERIFY_PER_USER_HOUR", 10), window: 3600)
        assistivePerAddress = AttemptLimiter(limit: value("XOSEEN_ASSISTIVE_PER_ADDRESS_DAY", 10), window: 24 * 3600)
        assistivePerUser = AttemptLimiter(limit: value("XOSEEN_ASSISTIVE_PER_USER_DAY", 3), window: 24 * 3600)
    }

    /// The user's limit is checked first; an attempt it refuses is not counted against the address.
    func admit(userId: String, address: String, assistive: Bool, now: Date) async throws(HTTPError) {
        if assistive {
            if let wait = await take(assistivePerUser, "assistive-user", userId, now) {
                throw Self.refusal(wait, "Too many attempts with assistive context; try again later.")
            }
            if let wait = await take(assistivePerAddress, "assistive-address", address, now) {
                throw Self.refusal(wait, "Too many attempts with assistive context; try again later.")
            }
        }
        if let wait = await take(perUser, "user", userId, now) {
            throw Self.refusal(wait, "Too many verification attempts; try again later.")
        }
        if let wait = await take(perAddress, "address", address, now) {
            throw Self.refusal(wait, "Too many verification attempts; try again later.")
        }
    }

    private func take(_ limiter: AttemptLimiter, _ name: String, _ key: String, _ now: Date) async -> Int? {
        guard let shared else { return limiter.take([key], now: now) }
        return await shared.take(limiter, name: name, key: key)
    }

    static func refusal(_ seconds: Int, _ message: String) -> HTTPError {
        HTTPError(.tooManyRequests, code: .rateLimited, message: message, headers: ["Retry-After": String(seconds)])
    }
}
