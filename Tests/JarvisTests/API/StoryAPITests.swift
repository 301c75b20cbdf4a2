import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import JarvisAPI
import Testing

/// `/stories` and `/stories/{id}` over seeded stories, decoded with the iOS rules: paging by
/// cursor without duplicates or gaps, filters, errors, and the list/detail shape difference.
@Suite struct StoryAPITests {
    static let topics: [Topic] = [.finance, .tech, .politics, .africa]

    /// 25 single-article stories with distinct scores and a few ties; returns the story ids.
    static func seed(_ application: JarvisApplication, now: Date) async throws -> [String] {
        let feed = try await application.feeds.create(
            NewFeed(
                url: "https://seed.example/rss", name: "Seed Wire",
                pollIntervalSeconds: 900), now: now)
        let items = (0..<25).map { i in
            IncomingArticle(
                guid: "g\(i)", link: "https://seed.example/\(i)", headline: "Headline \(i)", body: "Body \(i).",
                publishedAt: now.addingTimeInterval(Double(-i * 60)))
        }
        let results = try await application.articles.upsert(items, feed: feed, now: now)
        var ids: [String] = []
        for (i, result) in results.enumerated() {
            guard case .inserted(let article) = result else { continue }
            let score = ScoreBreakdown(
                sourceAuthority: 10 + i % 7, freshness: 20 - i % 5, localRelevance: i % 3,
                crossSourceConfirmation: 4, topicImportance: i % 2 == 0 ? 10 : 5)
            let insight = StoryInsight(
                headline: "Story \(i)", summary: "Summary of story \(i). It has two sentences.",
                topic: topics[i % 4], consensus: i % 3 == 0 ? "Sources agree on \(i)." : nil,
                conflict: nil, breaking: [article.id: i == 0], score: score)
            try await application.stories.saveInsight(
                storyId: article.storyId, insight: insight, sourceCount: 1,
                lastArticleAt: article.publishedAt, updatedAt: now.addingTimeInterval(Double(i % 4)))
            ids.append(article.storyId)
        }
        return ids
    }

    func page(_ server: LiveServer, _ query: String) async throws -> (IOS.PaginatedStories, [String: Any]) {
        let response = try await server.client.get("/stories\(query)")
        #expect(response.status == 200, "\(query): \(response.bodyString)")
        return (
            try IOS.decoder().decode(IOS.PaginatedStories.self, from: Data(response.body)), try WireCheck.object(response.body)
        )
    }

    @Test func pagingCoversEveryStoryOnceInScoreOrder() async throws {
        try await withJarvis { application, server in
            let seeded = try await Self.seed(application, now: Date())
            var seen: [IOS.StorySummary] = []
            var cursor: String?
            repeat {
                let query = cursor.map { "?limit=7&after=\($0)" } ?? "?limit=7"
                let (page, raw) = try await page(server, query)
                #expect(page.total == 25)
                #expect(page.hasMore == (page.nextCursor != nil))
                for item in raw["data"] as? [[String: Any]] ?? [] {
                    #expect(item["sources"] != nil, "sources is required on list items")
                    #expect(WireCheck.hasKeys(item, ["consensus", "conflict"]).isEmpty, "nullable keys are present")
                    #expect(WireCheck.isWireDate(item["updatedAt"]) && WireCheck.isWireDate(item["createdAt"]))
                }
                seen += page.data
                cursor = page.nextCursor
            } while cursor != nil
            #expect(seen.count == 25)
            #expect(Set(seen.map(\.id)) == Set(seeded))
            for story in seen {
                #expect(story.scoreBreakdown.sum == story.signalScore)
                #expect(story.sources.count == 1)
                #expect(story.sources[0].name == "Seed Wire")
            }
            let order = seen.map { ($0.signalScore, $0.updatedAt) }
            #expect(zip(order, order.dropFirst()).allSatisfy { $0.0 > $1.0 || ($0.0 == $1.0 && $0.1 >= $1.1) })
        }
    }

