import Foundation
import HTTPServer
import Jarvis

/// `GET /ops/api/ingest?hours=1..168`: the operators' console's read-only figures (see
/// `IngestAnswer`), behind the same admin check as feed writes (open unless
/// `JARVIS_ADMIN_TOKEN` is set: the poll errors name hosts and failures, not user data).
struct OpsRoutes {
    let context: JarvisContext

    func register(on router: inout Router) {
        let context = context
        let admin: [any Middleware] = [AdminAuthorization(token: context.adminToken)]
        router.get("/ops/api/ingest", middleware: admin) { request in
            let hours = try request.query.integer("hours", default: 24, range: 1...168) ?? 24
            let now = context.clock()
            let currentHour = Int64(now.timeIntervalSince1970 / 3600)
            let firstHour = currentHour - Int64(hours) + 1
            let figures = try await IngestFigures.read(context.feeds.database, hours: hours, now: now)
            var perFeed: [String: [Int]] = [:]
            for count in figures.hourly where count.hour >= firstHour && count.hour <= currentHour {
                perFeed[count.feedId, default: Array(repeating: 0, count: hours)][Int(count.hour - firstHour)] += count.articles
            }
            let feeds = try await context.feeds.all().map { feed in
                IngestAnswer.FeedState(
                    id: feed.id, name: feed.name, url: feed.url, health: feed.health.rawValue,
                    failureCount: feed.failureCount, lastFetchedAt: feed.lastFetchedAt, nextPollAt: feed.nextPollAt,
                    lastError: feed.lastError, pollIntervalSeconds: feed.pollIntervalSeconds,
                    hourly: perFeed[feed.id] ?? Array(repeating: 0, count: hours))
            }
            let clustering = IngestAnswer.Clustering(
                articles: figures.articles, articlesLastPeriod: figures.articlesLastDay, liveStories: figures.liveStories,
                staleStories: figures.staleStories, mergedStories: figures.mergedStories,
                sourceCountHistogram: figures.sourceCountHistogram, liveStoriesByTopic: figures.liveStoriesByTopic)
            return try JarvisWire.json(
                IngestAnswer(
                    hours: hours, since: Date(timeIntervalSince1970: Double(firstHour) * 3600),
                    feeds: feeds, clustering: clustering))
        }
    }
}
