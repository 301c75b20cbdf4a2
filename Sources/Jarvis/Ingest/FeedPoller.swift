import Foundation
import Logging
import Synchronization

/// Polls every feed on its own schedule: takes the feeds that are due, fetches them (at most
/// `maxConcurrentFetches` at once and `maxPerHost` per host; `maxPollsInProgress` polls at once, storing and
/// clustering included), ingests new and changed articles (`ingest`: store, queue pages, cluster), and moves each
/// feed through `FeedHealthPolicy` (`schedule`), publishing every change of health as a `feed.health` event. Runs as
/// a service beside the HTTP server and never blocks it: fetches run on dispatch workers, storage on the database's
/// own threads.
public final class FeedPoller: Sendable {
    public struct Configuration: Sendable {
        /// Fetches on the network at once (a poll's slot is freed as soon as its answer is in).
        public var maxConcurrentFetches = 8
        /// Polls in progress at once, fetched ones waiting for storage and clustering included: bounds the
        /// memory of fetched documents while clustering works, without holding back the fetches of feeds polled
        /// together (they are clustered together, in time order, only if they arrive together).
        public var maxPollsInProgress = 64
        public var maxPerHost = 2
        /// Origins (`http://127.0.0.1:8080`) that may be fetched even when private addresses
        /// are refused: the server's own offline samples.
        public var trustedOrigins: Set<String> = []
        /// How often the loop looks for due feeds when none is due sooner (new feeds are
        /// picked up within this time).
        public var idleCheck: Duration = .seconds(1)
        public var policy = FeedHealthPolicy()
        /// With several instances: whether this instance is the one that ingests now (one clustering
        /// index sees every new article). Nil: always (a single instance).
        public var ingestOwnership: (@Sendable () async -> Bool)?
        public init() {}
    }

    /// What one poll of one feed did (for logs and tests).
    public struct Report: Sendable, Equatable {
        public var feedId: String
        public var outcome: String
        public var inserted: Int
        public var updated: Int
        public var health: FeedHealth
    }

    let feeds: FeedStore
    let articles: ArticleStore
    let fetcher: any FeedFetching
    let parser: any FeedDocumentParsing
    let events: JarvisEventBus
    let stories: (any StoryIngesting)?
    /// Full articles: new and changed articles' pages are queued here (never awaited).
    let pages: ArticlePageService?
    let configuration: Configuration
    let clock: @Sendable () -> Date
    private let logger = Logger(label: "poller")
    private let busyHosts = Mutex<[String: Int]>([:])
    /// Feeds with a poll in progress, and how many of those polls are still fetching.
    private let inFlight = Mutex<(polls: Set<String>, fetching: Int)>(([], 0))

    public init(
        feeds: FeedStore, articles: ArticleStore, fetcher: any FeedFetching, parser: any FeedDocumentParsing,
        events: JarvisEventBus, stories: (any StoryIngesting)? = nil, pages: ArticlePageService? = nil,
        configuration: Configuration = .init(), clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.feeds = feeds
        self.articles = articles
        self.fetcher = fetcher
        self.parser = parser
        self.events = events
        self.stories = stories
        self.pages = pages
        self.configuration = configuration
        self.clock = clock
    }