    /// Later pages and their `total` are cached like the first page; story events renew them all.
    @Test func laterPagesCountAStoryAnnouncedMeanwhile() async throws {
        try await withJarvis { application, server in
            let now = Date()
            _ = try await Self.seed(application, now: now)
            let (first, _) = try await page(server, "?limit=10")
            #expect(first.total == 25)
            let (second, _) = try await page(server, "?limit=10&after=\(try #require(first.nextCursor))")
            #expect(second.total == 25)
            // Stories 21…24 (their article 21 minutes old or more) go stale, as the staleness sweep does it.
            let stale = try await application.stories.markStale(lastArticleBefore: now.addingTimeInterval(-1_230))
            #expect(stale.count == 4)
            for id in stale { application.events.publish(.storyStale(storyId: id)) }
            let (third, _) = try await page(server, "?limit=10&after=\(try #require(second.nextCursor))")
            #expect(third.total == 21, "the count follows the story events")
            let (secondAgain, _) = try await page(server, "?limit=10&after=\(try #require(first.nextCursor))")
            #expect(secondAgain.total == 21, "a cached later page follows them too")
            #expect(Set(secondAgain.data.map(\.id)).isDisjoint(with: stale))
            let (again, _) = try await page(server, "?limit=10")
            #expect(again.total == 21)
        }
    }

    /// A client inventing cursors fills only the later pages' shelf: the first page stays cached. (A change
    /// made without a story event shows what is cached: the first page keeps its old stories.)
    @Test func inventedCursorsDoNotPushOutTheFirstPage() async throws {
        try await withJarvis { application, server in
            let now = Date()
            _ = try await Self.seed(application, now: now)
            let (first, _) = try await page(server, "?limit=100")
            #expect(first.data.count == 25)
            let stale = try await application.stories.markStale(lastArticleBefore: now.addingTimeInterval(-1_230))
            #expect(stale.count == 4, "no event announces these")
            for n in 0..<300 {  // more than any shelf holds
                let cursor = StoryCursor(signalScore: 50, updatedAt: Int64(n), id: "story_invented").encoded
                let response = try await server.client.get("/stories?after=\(cursor)")
                #expect(response.status == 200)
            }
            let (again, _) = try await page(server, "?limit=100")
            #expect(again.data.count == 25, "the first page was still served from the cache")
        }
    }

    @Test func filtersByTopicAndMinimumSignal() async throws {
        try await withJarvis { application, server in
            _ = try await Self.seed(application, now: Date())
            let (tech, _) = try await page(server, "?topic=tech&limit=100")
            #expect(tech.total == 6)
            #expect(tech.data.allSatisfy { $0.topic == .tech })
            let (strong, _) = try await page(server, "?min_signal=45&limit=100")
            #expect(strong.data.allSatisfy { $0.signalScore >= 45 })
            #expect(strong.total == strong.data.count)
            let (both, _) = try await page(server, "?topic=africa&min_signal=40")
            #expect(both.data.allSatisfy { $0.topic == .africa && $0.signalScore >= 40 })
        }
    }

    @Test(arguments: [
        ("?after=garbage", "invalid_cursor"), ("?after=czF8NTB8MTIzfG5vdC1hLXN0b3J5", "invalid_cursor"),
        ("?limit=0", "invalid_request"), ("?limit=101", "invalid_request"), ("?limit=ten", "invalid_request"),
        ("?topic=sports", "invalid_request"), ("?min_signal=-1", "invalid_request"), ("?min_signal=abc", "invalid_request"),
    ])
    func badQueriesAre400InTheEnvelope(_ query: String, _ code: String) async throws {
        try await withJarvis { _, server in
            let response = try await server.client.get("/stories\(query)")
            #expect(response.status == 400)
            #expect(try IOS.decoder().decode(IOS.ErrorEnvelope.self, from: Data(response.body)).error.code == code)
        }
    }

    @Test func detailHasTimelineAndNoSources() async throws {
        try await withJarvis { application, server in
            let ids = try await Self.seed(application, now: Date())
            let response = try await server.client.get("/stories/\(ids[0])")
            #expect(response.status == 200)
            let detail = try IOS.decoder().decode(IOS.StoryDetail.self, from: Data(response.body))
            #expect(detail.timeline.count == 1)
            #expect(detail.timeline[0].isBreaking)
            #expect(detail.scoreBreakdown.sum == detail.signalScore)
            let raw = try WireCheck.object(response.body)
            #expect(raw["sources"] == nil, "no sources on the detail")
            #expect(raw["timeline"] != nil)
            let missing = try await server.client.get("/stories/story_nope")
            #expect(missing.status == 404)
            #expect(try IOS.decoder().decode(IOS.ErrorEnvelope.self, from: Data(missing.body)).error.code == "not_found")
        }
    }

    @Test func emptyFeedIsAValidPage() async throws {
        try await withJarvis { _, server in
            let (page, raw) = try await page(server, "")
            #expect(page.data.isEmpty)
            #expect(page.total == 0)
            #expect(!page.hasMore)
            #expect(raw["nextCursor"] is NSNull)
        }
    }
}
