import Foundation
import HTTPTesting
import Jarvis
import JarvisAPI
import Testing

/// A story left with its one article is offered again once its event has had time to take shape
/// (`StoryClusterer.reconsiderLoneArticles`): a report whose opening is a scene, not the news, meets the story
/// the later reports made.
@Suite struct LoneStoryTests {
    /// A feature-style opening: none of the event's names, only its scene.
    static let opening = (
        headline: "A long night on the waterfront",
        body: "Smoke rose over the harbour before midnight. Dockworkers watched from the quay while tugboats sprayed "
            + "water into the dark."
    )
    static let first = (
        headline: "Fire destroys Delta Petroleum refinery terminal",
        body: "A fire destroyed storage tanks at the Delta Petroleum refinery terminal on Tuesday, the company said. "
            + "No workers were hurt; the cause of the blaze is under investigation."
    )
    /// Names the event and describes the scene: joins the first report, and makes the story the opening fits.
    static let second = (
        headline: "Delta Petroleum terminal fire: harbour closed, tanks lost",
        body: "Smoke rose over the harbour through the night as tugboats sprayed water and dockworkers watched from "
            + "the quay. Delta Petroleum said the refinery terminal's tanks were lost."
    )
    static let unrelated = (
        headline: "City council approves new bus lanes",
        body: "The council voted to add bus lanes on three avenues from next spring."
    )
    static let unrelatedToo = (
        headline: "Striker signs four-year contract with champions",
        body: "The forward joined the league champions after scoring 21 goals last season."
    )

    static func clusterer(reofferAfter: [TimeInterval]) -> StoryClusterer {
        var configuration = ClusteringConfiguration()
        configuration.reofferAfter = reofferAfter
        let clusterer = StoryClusterer(configuration: configuration, makeStoryId: ClusterTests.counterIds())
        for (id, source, hours, text) in [
            ("opening", "Courier", 0.0, opening), ("first", "Wire", 1, first), ("second", "Herald", 2, second),
        ] {
            clusterer.assign(ClusterTests.article(id, source: source, hours: hours, headline: text.headline, body: text.body))
        }
        return clusterer
    }

    static func later(
        _ clusterer: StoryClusterer, hours: Double, _ text: (headline: String, body: String) = unrelated
    ) {
        clusterer.assign(
            ClusterTests.article("later-\(hours)", source: "Gazette", hours: hours, headline: text.headline, body: text.body))
    }

    @Test func aLoneOpeningJoinsTheStoryItsEventBecame() {
        let clusterer = Self.clusterer(reofferAfter: [3 * 3600])
        #expect(clusterer.story(of: "opening") != clusterer.story(of: "first"), "alone when it arrived")
        #expect(clusterer.reconsiderLoneArticles().isEmpty, "not before three hours have passed in the stream")

        Self.later(clusterer, hours: 5)
        let merges = clusterer.reconsiderLoneArticles()
        #expect(merges.count == 1)
        let fire = try? #require(clusterer.story(of: "first"))
        #expect(clusterer.story(of: "opening") == fire)
        #expect(clusterer.story(of: "second") == fire)
        #expect(merges.first?.survivor == fire, "the story of two survives the story of one")
        #expect(clusterer.articles(in: merges.first?.absorbed ?? "").sorted() == ["first", "opening", "second"])
        #expect(clusterer.story(of: "later-5.0") != fire, "the story of one it was offered with stays alone")
        #expect(clusterer.storyCount == 2)
    }

    @Test func withoutSecondChancesTheOpeningStaysAlone() {
        let clusterer = Self.clusterer(reofferAfter: [])
        Self.later(clusterer, hours: 5)
        #expect(clusterer.reconsiderLoneArticles().isEmpty)
        #expect(clusterer.story(of: "opening") != clusterer.story(of: "first"))
        #expect(clusterer.storyCount == 3)
    }

    @Test func eachStageOffersALoneStoryOnceAndAStoryThatGrewIsLeftAlone() {
        let clusterer = Self.clusterer(reofferAfter: [3 * 3600, 12 * 3600])
        Self.later(clusterer, hours: 5)
        #expect(clusterer.reconsiderLoneArticles().count == 1)
        #expect(clusterer.reconsiderLoneArticles().isEmpty, "nothing is due twice")
        // The bus-lane story stays alone through both stages; later reports of other events change nothing.
        Self.later(clusterer, hours: 40, Self.unrelatedToo)
        #expect(clusterer.reconsiderLoneArticles().isEmpty)
        #expect(clusterer.storyCount == 3)
    }

