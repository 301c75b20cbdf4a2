import Foundation

/// `robots.txt` per origin, fetched through the page fetcher (same address guard, cap, timeouts)
/// and kept for `ttl`. RFC 9309: a 4xx answer means no rules (allow all); a 5xx answer or an
/// unreachable host means "disallow all" — kept only `failureTTL`, then asked again. Nil: the
/// origin's address is refused (SSRF guard), so nothing there may be fetched.
actor RobotsCache {
    private let fetcher: any FeedFetching
    private let agent: String
    private let ttl: TimeInterval
    private let failureTTL: TimeInterval
    private var entries: [String: (rules: RobotsRules, expires: Date)] = [:]
    private let maxEntries = 10_000

    init(fetcher: any FeedFetching, agent: String, ttl: TimeInterval, failureTTL: TimeInterval) {
        self.fetcher = fetcher
        self.agent = agent
        self.ttl = ttl
        self.failureTTL = failureTTL
    }

    func rules(for page: URL, allowPrivate: Bool) async -> RobotsRules? {
        let origin = FeedPoller.origin(of: page)
        let now = Date()
        if let entry = entries[origin], entry.expires > now { return entry.rules }
        guard let url = URL(string: origin + "/robots.txt") else { return .allowAll }
        let outcome = await fetcher.fetch(FetchRequest(url: url, allowPrivateAddresses: allowPrivate))
        let rules: RobotsRules
        var lifetime = ttl
        switch outcome {
        case .fetched(let body, _, _, _, _):
            rules = RobotsRules(parsing: String(decoding: body.prefix(500 * 1024), as: UTF8.self), agent: agent)
        case .notModified:
            rules = entries[origin]?.rules ?? .allowAll
        case .httpError(let status, _) where (400..<500).contains(status) && status != 429:
            rules = .allowAll
        case .failed(.blockedAddress), .failed(.invalidURL):
            return nil
        case .httpError, .failed:
            rules = .disallowAll
            lifetime = failureTTL
        }
        if entries.count >= maxEntries { entries.removeAll(keepingCapacity: true) }
        entries[origin] = (rules, Date().addingTimeInterval(lifetime))
        return rules
    }
}
