import Foundation

/// One article whose page is to be fetched.
public struct PageJob: Sendable, Equatable {
    public var articleId: String
    public var url: URL
    /// The stored item's feed hash: the page is applied only if the item is still this one.
    public var feedHash: String
    public var feedText: String
    public var headline: String
    public var attempts = 0

    public init(articleId: String, url: URL, feedHash: String, feedText: String, headline: String) {
        self.articleId = articleId
        self.url = url
        self.feedHash = feedHash
        self.feedText = feedText
        self.headline = headline
    }
}

/// Jobs waiting per host, with each host's politeness state: at most `perHost` fetches at once,
/// `spacing` (or the site's `Crawl-delay`) between the end of one fetch and the start of the next,
/// `Retry-After` honoured, exponential back-off after errors. Hosts take turns, so one site's
/// backlog (a first poll of a big feed) never holds up another's. Bounded: past `capacity` jobs a
/// new one is refused (the article keeps its feed text).
struct PageQueue {
    struct Host {
        var jobs: [PageJob] = []
        var head = 0
        var inFlight = 0
        var notBefore = Date.distantPast
        var failures = 0
        var pending: Int { jobs.count - head }
    }

    let capacity: Int
    let perHost: Int
    private(set) var hosts: [String: Host] = [:]
    private var turn: [String] = []
    private var turnIndex = 0
    private(set) var count = 0
    private(set) var inFlight = 0

    init(capacity: Int, perHost: Int) {
        self.capacity = capacity
        self.perHost = max(1, perHost)
    }

    static func hostKey(_ url: URL) -> String { url.host?.lowercased() ?? "" }

    /// False when the queue is full or the article is already waiting.
    mutating func enqueue(_ job: PageJob, front: Bool = false) -> Bool {
        guard count < capacity else { return false }
        let key = Self.hostKey(job.url)
        var host = hosts[key] ?? Host()
        if host.jobs[host.head...].contains(where: { $0.articleId == job.articleId }) { return false }
        if hosts[key] == nil { turn.append(key) }
        if front { host.jobs.insert(job, at: host.head) } else { host.jobs.append(job) }
        hosts[key] = host
        count += 1
        return true
    }

    /// The next job whose host may be contacted at `now`, hosts in turn.
    mutating func take(now: Date) -> PageJob? {
        guard !turn.isEmpty else { return nil }
        for step in 0..<turn.count {
            let index = (turnIndex + step) % turn.count
            let key = turn[index]
            guard var host = hosts[key], host.pending > 0, host.inFlight < perHost, host.notBefore <= now else { continue }
            let job = host.jobs[host.head]
            host.head += 1
            if host.head > 64, host.head * 2 > host.jobs.count {
                host.jobs.removeFirst(host.head)
                host.head = 0
            }
            host.inFlight += 1
            hosts[key] = host
            count -= 1
            inFlight += 1
            turnIndex = (index + 1) % turn.count
            return job
        }
        return nil
    }

    enum Result {
        /// Answered (any status that is not the host's fault): wait `spacing` before the next.
        case answered(spacing: TimeInterval)
        /// 429/503 with `Retry-After`.
        case retryAfter(TimeInterval)
        /// Network error, timeout, 5xx: back off exponentially.
        case failed(base: TimeInterval, cap: TimeInterval)
    }

    mutating func finished(_ job: PageJob, _ result: Result, now: Date) {
        let key = Self.hostKey(job.url)
        guard var host = hosts[key] else { return }
        host.inFlight -= 1
        inFlight -= 1
        switch result {
        case .answered(let spacing):
            host.failures = 0
            host.notBefore = now.addingTimeInterval(spacing)
        case .retryAfter(let seconds):
            host.notBefore = now.addingTimeInterval(seconds)
        case .failed(let base, let cap):
            host.failures += 1
            host.notBefore = now.addingTimeInterval(min(cap, base * pow(2, Double(min(host.failures, 20)))))
        }
        if host.pending == 0 && host.inFlight == 0 && host.failures == 0 && host.notBefore <= now {
            hosts[key] = nil
            if let index = turn.firstIndex(of: key) {
                turn.remove(at: index)
                if turnIndex > index { turnIndex -= 1 }
                if turnIndex >= turn.count { turnIndex = 0 }
            }
        } else {
            hosts[key] = host
        }
    }

    /// When a waiting job's host next opens (nil: nothing waits).
    func nextOpening() -> Date? {
        hosts.values.filter { $0.pending > 0 && $0.inFlight < perHost }.map(\.notBefore).min()
    }
}
