import Foundation

/// The start-up gate for settings read from the environment: each variable a server reads, what it
/// accepts, checked before anything starts, so a typo (`JARVIS_MAX_FEEDS=5O0`) is an error naming the
/// variable instead of a default silently kept. Each product's `Settings.fromEnvironment` then reads
/// the values; this list only refuses what it would have ignored. docs/configuration.md has the same table for people.
public enum EnvironmentRules {
    public enum Accepts: Sendable {
        /// A whole number in the range.
        case integer(ClosedRange<Int>)
        /// A number (not NaN or infinite) at least this.
        case number(atLeast: Double, exclusive: Bool)
        /// Exactly `0` or `1`.
        case flag
    }

    /// Variables of the shared transport (`ServerConfiguration.apply(environment:)`).
    public static let transport: [(String, Accepts)] = [
        ("HTTP_PER_ADDRESS_CONNECTIONS", .integer(0...1_000_000)), ("HTTP_MAX_CONNECTIONS", .integer(1...1_000_000)),
        ("HTTP_IDLE_TIMEOUT_SEC", .integer(1...86_400)), ("HTTP_HEADER_TIMEOUT_SEC", .integer(1...86_400)),
        ("HTTP_BODY_TIMEOUT_SEC", .integer(1...86_400)), ("HTTP_BODY_MIN_BYTES_PER_SEC", .integer(1...(1 << 30))),
        ("HTTP_WEBSOCKET_THREADS", .integer(1...64)),
    ]

    public static let jarvis: [(String, Accepts)] = [
        ("JARVIS_DEFAULT_FEEDS", .flag), ("JARVIS_SAMPLE_FEEDS", .flag), ("JARVIS_ALLOW_PRIVATE_FEEDS", .flag),
        ("JARVIS_MAX_FEEDS", .integer(1...1_000_000)), ("JARVIS_MAX_FEEDS_PER_HOST", .integer(1...1_000_000)),
        ("JARVIS_PAGE_FETCH", .flag), ("JARVIS_PAGE_MAX_BYTES", .integer(1...(1 << 30))),
        ("JARVIS_PAGE_CONCURRENCY", .integer(1...256)), ("JARVIS_PAGE_PER_HOST", .integer(1...4)),
        ("JARVIS_PAGE_SPACING_MS", .integer(0...3_600_000)), ("JARVIS_CLUSTER_BODY_CHARS", .integer(1...10_000_000)),
    ]

    public static let xoseen: [(String, Accepts)] = [
        ("XOSEEN_REQUIRE_AUTH", .flag), ("XOSEEN_SEED_COUNT", .integer(0...1_000_000)),
        ("XOSEEN_CHAT_BURST", .integer(1...10_000)), ("XOSEEN_CHAT_RATE", .number(atLeast: 0, exclusive: true)),
        ("XOSEEN_TRAIN_INTERVAL_SEC", .number(atLeast: 0, exclusive: false)),
        ("XOSEEN_PROMOTION_MARGIN", .number(atLeast: 0, exclusive: false)),
        ("XOSEEN_VERIFY_QUEUE", .integer(1...1_000)), ("XOSEEN_VERIFY_MAX_MEGAPIXELS", .integer(1...10_000)),
        ("XOSEEN_VERIFY_PER_USER_HOUR", .integer(1...1_000_000)), ("XOSEEN_VERIFY_PER_ADDRESS_HOUR", .integer(1...1_000_000)),
        ("XOSEEN_ASSISTIVE_PER_USER_DAY", .integer(1...1_000_000)), ("XOSEEN_ASSISTIVE_PER_ADDRESS_DAY", .integer(1...1_000_000)),
    ]

    /// The rules for a product's server: the transport's and its own.
    public static func rules(for product: String) -> [(String, Accepts)] {
        transport + (product == "jarvis" ? jarvis : product == "xoseen" ? xoseen : [])
    }

    /// Throws a `UsageError` naming the first variable set to something it does not accept.
    public static func check(_ rules: [(String, Accepts)], in environment: [String: String]) throws(UsageError) {
        for (name, accepts) in rules {
            guard let raw = environment[name] else { continue }
            let text = raw.trimmingCharacters(in: .whitespaces)
            switch accepts {
            case .integer(let range):
                guard let value = Int(text), range.contains(value) else {
                    let bounds = "from \(range.lowerBound) to \(range.upperBound)"
                    throw UsageError("\(name): '\(raw.prefix(40))' is not a whole number \(bounds)")
                }
            case .number(let minimum, let exclusive):
                guard let value = Double(text), value.isFinite, exclusive ? value > minimum : value >= minimum else {
                    let bound = "\(exclusive ? "above" : "of at least") \(minimum)"
                    throw UsageError("\(name): '\(raw.prefix(40))' is not a number \(bound)")
                }
            case .flag:
                guard text == "0" || text == "1" else { throw UsageError("\(name): '\(raw.prefix(40))' is not 0 or 1") }
            }
        }
    }
}
