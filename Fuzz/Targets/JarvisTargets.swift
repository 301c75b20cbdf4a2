// Jarvis: what a feed server or an app can send (feed documents, their HTML and dates, story
// cursors, the POST /feeds body).
import Foundation

@testable import HTTPServer
@testable import Jarvis
@testable import JarvisAPI

enum JarvisTargets {
    static let all: [FuzzTarget] = [feed, html, articlePage, articleBody, feedDate, storyCursor, jarvisJSON]

    static let baseURL = URL(string: "https://news.example.com/section/feed.xml")

    /// RSS 0.9x/2.0, RSS 1.0 and Atom through libxml2's SAX reader, as the poller parses a fetched body.
    static let feed = FuzzTarget(name: "feed", summary: "FeedParser.parse (RSS/Atom via libxml2 SAX)", maxLength: 32 * 1024) {
        bytes in
        guard let parsed = try? FeedParser.parse(data: bytes.data, baseURL: baseURL, now: FuzzClock.now) else { return }
        expect(parsed.items.count <= FeedParser.Limits.maxItems, "more than maxItems items")
        for item in parsed.items {
            expect(item.publishedAt.timeIntervalSince(FuzzClock.now) <= FeedDate.futureTolerance, "item dated in the future")
        }
    }

    /// Item bodies (`description`, `content:encoded`) to plain text, lead image included.
    static let html = FuzzTarget(name: "html", summary: "HTMLText.extract (libxml2 HTML parser)", maxLength: 16 * 1024) { bytes in
        let text = bytes.text
        let extraction = HTMLText.extract(text, base: baseURL)
        _ = HTMLText.plainText(text)
        if let image = extraction.firstImage {
            expect(FeedURL.hasHTTPScheme(image), "lead image \(image) is not absolute http(s)")
        }
    }

    /// A fetched web page through the article extractor (page service, `jarvis extract`): tree,
    /// blocks, scoring, JSON-LD, metadata. The text never holds more than the page did.
    static let articlePage = FuzzTarget(
        name: "article-page", summary: "ArticleExtractor.extract (libxml2 HTML, JSON-LD)",
        maxLength: 64 * 1024
    ) { bytes in
        let article = ArticleExtractor.extract(bytes.data, url: URL(string: "https://news.example.com/2026/11/story"))
        expect(article.text.utf8.count <= bytes.data.count * 3 + 64, "text much longer than the page")
        if let image = article.imageUrl { expect(FeedURL.hasHTTPScheme(image), "image \(image) is not absolute http(s)") }
        _ = article.json()
    }

    /// An article's body as the story analysis reads it: the furniture cleaner, then sentences. Whatever a feed
    /// puts in a body, the sentences hold at most twice its text (a dash or a quote may be wider than the
    /// typewriter form it replaces); libFuzzer's 10 s timeout catches a quadratic split, as "(Sept. (Sept. …" and
    /// "A. B. C. …" once were.
    static let articleBody = FuzzTarget(
        name: "article-body", summary: "PageFurniture.clean + TextAnalyzer.sentences", maxLength: 64 * 1024,
        prepare: {
            // The cleaner's expressions compile on first use, once per process: before the leak check.
            _ = TextAnalyzer().sentences(
                PageFurniture.clean(
                    "LAGOS (Reuters) - Rates rose. • Shares fell.\nNairobi, Kenya – It rained at 2 a.m. EST Monday.\n"
                        + "March 10, 2023 Updated Fri., March 10, 2023 at 8:19 p.m. Talks resumed (Sept. 12).\n"
                        + "Leeds: Crews work in Leeds on March 9, 2023. In this image released by the council, it rains.",
                    published: FuzzClock.now))
        }
    ) { bytes in
        let text = bytes.text
        // With a publication date, so the dated-caption reading runs too.
        let sentences = TextAnalyzer().sentences(PageFurniture.clean(text, published: FuzzClock.now))
        expect(sentences.reduce(0) { $0 + $1.utf8.count } <= 2 * text.utf8.count + 64, "sentences far longer than the body")
    }

    /// `pubDate` / `updated` / `dc:date` strings.
    static let feedDate = FuzzTarget(
        name: "feed-date", summary: "FeedDate.parse / resolve (RFC 822, ISO 8601 and slips)", maxLength: 256
    ) { bytes in
        let text = bytes.text
        if let date = FeedDate.parse(text) { expect(date.timeIntervalSince1970.isFinite, "non-finite date") }
        let resolved = FeedDate.resolve(text, now: FuzzClock.now)
        expect(resolved.date.timeIntervalSince(FuzzClock.now) <= FeedDate.futureTolerance, "resolved into the future")
    }

    /// `GET /stories?cursor=`: anything a client sends; a cursor that parses re-encodes to itself.
    static let storyCursor = FuzzTarget(name: "story-cursor", summary: "StoryCursor(encoded:) and its round trip", maxLength: 512)
    { bytes in
        guard let cursor = StoryCursor(encoded: bytes.text) else { return }
        expect(StoryCursor(encoded: cursor.encoded) == cursor, "cursor \(cursor) does not survive encode/decode")
    }

    /// `POST /feeds`: the product's decoder, then the validation the route applies.
    static let jarvisJSON = FuzzTarget(
        name: "jarvis-json", summary: "POST /feeds body (NewFeedDTO) + FeedValidation", maxLength: 4096
    ) { bytes in
        let request = Request(method: .post, rawPath: "/feeds", headers: ["Content-Type": "application/json"], body: bytes.data)
        guard let body = try? request.decode(NewFeedDTO.self) else { return }
        let candidate = NewFeed(url: body.url, name: body.name, pollIntervalSeconds: body.pollIntervalSeconds ?? 900)
        if case .success(let feed) = FeedValidation.validate(candidate, allowPrivateAddresses: false) {
            expect(
                FeedValidation.validate(feed, allowPrivateAddresses: false) == .success(feed),
                "validation is not idempotent for \(feed)")
        }
    }
}