    @Test func restoredStoriesAreNotOfferedAgain() {
        var configuration = ClusteringConfiguration()
        configuration.reofferAfter = [3 * 3600]
        let clusterer = StoryClusterer(configuration: configuration, makeStoryId: ClusterTests.counterIds())
        for (id, story, hours, text) in [
            ("opening", "s1", 0.0, Self.opening), ("first", "s2", 1, Self.first), ("second", "s2", 2, Self.second),
        ] {
            clusterer.restore(
                article: ClusterTests.article(id, hours: hours, headline: text.headline, body: text.body), storyId: story)
        }
        Self.later(clusterer, hours: 5)
        #expect(clusterer.reconsiderLoneArticles().isEmpty, "a restart keeps the stories as they were stored")
    }
}

/// Through the real service and server: the merge is stored, the lone story's id answers with its survivor, and
/// live clients hear `story.stale` for it.
extension LoneStoryTests {
    @Test func theServiceStoresTheMergeAndTheMergedAwayIdFollowsIt() async throws {
        let clock = TestClock(Date())
        let t = Int(clock.read().timeIntervalSince1970)
        func line(_ id: String, _ text: (headline: String, body: String), hoursAgo: Double) -> String {
            "\(id)|https://\(id).example/\(id)|\(text.headline)|\(text.body)|\(t - Int(hoursAgo * 3600))"
        }
        let courier = "https://courier.example/rss", wire = "https://wire.example/rss", gazette = "https://gazette.example/rss"
        let fetcher = ScriptedFetcher([
            courier: [
                .fetched(
                    body: StoryServiceTests.items([line("opening", Self.opening, hoursAgo: 5)]), etag: nil,
                    lastModified: nil, movedPermanentlyTo: nil)
            ],
            wire: [
                .fetched(
                    body: StoryServiceTests.items([
                        line("second", Self.second, hoursAgo: 3), line("first", Self.first, hoursAgo: 4),
                    ]), etag: nil, lastModified: nil, movedPermanentlyTo: nil)
            ],
            gazette: [
                .fetched(
                    body: StoryServiceTests.items([line("later", Self.unrelated, hoursAgo: 0)]), etag: nil,
                    lastModified: nil, movedPermanentlyTo: nil)
            ],
        ])
        let engines = JarvisApplication.StoryEngines(
            makeClusterer: {
                var configuration = ClusteringConfiguration()
                configuration.reofferAfter = [3 * 3600]
                return StoryClusterer(configuration: configuration)
            },
            classifier: StoryServiceTests.HintClassifier(), analyzer: StoryServiceTests.PlainAnalyzer(),
            configuration: .init())
        try await StoryServiceTests.withTimedApplication(fetcher: fetcher, engines: engines, clock: clock) { application in
            let events = application.events.subscribe()
            for (url, name) in [(courier, "Courier"), (wire, "Wire")] {
                _ = try await application.feeds.create(NewFeed(url: url, name: name, pollIntervalSeconds: 900), now: clock.read())
                _ = await application.poller.pollDueFeeds()
            }

            try await withLiveServer(application.router()) { server in
                func page() async throws -> IOS.PaginatedStories {
                    try IOS.decoder().decode(IOS.PaginatedStories.self, from: Data(try await server.client.get("/stories").body))
                }
                let before = try await page()
                #expect(before.total == 2, "the opening alone, the two reports together")
                let lone = try #require(before.data.first { $0.sources.map(\.name) == ["Courier"] }).id

                _ = try await application.feeds.create(
                    NewFeed(url: gazette, name: "Gazette", pollIntervalSeconds: 900), now: clock.read())
                _ = await application.poller.pollDueFeeds()

                let after = try await page()
                #expect(after.total == 2, "the fire story with its three reports, and the bus lanes")
                let fire = try #require(after.data.first { $0.sources.contains { $0.name == "Wire" } })
                #expect(fire.id != lone)
                #expect(Set(fire.sources.map(\.name)) == ["Courier", "Wire"])
                let detail = try IOS.decoder().decode(
                    IOS.StoryDetail.self, from: Data(try await server.client.get("/stories/\(fire.id)").body))
                #expect(detail.timeline.count == 3)
                let followed = try IOS.decoder().decode(
                    IOS.StoryDetail.self, from: Data(try await server.client.get("/stories/\(lone)").body))
                #expect(followed.id == fire.id, "the merged-away id answers with the survivor's data")

                application.events.publish(.storyRevised(storyId: "end-of-test"))
                var heard: [JarvisEvent] = []
                for await event in events {
                    if event == .storyRevised(storyId: "end-of-test") { break }
                    heard.append(event)
                }
                #expect(heard.contains(.storyStale(storyId: lone)))
            }
        }
    }
}
