import Foundation
import Logging
import Synchronization

/// Full articles: fetches the page each new (or changed) article links to, extracts its text
/// (`ArticleExtractor`) and, when richer than the feed's and about the same article, makes it the
/// article's body; the story is then analysed again. A service of its own beside the poller: the
/// poller only enqueues (never waits), so a backlog of pages or a slow page host never delays
/// polling, and a failed page only leaves the feed's text in place.
///
/// Fetching reuses the feed fetcher (`CurlFeedFetcher`: the SSRF guard on every hop, the size cap
/// while decompressing, timeouts, redirects) with its own configuration (HTML `Accept`, page cap,
/// user agent). Politeness per host: `PageQueue`; `robots.txt` per origin: `RobotsCache`.
public final class ArticlePageService: Sendable {
    public struct Configuration: Sendable {
        /// Pages fetched at once, over all hosts.
        public var maxConcurrentFetches = 4
        /// Pages fetched at once from one host (1–2 is polite).
        public var maxPerHost = 1
        /// Pause between the end of one fetch and the start of the next on one host.
        public var hostSpacing: TimeInterval = 1
        /// After an error: spacing × 2^failures, capped.
        public var maxBackoff: TimeInterval = 900
        /// Waiting jobs beyond this are refused (the article keeps its feed text).
        public var queueCapacity = 10_000
        /// Feed text at least this long is taken as the full article already: no fetch.
        public var skipFeedTextLongerThan = 2_000
        /// The page's text must have this many times the feed text's words to replace it.
        public var minimumGain = 1.3
        /// Retry-After beyond this is cut to it; a job is retried after Retry-After at most once.
        public var maxRetryAfter: TimeInterval = 3_600
        /// robots.txt is kept this long; an unreachable one (5xx, network) counts as "disallow
        /// all" for `robotsFailureTTL` (RFC 9309).
        public var robotsTTL: TimeInterval = 24 * 3_600
        public var robotsFailureTTL: TimeInterval = 3_600
        /// On start, articles of the last this-many seconds that never had a page try are queued.
        public var backfillWindow: TimeInterval = 48 * 3_600
        /// Origins (`http://127.0.0.1:8080`) that may be fetched although they are private: the
        /// server's own offline samples.
        public var trustedOrigins: Set<String> = []
        /// Page hosts answered from elsewhere: `www.kilimatimes.example` → `http://127.0.0.1:8080/samples/pages/`
        /// (the offline samples' outlets; the page is `BASE + host + path` with `/` as `_`).
        public var mirrors: [String: String] = [:]
        /// The product token robots.txt groups are matched against (also in the user agent).
        public var robotsAgent = "JarvisPageFetcher"
        public init() {}
    }

    public static let userAgent =
        "JarvisPageFetcher/0.1 (+https://github.com/jarvis-news; full text of articles our feeds link to)"

