import Foundation
import HTTPServer
import XoseenVerification

/// How many verify-live attempts one client address and one user id may make (per hour), and
/// how many of them may carry assistive context (per day: each of those lands in the operator
/// queue, so junk must not bury real cases). Over a limit: 429 `rate_limited` with `Retry-After`.
/// A limit of 0 turns that check off (the evaluation script runs hundreds of attempts).
struct VerificationLimits: Sendable {
    let perAddress: AttemptLimiter
    let perUser: AttemptLimiter
    let assistivePerAddress: AttemptLimiter
    let assistivePerUser: AttemptLimiter

    init(environment: [String: String]) {
        func value(_ name: String, _ fallback: Int) -> Int { environment[name].flatMap(Int.init).map { max(0, $0) } ?? fallback }
        perAddress = AttemptLimiter(limit: value("XOSEEN_VERIFY_PER_ADDRESS_HOUR", 30), window: 3600)
        perUser = AttemptLimiter(limit: value("XOSEEN_VERIFY_PER_USER_HOUR", 10), window: 3600)
        assistivePerAddress = AttemptLimiter(limit: value("XOSEEN_ASSISTIVE_PER_ADDRESS_DAY", 10), window: 24 * 3600)
        assistivePerUser = AttemptLimiter(limit: value("XOSEEN_ASSISTIVE_PER_USER_DAY", 3), window: 24 * 3600)
    }

    func admit(userId: String, address: String, assistive: Bool, now: Date) throws(HTTPError) {
        if assistive {
            if let wait = assistivePerUser.take([userId], now: now) ?? assistivePerAddress.take([address], now: now) {
                throw Self.refusal(wait, "Too many attempts with assistive context; try again later.")
            }
        }
        if let wait = perUser.take([userId], now: now) ?? perAddress.take([address], now: now) {
            throw Self.refusal(wait, "Too many verification attempts; try again later.")
        }
    }

    static func refusal(_ seconds: Int, _ message: String) -> HTTPError {
        HTTPError(.tooManyRequests, code: .rateLimited, message: message, headers: ["Retry-After": String(seconds)])
    }
}