    /// Runs until cancelled; in-flight fetches are cancelled with it.
    public func run() async {
        logger.info("poller started", ["concurrency": "\(configuration.maxConcurrentFetches)"])
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                if let owns = configuration.ingestOwnership, await !owns() {
                    try? await Task.sleep(for: configuration.idleCheck)
                    continue
                }
                let now = clock()
                let due = (try? await feeds.due(at: now, limit: 256)) ?? []
                for feed in due where claim(feed) {
                    // Another instance sharing the database may have taken this poll already.
                    guard await lease(feed, now: now) else {
                        releaseFetch(of: feed)
                        release(feed)
                        continue
                    }
                    group.addTask { [self] in
                        // Fetch slots (the host's: politeness to the publisher; the global one: our network) are
                        // freed as soon as the answer is in, not after our own storing and clustering.
                        _ = await poll(feed, fetched: { releaseFetch(of: feed) })
                        release(feed)
                    }
                }
                try? await Task.sleep(for: await sleepDuration(now: now))
            }
            group.cancelAll()
        }
        logger.info("poller stopped")
    }

    /// Polls every due feed once and waits for all of them (tests, operator commands).
    public func pollDueFeeds() async -> [Report] {
        let now = clock()
        let due = (try? await feeds.due(at: now, limit: 10_000)) ?? []
        return await withTaskGroup(of: Report?.self) { group in
            var reports: [Report] = []
            var running = 0
            for feed in due where await lease(feed, now: now) {
                if running >= configuration.maxConcurrentFetches, let finished = await group.next() {
                    if let finished { reports.append(finished) }
                    running -= 1
                }
                group.addTask { [self] in await poll(feed) }
                running += 1
            }
            for await report in group {
                if let report { reports.append(report) }
            }
            return reports
        }
    }

    /// One poll of one feed: fetch, ingest what came, schedule the next poll.
    public func poll(_ feed: Feed, fetched: () -> Void = {}) async -> Report? {
        guard let url = URL(string: feed.url) else {
            fetched()
            return nil
        }
        let trusted = configuration.trustedOrigins.contains(Self.origin(of: url))
        let outcome = await fetcher.fetch(
            FetchRequest(
                url: url, etag: feed.etag, lastModified: feed.lastModified,
                allowPrivateAddresses: trusted))
        fetched()
        if Task.isCancelled { return nil }  // shutting down: the next run polls it again
        let now = clock()
        let policy = configuration.policy
        var next: Feed
        var stored = Ingested()
        let summary: String
        switch outcome {
        case .fetched(let body, let etag, let lastModified, let movedTo, let contentType):
            do {
                let items = try parser.articles(from: body, feedURL: movedTo ?? url, contentType: contentType, now: now)
                guard let ingested = try await ingest(items, of: feed, now: now) else { return nil }
                stored = ingested
                next = policy.afterSuccess(feed, now: now, etag: etag, lastModified: lastModified, movedTo: movedTo)
                summary = "fetched"
            } catch {
                next = policy.afterFailure(feed, now: now, reason: "unparseable: \(error)")
                summary = "unparseable"
                logger.warning("feed could not be parsed", ["feed": feed.id, "url": feed.url, "error": "\(error)"])
            }
        case .notModified(let movedTo):
            next = policy.afterSuccess(feed, now: now, etag: nil, lastModified: nil, movedTo: movedTo)
            summary = "not_modified"
        case .httpError(let status, let retryAfter):
            next = policy.afterFailure(feed, now: now, reason: "HTTP \(status)", gone: status == 410, retryAfter: retryAfter)
            summary = "http_\(status)"
            logger.notice("feed fetch failed", ["feed": feed.id, "url": feed.url, "status": "\(status)"])
        case .failed(let failure):
            next = policy.afterFailure(feed, now: now, reason: failure.description)
            summary = "failed"
            logger.notice("feed fetch failed", ["feed": feed.id, "url": feed.url, "error": failure.description])
        }
        return await schedule(feed, next: next, outcome: summary, stored: stored)
    }

    /// What one ingest stored.
    struct Ingested {
        var inserted = 0
        var updated = 0
    }

    /// Stores a feed's fetched items (new and changed articles), queues their pages and hands them
    /// to clustering. Nil when the feed was deleted meanwhile.
    func ingest(_ items: [IncomingArticle], of feed: Feed, now: Date) async throws -> Ingested? {
        guard try await self.feeds.feed(id: feed.id) != nil else { return nil }
        let results = try await articles.upsert(items, feed: feed, now: now)
        var stored = Ingested()
        var fresh: [(StoryArticle, provisionalStoryId: String)] = []
        var changed: Set<String> = []
        for result in results {
            switch result {
            case .inserted(let article):
                stored.inserted += 1
                pages?.enqueue(article)
                fresh.append((Self.storyArticle(article, feed: feed), provisionalStoryId: article.storyId))
            case .updated(let article):
                stored.updated += 1
                pages?.enqueue(article)  // the feed says the item changed: its page may have too
                changed.insert(article.storyId)
            case .unchanged: break
            }
        }
        if let stories {
            if !fresh.isEmpty || !changed.isEmpty { await stories.ingest(new: fresh, changedStories: changed) }
        } else {
            for (_, provisional) in fresh { events.publish(.storyCreated(storyId: provisional)) }
        }
        return stored
    }

    /// Saves the feed's next poll and health, announces a change of health and counts the poll.
    /// Nil when the feed was deleted meanwhile.
    private func schedule(_ feed: Feed, next: Feed, outcome: String, stored: Ingested) async -> Report? {
        do {
            if try await !saveState(next, previousURL: feed.url) { return nil }
        } catch {
            logger.error("feed state not saved", ["feed": feed.id, "error": "\(error)"])
        }
        if next.health != feed.health || next.failureCount != feed.failureCount && next.health != .active {
            events.publish(.feedHealth(feedId: feed.id, health: next.health, failureCount: next.failureCount))
        }
        if next.health != feed.health {
            logger.info(
                "feed health changed",
                [
                    "feed": feed.id, "from": feed.health.rawValue, "to": next.health.rawValue,
                    "failures": "\(next.failureCount)",
                ])
        }
        JarvisMetrics.poll(outcome: outcome).increment()
        JarvisMetrics.articlesIngested.increment(by: UInt64(stored.inserted))
        JarvisMetrics.articlesUpdated.increment(by: UInt64(stored.updated))
        return Report(
            feedId: feed.id, outcome: outcome, inserted: stored.inserted, updated: stored.updated, health: next.health)
    }

    static func storyArticle(_ article: Article, feed: Feed) -> StoryArticle {
        StoryArticle(
            id: article.id, feedId: feed.id, source: article.source, sourceAuthority: feed.authority,
            topicHint: feed.topicHint, region: feed.region, headline: article.headline, body: article.body,
            publishedAt: article.publishedAt, firstSeenAt: article.firstSeenAt,
            isBreakingFlag: article.isBreakingFlag,
            canonicalUrl: article.canonicalUrl, contentHash: article.contentHash)
    }

    static func origin(of url: URL) -> String {
        let port = url.port.map { ":\($0)" } ?? ""
        return "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? "")\(port)"
    }

    /// Saves; when a permanent redirect points at a URL another feed already has, keeps the old one.
    private func saveState(_ feed: Feed, previousURL: String) async throws -> Bool {
        do {
            return try await feeds.savePollState(feed)
        } catch  where feed.url != previousURL {
            var unchanged = feed
            unchanged.url = previousURL
            logger.notice("permanent redirect to a URL another feed uses; keeping the old URL", ["feed": feed.id])
            return try await feeds.savePollState(unchanged)
        }
    }

    /// How long a taken poll stays ours: the feed's interval, at least two minutes (a slow fetch must
    /// finish first), so a dead instance's feeds pass to another within about one interval.
    private func lease(_ feed: Feed, now: Date) async -> Bool {
        let seconds = max(TimeInterval(feed.pollIntervalSeconds), 120)
        return (try? await feeds.lease(feed.id, dueAt: now, until: now.addingTimeInterval(seconds))) ?? false
    }

    private func sleepDuration(now: Date) async -> Duration {
        guard let next = try? await feeds.nextDue() else { return configuration.idleCheck }
        let seconds = next.timeIntervalSince(now)
        if seconds <= 0 { return .milliseconds(50) }
        return min(configuration.idleCheck, .milliseconds(Int(seconds * 1000)))
    }

    /// Reserves the feed (not already being polled, under the limits on polls and fetches) and a slot on its host.
    private func claim(_ feed: Feed) -> Bool {
        let host = URL(string: feed.url)?.host?.lowercased() ?? ""
        let claimed = inFlight.withLock { state in
            guard state.polls.count < configuration.maxPollsInProgress, state.fetching < configuration.maxConcurrentFetches,
                state.polls.insert(feed.id).inserted
            else { return false }
            state.fetching += 1
            return true
        }
        guard claimed else { return false }
        let hostFree = busyHosts.withLock { hosts -> Bool in
            guard hosts[host, default: 0] < configuration.maxPerHost else { return false }
            hosts[host, default: 0] += 1
            return true
        }
        if !hostFree {
            inFlight.withLock { state in
                state.polls.remove(feed.id)
                state.fetching -= 1
            }
        }
        return hostFree
    }

    /// Frees the feed's fetch slot and host slot once its answer is in (once per claim).
    private func releaseFetch(of feed: Feed) {
        inFlight.withLock { $0.fetching -= 1 }
        let host = URL(string: feed.url)?.host?.lowercased() ?? ""
        busyHosts.withLock { hosts in
            hosts[host, default: 1] -= 1
            if hosts[host] == 0 { hosts[host] = nil }
        }
    }

    /// Frees the feed itself: it may be polled again.
    private func release(_ feed: Feed) {
        _ = inFlight.withLock { $0.polls.remove(feed.id) }
    }
}