    public static func fetchConfiguration(
        allowPrivateAddresses: Bool,
        maxBodyBytes: Int = 5 * 1024 * 1024
    ) -> FetchConfiguration {
        FetchConfiguration(
            connectTimeout: .seconds(10), totalTimeout: .seconds(20), maxBodyBytes: maxBodyBytes, maxRedirects: 5,
            userAgent: userAgent,
            allowPrivateAddresses: allowPrivateAddresses,
            accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.3")
    }

    let articles: ArticleStore
    let fetcher: any FeedFetching
    let configuration: Configuration
    let clock: @Sendable () -> Date
    /// Called with the story of an article whose body the page replaced.
    let onEnriched: @Sendable (String) async -> Void
    private let queue: Mutex<PageQueue>
    private let robots: RobotsCache
    private let logger = Logger(label: "pages")

    public init(
        articles: ArticleStore, fetcher: any FeedFetching, configuration: Configuration = .init(),
        clock: @escaping @Sendable () -> Date = { Date() },
        onEnriched: @escaping @Sendable (String) async -> Void = { _ in }
    ) {
        self.articles = articles
        self.fetcher = fetcher
        self.configuration = configuration
        self.clock = clock
        self.onEnriched = onEnriched
        queue = Mutex(PageQueue(capacity: configuration.queueCapacity, perHost: configuration.maxPerHost))
        robots = RobotsCache(
            fetcher: fetcher, agent: configuration.robotsAgent, ttl: configuration.robotsTTL,
            failureTTL: configuration.robotsFailureTTL)
    }

    // MARK: Enqueueing (from the poller: never blocks)

    /// Queues the page of a new or changed article, unless its feed text is already long or its
    /// link is not http(s). Returns whether it was queued.
    @discardableResult
    public func enqueue(_ article: Article) -> Bool {
        guard article.body.count < configuration.skipFeedTextLongerThan, let url = URL(string: article.sourceUrl),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { return false }
        let job = PageJob(
            articleId: article.id, url: url, feedHash: article.contentHash, feedText: article.body,
            headline: article.headline)
        let queued = queue.withLock { $0.enqueue(job) }
        if !queued { logger.debug("page not queued", ["article": article.id]) }
        return queued
    }

    public var waiting: Int { queue.withLock { $0.count + $0.inFlight } }

    // MARK: Running

    /// Runs until cancelled: queues the backfill, then fetches as hosts open.
    public func run() async {
        await backfill()
        logger.info(
            "page service started",
            [
                "concurrency": "\(configuration.maxConcurrentFetches)",
                "perHost": "\(configuration.maxPerHost)",
            ])
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                while let job = takeIfCapacity() {
                    group.addTask { [self] in await process(job) }
                }
                await sleepUntilWoken()
            }
            group.cancelAll()
        }
        logger.info("page service stopped")
    }

    /// Processes every queued job (and what they re-queue) and returns (tests, operator commands).
    public func drain() async {
        while true {
            if let job = takeIfCapacity() {
                await process(job)
                continue
            }
            let (empty, opening) = queue.withLock { ($0.count == 0, $0.nextOpening()) }
            if empty { return }
            let delay = max(0.01, (opening ?? clock()).timeIntervalSince(clock()))
            try? await Task.sleep(for: .milliseconds(Int(min(delay, 5) * 1000)))
            if Task.isCancelled { return }
        }
    }

    private func takeIfCapacity() -> PageJob? {
        let now = clock()
        return queue.withLock { queue in
            queue.inFlight < configuration.maxConcurrentFetches ? queue.take(now: now) : nil
        }
    }

    private func backfill() async {
        do {
            let since = clock().addingTimeInterval(-configuration.backfillWindow)
            let pending = try await articles.articlesWithoutPage(
                since: since, shorterThan: configuration.skipFeedTextLongerThan,
                limit: min(configuration.queueCapacity / 2, 2_000))
            let queued = pending.filter { enqueue($0) }.count
            if queued > 0 { logger.info("pages queued for stored articles", ["count": "\(queued)"]) }
        } catch {
            logger.warning("page backfill failed", ["error": "\(error)"])
        }
    }

    /// Sleeps until the next host opens, at most a quarter second (new jobs are picked up then).
    private func sleepUntilWoken() async {
        let opening = queue.withLock { $0.nextOpening() }
        let seconds = opening.map { max(0.005, min(0.25, $0.timeIntervalSince(clock()))) } ?? 0.25
        try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
    }

    // MARK: One page

    private func process(_ job: PageJob) async {
        let (url, trusted) = target(of: job.url)
        let origin = FeedPoller.origin(of: url)
        guard let rules = await robots.rules(for: url, allowPrivate: trusted) else {
            finish(job, .answered(spacing: 0))
            await note(job, "blocked")
            logger.notice("page address refused", ["article": job.articleId, "origin": origin])
            return
        }
        let spacing = max(configuration.hostSpacing, rules.crawlDelay ?? 0)
        let path = (url.path.isEmpty ? "/" : url.path) + (url.query.map { "?" + $0 } ?? "")
        guard rules.allows(path) else {
            finish(job, .answered(spacing: 0))
            await note(job, "robots")
            logger.debug("page disallowed by robots.txt", ["article": job.articleId, "origin": origin])
            return
        }
        let outcome = await fetcher.fetch(FetchRequest(url: url, allowPrivateAddresses: trusted))
        if Task.isCancelled { return }
        switch outcome {
        case .fetched(let body, _, _, _, let contentType):
            finish(job, .answered(spacing: spacing))
            guard Self.isHTML(contentType) else {
                await note(job, "not_html")
                return
            }
            let page = ArticleExtractor.extract(body, url: url, contentType: contentType)
            guard
                PageEnrichment.shouldReplace(
                    feedText: job.feedText, headline: job.headline, pageText: page.text,
                    minimumGain: configuration.minimumGain)
            else {
                await note(job, "not_richer")
                return
            }
            do {
                if let storyId = try await articles.applyPage(
                    articleId: job.articleId, feedHash: job.feedHash, text: page.text,
                    author: page.author, imageUrl: page.imageUrl, now: clock())
                {
                    await onEnriched(storyId)
                }
            } catch {
                logger.error("page text not stored", ["article": job.articleId, "error": "\(error)"])
            }
        case .notModified:
            finish(job, .answered(spacing: spacing))
        case .httpError(let status, let retryAfter):
            if let retryAfter, status == 429 || status == 503 {
                finish(job, .retryAfter(min(retryAfter, configuration.maxRetryAfter)))
                if job.attempts == 0 {
                    var again = job
                    again.attempts += 1
                    _ = queue.withLock { $0.enqueue(again, front: true) }
                    return
                }
            } else if status >= 500 || status == 429 {
                finish(job, .failed(base: spacing, cap: configuration.maxBackoff))
            } else {
                finish(job, .answered(spacing: spacing))
            }
            await note(job, "http_\(status)")
        case .failed(let failure):
            switch failure {
            case .blockedAddress, .invalidURL, .tooLarge, .tooManyRedirects:
                finish(job, .answered(spacing: spacing))  // the link's fault, not the host's
            case .timedOut, .network:
                finish(job, .failed(base: spacing, cap: configuration.maxBackoff))
            }
            if case .blockedAddress = failure {
                await note(job, "blocked")
                logger.notice("page address refused", ["article": job.articleId, "url": url.absoluteString])
                return
            }
            await note(job, "failed")
            logger.debug(
                "page fetch failed", ["article": job.articleId, "url": url.absoluteString, "error": failure.description])
        }
    }

    private func finish(_ job: PageJob, _ result: PageQueue.Result) {
        let now = clock()
        queue.withLock { $0.finished(job, result, now: now) }
    }

    private func note(_ job: PageJob, _ status: String) async {
        try? await articles.notePage(articleId: job.articleId, feedHash: job.feedHash, status: status)
    }

    /// The URL actually fetched (a mirror for the offline samples) and whether it may be private.
    func target(of url: URL) -> (URL, trusted: Bool) {
        if let host = url.host?.lowercased(), let base = configuration.mirrors[host] {
            var path = url.path
            if path.hasPrefix("/") { path.removeFirst() }
            let name = host + "_" + path.replacingOccurrences(of: "/", with: "_") + ".html"
            if let mirrored = URL(string: base + name) {
                return (mirrored, configuration.trustedOrigins.contains(FeedPoller.origin(of: mirrored)))
            }
        }
        return (url, configuration.trustedOrigins.contains(FeedPoller.origin(of: url)))
    }

    /// HTML, XHTML, or no type at all (servers forget it); never images, PDFs, feeds.
    static func isHTML(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased(),
            !type.isEmpty
        else { return true }
        return type == "text/html" || type == "application/xhtml+xml" || type == "text/plain"
    }
}
