import Foundation
import Testing

@testable import Jarvis

/// Limits, generated hostile inputs, and the helpers the poller relies on.
struct FeedLimitsTests {
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    func rss(items: Int, padding: Int = 0) -> Data {
        var s = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Big</title>"
        let pad = String(repeating: "x", count: padding)
        for i in 0..<items {
            s += "<item><title>Item \(i)</title><link>https://big.example/\(i)</link><description>\(pad)</description></item>"
        }
        return Data((s + "</channel></rss>").utf8)
    }

    @Test func oversizedDocumentIsRefusedUnread() {
        let data = rss(items: 1100, padding: 10_000)
        #expect(data.count > FeedParser.Limits.maxDocumentBytes)
        #expect(throws: FeedParseError.self) { try FeedParser.parse(data: data, baseURL: nil, now: Self.now) }
        do { _ = try FeedParser.parse(data: data, baseURL: nil, now: Self.now) } catch { #expect(error.code == .tooLarge) }
    }

    @Test func itemsAreCapped() throws {
        let feed = try FeedParser.parse(data: rss(items: 1500), baseURL: nil, now: Self.now)
        #expect(feed.items.count == FeedParser.Limits.maxItems)
        #expect(feed.itemsCapped)
        #expect(feed.items.last?.title == "Item 999")
    }

    @Test func deepNestingIsBoundedByLibxml2() throws {
        let depth = 50_000
        let s =
            "<?xml version=\"1.0\"?><rss><channel><title>Deep</title><item><title>ok</title></item>"
            + String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth) + "</channel></rss>"
        let feed = try FeedParser.parse(data: Data(s.utf8), baseURL: nil, now: Self.now)
        #expect(feed.items.map(\.title) == ["ok"])
        #expect(feed.recoveredError != nil)
    }

    @Test func manyTruncationPointsNeverCrash() {
        let data = rss(items: 5, padding: 20)
        for cut in stride(from: 0, to: data.count, by: 7) {
            if let feed = try? FeedParser.parse(data: data.prefix(cut), baseURL: nil, now: Self.now) {
                #expect(feed.items.count <= 5)
            }
        }
    }

    @Test func encodingsWrittenAsBytes() throws {
        // Windows-1252 0x93/0x94 are curly quotes, 0x80 is the euro sign; Windows-1251 0xCD 0xEE 0xE2 is "Нов".
        let w1252: [UInt8] =
            Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?><rss><channel><title>".utf8)
            + [0x93, 0x51, 0x94, 0x20, 0x80] + Array("</title></channel></rss>".utf8)
        #expect(try FeedParser.parse(data: Data(w1252), baseURL: nil, now: Self.now).title == "“Q” €")
        let w1251: [UInt8] =
            Array("<?xml version=\"1.0\" encoding=\"windows-1251\"?><rss><channel><title>".utf8)
            + [0xCD, 0xEE, 0xE2] + Array("</title></channel></rss>".utf8)
        #expect(try FeedParser.parse(data: Data(w1251), baseURL: nil, now: Self.now).title == "Нов")
    }

    @Test func parsingIsSafeConcurrently() async throws {
        let data = rss(items: 50, padding: 200)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try FeedParser.parse(data: data, baseURL: nil, now: Self.now).items.count } }
            for try await count in group { #expect(count == 50) }
        }
    }

    @Test func authorFieldForms() {
        #expect(ItemAssembler.nameFromAuthorField("jane@example.com (Jane Doe)") == "Jane Doe")
        #expect(ItemAssembler.nameFromAuthorField("Jane Doe <jane@example.com>") == "Jane Doe")
        #expect(ItemAssembler.nameFromAuthorField("\"Jane Doe\" <jane@example.com>") == "Jane Doe")
        #expect(ItemAssembler.nameFromAuthorField("jane@example.com") == nil)
        #expect(ItemAssembler.nameFromAuthorField("Jane Doe") == "Jane Doe")
    }

    @Test func fingerprintsSpotNearDuplicates() {
        let text = """
            The central bank of Kenya held its benchmark lending rate at 12 percent on Tuesday, citing easing \
            inflation and a stable shilling, and said it would keep watching food prices closely through the \
            next quarter as the drought in the north continues to affect harvests and livestock markets.
            """
        let a = ContentFingerprint(text: text)
        let reformatted = ContentFingerprint(text: text.uppercased().replacingOccurrences(of: ",", with: " ;"))
        let edited = ContentFingerprint(text: text.replacingOccurrences(of: "Tuesday", with: "Wednesday"))
        let other = ContentFingerprint(
            text: "Apple unveiled a new laptop with a faster chip and longer battery life at its autumn event.")
        #expect(a == reformatted)
        #expect(a.isNearDuplicate(of: edited))
        #expect(!a.isNearDuplicate(of: other))
        #expect(ContentFingerprint(text: "").value == 0)
    }

    @Test func breakingTitles() {
        #expect(BreakingFlag.isBreakingTitle("BREAKING: x"))
        #expect(BreakingFlag.isBreakingTitle("Breaking news - x"))
        #expect(BreakingFlag.isBreakingTitle("Breaking | x"))
        #expect(!BreakingFlag.isBreakingTitle("Breaking Bad returns"))
        #expect(!BreakingFlag.isBreakingTitle("Breakingviews: markets"))
    }
}
