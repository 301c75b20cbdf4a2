import Foundation
import Testing

@testable import Jarvis

/// A story of hundreds of reports is analysed by reading the text of a bounded set: every source's newest first.
struct ArticlesReadTests {
    private typealias F = InsightFixtures

    /// 10 outlets × 20 updates each, the newest of outlet `o` update 19.
    private static let liveBlog: [StoryArticle] = (0..<10).flatMap { outlet in
        (0..<20).map { update in
            F.article(
                "o\(outlet)-u\(update)", "Outlet \(outlet)", "Lagos bridge: update \(update)",
                "Engineers in Lagos reported progress number \(update) on the Ikeja bridge repairs.",
                minutesAgo: Double(400 - update * 20 - outlet))
        }
    }

    @Test func everySourcesNewestIsReadFirst() {
        let read = StoryAnalyzer.articlesRead(Self.liveBlog, limit: 25)
        #expect(read.count == 25)
        for outlet in 0..<10 {
            #expect(read.contains("o\(outlet)-u19") && read.contains("o\(outlet)-u18"), "outlet \(outlet)")
        }
        #expect(read.filter { $0.hasSuffix("-u17") }.count == 5)
        #expect(StoryAnalyzer.articlesRead(Self.liveBlog.reversed(), limit: 25) == read, "order-independent")
        #expect(StoryAnalyzer.articlesRead(Array(Self.liveBlog.prefix(30)), limit: 64).count == 30)
    }

    @Test func aLongStoryStillCountsEverySourceAndFlagsEveryArticle() {
        let analyzer = StoryAnalyzer(configuration: InsightConfiguration(maxArticlesRead: 12))
        let insight = analyzer.analyze(Self.liveBlog, topic: .africa, now: F.now)
        #expect(insight.breaking.count == 200)
        #expect(insight.summary.contains("Ikeja bridge"), "\(insight.summary)")
        let everything = StoryAnalyzer(configuration: InsightConfiguration(maxArticlesRead: 1_000))
        let full = everything.analyze(Self.liveBlog, topic: .africa, now: F.now)
        #expect(insight.score.crossSourceConfirmation == full.score.crossSourceConfirmation)
        #expect(insight.score.freshness == full.score.freshness)
        #expect(insight.score.sourceAuthority == full.score.sourceAuthority)
    }

    /// The canonical headline is one of the reports whose text is read (the pairwise headline comparisons stay
    /// bounded as a story grows), even when an older report's headline would score higher.
    @Test func aLongStoryIsNamedByTheReportsItReads() {
        let analyzer = StoryAnalyzer(configuration: InsightConfiguration(maxArticlesRead: 12))
        let read = StoryAnalyzer.articlesRead(Self.liveBlog, limit: 12)
        let readHeadlines = Set(Self.liveBlog.filter { read.contains($0.id) }.map(\.headline))
        #expect(readHeadlines.contains(analyzer.analyze(Self.liveBlog, topic: .africa, now: F.now).headline))
        // An old report naming the event in the words the others share, and unread: not a candidate.
        let old = F.article(
            "o0-first", "Outlet 0", "Engineers report progress on Ikeja bridge repairs in Lagos",
            "Engineers in Lagos reported progress on the Ikeja bridge repairs.", minutesAgo: 2_000)
        let headline = analyzer.analyze(Self.liveBlog + [old], topic: .africa, now: F.now).headline
        #expect(readHeadlines.contains(headline), "\(headline)")
        let everything = StoryAnalyzer(configuration: InsightConfiguration(maxArticlesRead: 1_000))
        #expect(everything.analyze(Self.liveBlog + [old], topic: .africa, now: F.now).headline == old.headline)
    }
}
