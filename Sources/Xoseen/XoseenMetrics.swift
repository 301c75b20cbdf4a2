import Metrics

/// The dating backend's own figures for `/metrics` (the HTTP layer adds per-route ones): identity
/// decisions and their time, feed latency per ranker, likes, passes and matches, chat messages
/// delivered and blocked by safety category. The serving model is read at scrape time by the API layer.
public enum XoseenMetrics {
    static let registry = MetricsRegistry.process

    /// `verified`, `manual_review` or `rejected`.
    public static func verificationDecided(_ decision: String, duration: Duration) {
        registry.counter(
            "xoseen_verifications_total", help: "Identity verification decisions by outcome.",
            labels: ["decision": decision]
        ).increment()
        verificationSeconds.observe(duration: duration)
    }

    static let verificationSeconds = registry.histogram(
        "xoseen_verification_seconds",
        help: "Identity verification, upload read to decision stored.")

    /// One feed page built; `ranker` is `rule_based` or `learned`.
    public static func feedServed(by ranker: String, duration: Duration) {
        let histogram = ranker == "learned" ? feedLearned : feedRules
        histogram.observe(duration: duration)
    }

    private static let feedRules = feedHistogram("rule_based")
    private static let feedLearned = feedHistogram("learned")
    private static func feedHistogram(_ ranker: String) -> Histogram {
        registry.histogram(
            "xoseen_feed_seconds", help: "Building one feed page, by the ranker that served it.",
            labels: ["ranker": ranker], bounds: Histogram.requestBounds)
    }

    static let likes = decisions("like")
    static let passes = decisions("pass")
    private static func decisions(_ action: String) -> Counter {
        registry.counter("xoseen_decisions_total", help: "First-time likes and passes.", labels: ["action": action])
    }
    static let matches = registry.counter("xoseen_matches_total", help: "Likes that completed a match.")

    static func decided(_ action: MatchingStore.Action, outcome: MatchingStore.Outcome) {
        guard outcome.firstTime else { return }
        (action == .like ? likes : passes).increment()
        if outcome.matched { matches.increment() }
    }

    static let chatHelp = "Chat messages delivered, or blocked by category."
    static let delivered = registry.counter("xoseen_chat_messages_total", help: chatHelp, labels: ["outcome": "delivered"])

    public static func chatDelivered() { delivered.increment() }

    /// Creates every family now (statics are lazy), so a scrape lists them at zero before any traffic.
    public static func declare() {
        _ = [likes, passes, matches, delivered]
        _ = [verificationSeconds, feedRules, feedLearned]
    }

    public static func chatBlocked(_ category: SafetyCategory) {
        registry.counter(
            "xoseen_chat_messages_total", help: chatHelp,
            labels: ["outcome": "blocked", "category": category.rawValue]
        ).increment()
    }
}
