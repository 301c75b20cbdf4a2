import Foundation
import Testing

@testable import Jarvis

/// Dates a hostile or broken feed server can send. Found by the `feed-date` fuzz target: a digit
/// run longer than an Int holds trapped the parser (arithmetic overflow), so one `<pubDate>`
/// stopped the whole server.
struct FeedDateHostileInputTests {
    @Test(arguments: [
        "Mon, 99999999999999999999 Jan 2026",
        "Mon, 01 Jan 2026 10:00 +000000000000000000000",
        "Mon, 01 Jan 2026 10:00 -99999999999999999999",
        "99999999999999999999999999999999999999:00",
        "2026-01-01 10:00 " + String(repeating: "9", count: 400),
    ])
    func longDigitRunsAreNotDates(_ text: String) {
        #expect(FeedDate.parse(text) == nil)
    }

    @Test func anItemWithSuchADateIsKeptAndDatedNow() throws {
        let now = Date(timeIntervalSince1970: 1_780_315_200)
        let rss = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://example.com/</link>
            <item><title>Story</title><link>https://example.com/a</link>
            <pubDate>Mon, 99999999999999999999 Jan 2026</pubDate></item></channel></rss>
            """
        let feed = try FeedParser.parse(data: Data(rss.utf8), baseURL: URL(string: "https://example.com/feed.xml"), now: now)
        #expect(feed.items.count == 1)
        #expect(feed.items.first?.publishedAt == now)
        #expect(feed.items.first?.hasFeedDate == false)
    }
}
