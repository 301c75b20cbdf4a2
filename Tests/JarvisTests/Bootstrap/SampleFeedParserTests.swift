import Foundation
import Jarvis
import SQLStore
import Testing

/// The offline samples' dates move to now when their documents are read; nothing else moves.
@Suite struct SampleFeedParserTests {
    struct FixedItems: FeedDocumentParsing {
        let dates: [Date]
        func articles(from document: Data, feedURL: URL, now: Date) throws -> [IncomingArticle] {
            dates.enumerated().map { index, date in
                IncomingArticle(
                    guid: "g\(index)", link: "https://x.example/\(index)", headline: "h", body: "b", publishedAt: date)
            }
        }
    }

    let anchor = Date(timeIntervalSince1970: 1_764_093_600)  // the samples' newest moment
    let now = Date(timeIntervalSince1970: 1_790_000_000.5)

    @Test func samplesMoveByWholeMinutesAndNeverPastNow() throws {
        let shift = SampleFeedParser.shift(anchor: anchor, now: now)
        #expect(shift % 60 == 0)
        #expect(now.timeIntervalSince(anchor) - Double(shift) < 60)
        let parser = SampleFeedParser(
            base: FixedItems(dates: [anchor, anchor.addingTimeInterval(-3_600), anchor.addingTimeInterval(7_200)]),
            samplesPrefix: "http://127.0.0.1:8080/samples/", shiftSeconds: shift)
        let items = try parser.articles(
            from: Data(), feedURL: URL(string: "http://127.0.0.1:8080/samples/lagos-courier.xml")!, contentType: nil, now: now)
        #expect(abs(items[0].publishedAt.timeIntervalSince(now)) < 60, "the newest item is about now")
        #expect(items[0].publishedAt.timeIntervalSince(items[1].publishedAt) == 3_600, "distances between items are kept")
        #expect(items[2].publishedAt == now, "an item dated after the anchor stops at now")
    }

    @Test func otherFeedsKeepTheirDates() throws {
        let parser = SampleFeedParser(
            base: FixedItems(dates: [anchor]), samplesPrefix: "http://127.0.0.1:8080/samples/",
            shiftSeconds: SampleFeedParser.shift(anchor: anchor, now: now))
        for url in [
            "https://news.example/samples/feed.xml", "http://127.0.0.1:9090/samples/a.xml", "http://127.0.0.1:8080/feed.xml",
        ] {
            let items = try parser.articles(from: Data(), feedURL: URL(string: url)!, contentType: nil, now: now)
            #expect(items[0].publishedAt == anchor, "\(url)")
        }
        #expect(SampleFeedParser.shift(anchor: nil, now: now) == 0, "no anchor, no shift")
    }

    /// An installation from before the shift left the feeds table keeps its feeds across the migration.
    @Test func migrationDropsTheShiftColumnAndKeepsFeeds() async throws {
        let path = temporaryDirectory() + ".sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try SQLiteDatabase(path: path)
        defer { database.closeSync() }
        _ = try await database.migrate(JarvisSchema.migrations.filter { $0.version <= 5 })
        try await database.write { connection in
            try connection.execute(
                """
                INSERT INTO feeds (id, name, url, poll_interval_seconds, health, next_poll_at, time_shift_seconds, created_at)
                VALUES ('f1', 'Samples', 'http://127.0.0.1:8080/samples/a.xml', 300, 'active', 0, 86400, 0)
                """)
        }
        _ = try await database.migrate(JarvisSchema.migrations)
        let feeds = try await FeedStore(database: database).all()
        #expect(feeds.map(\.id) == ["f1"])
        #expect(feeds.first?.pollIntervalSeconds == 300)
    }
}
