import Foundation
import Testing

@testable import Jarvis

/// Consensus and conflict on the shipped sample feeds (`make run`), each true event as one story, held to the
/// samples' own truth (`Resources/jarvis/samples/truth.json`: what the sources agree on, and which quantity
/// they report differently). `SAMPLE_INSIGHT=1` prints every event's headline, summary and lines.
@Suite struct SampleInsightTests {
    struct Truth: Decodable {
        struct Event: Decodable {
            struct Conflict: Decodable { var quantity: String }
            var id: String
            var sources: [String]
            var conflicts: [Conflict]
        }
        struct Item: Decodable {
            var file: String
            var guid: String
            var event: String
        }
        var events: [Event]
        var items: [Item]
    }

    struct Feeds: Decodable {
        struct Feed: Decodable {
            var name: String
            var file: String
            var authority: Int?
            var region: String?
        }
        var anchor: Date
        var feeds: [Feed]
    }

    static let directory = TestPaths.resources.appendingPathComponent("samples")

    /// Each true event's insight, computed by the analyzer the story service runs.
    static let insights: [(event: Truth.Event, insight: StoryInsight)] = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let truth = try? decoder.decode(Truth.self, from: Data(contentsOf: directory.appendingPathComponent("truth.json"))),
            let feeds = try? decoder.decode(Feeds.self, from: Data(contentsOf: directory.appendingPathComponent("feeds.json")))
        else { return [] }
        var eventOf: [String: String] = [:]
        for item in truth.items { eventOf[item.file + "|" + item.guid] = item.event }
        var byEvent: [String: [StoryArticle]] = [:]
        for feed in feeds.feeds {
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(feed.file)),
                let parsed = try? FeedParser.parse(
                    data: data, baseURL: URL(string: "http://localhost:8080/samples/" + feed.file),
                    now: feeds.anchor)
            else { continue }
            for item in parsed.items {
                guard let key = item.guid ?? item.link, let event = eventOf[feed.file + "|" + key] else { continue }
                byEvent[event, default: []].append(
                    StoryArticle(
                        id: feed.file + "|" + key, feedId: feed.file, source: feed.name, sourceAuthority: feed.authority,
                        topicHint: nil, region: feed.region, headline: item.title, body: item.body, publishedAt: item.publishedAt,
                        firstSeenAt: item.publishedAt, isBreakingFlag: item.isBreakingFlag,
                        canonicalUrl: item.link.flatMap(ArticleIdentity.canonicalURL),
                        contentHash: ArticleIdentity.contentHash(headline: item.title, body: item.body)))
            }
        }
        // As the server stores them: the canonical address too (an opinion section in it marks an opinion piece).
        let analyzer = StoryAnalyzer()
        let now = feeds.anchor.addingTimeInterval(3600)
        return truth.events.compactMap { event in
            guard let articles = byEvent[event.id] else { return nil }
            return (event, analyzer.analyze(articles, topic: .politics, now: now))
        }
    }()

    @Test func samplesLoad() {
        #expect(Self.insights.count >= 15)
        if ProcessInfo.processInfo.environment["SAMPLE_INSIGHT"] != nil {
            for (event, insight) in Self.insights {
                print(
                    "[\(event.id)] \(insight.headline)\n    summary: \(insight.summary)\n"
                        + "    consensus: \(insight.consensus ?? "—")\n    conflict: \(insight.conflict ?? "—")")
            }
        }
    }

    /// Consensus is a reported fact, never an opinion or a prompt.
    @Test func consensusIsAFactNotAnOpinion() {
        for (event, insight) in Self.insights {
            if event.sources.count < 2 { #expect(insight.consensus == nil, "\(event.id): one source has no consensus") }
            guard let consensus = insight.consensus else { continue }
            #expect(!ReportedFact.isOpinion(consensus), "\(event.id): \(consensus)")
            #expect(!PageFurniture.isFurniture(consensus), "\(event.id): \(consensus)")
            #expect(!consensus.contains("awkward moment"), "\(event.id): one outlet's framing stated as agreement")
        }
        let stated = Self.insights.filter { $0.event.sources.count >= 2 && $0.insight.consensus != nil }.count
        let multi = Self.insights.filter { $0.event.sources.count >= 2 }.count
        #expect(stated * 3 >= multi * 2, "consensus for \(stated) of \(multi) multi-source events")
    }

    /// A conflict is stated only where the truth has one, and names at least two sources of the story.
    @Test func conflictsAreRealAndAttributed() {
        var found = 0
        for (event, insight) in Self.insights {
            guard let conflict = insight.conflict else { continue }
            #expect(!event.conflicts.isEmpty, "\(event.id): no conflict in truth, stated: \(conflict)")
            if !event.conflicts.isEmpty { found += 1 }
            let named = event.sources.filter { conflict.contains($0) }
            #expect(named.count >= 2, "\(event.id): \(conflict)")
        }
        // Recall is low by design (precision first: dates, durations, word numbers and estimates are not
        // compared); at least the plain figure disputes are found.
        let truthConflicts = Self.insights.filter { !$0.event.conflicts.isEmpty }.count
        #expect(found >= 2, "conflicts found for \(found) of \(truthConflicts) events that have one")
    }
}
