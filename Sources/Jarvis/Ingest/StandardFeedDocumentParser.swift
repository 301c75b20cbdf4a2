import Foundation
import Logging

/// The production `FeedDocumentParsing`: `FeedParser` (libxml2), then each item mapped to the
/// article layer. Items with neither a link nor a guid that is a URL are skipped: the app
/// requires `sourceUrl`.
public struct StandardFeedDocumentParser: FeedDocumentParsing {
    private let logger = Logger(label: "jarvis.ingest")

    public init() {}

    public func articles(from document: Data, feedURL: URL, now: Date) throws -> [IncomingArticle] {
        try articles(from: document, feedURL: feedURL, contentType: nil, now: now)
    }

    public func articles(from document: Data, feedURL: URL, contentType: String?, now: Date) throws -> [IncomingArticle] {
        let feed = try FeedParser.parse(data: document, baseURL: feedURL, contentType: contentType, now: now)
        if feed.encodingRepaired {
            logger.info(
                "feed bytes were not valid in their encoding; repaired",
                ["url": feedURL.absoluteString, "encoding": feed.encoding])
        }
        if let recovered = feed.recoveredError {
            logger.notice(
                "feed document was broken; kept the items before the break",
                ["url": feedURL.absoluteString, "error": recovered, "items": "\(feed.items.count)"])
        }
        let articles: [IncomingArticle] = feed.items.compactMap { item in
            let guidLink = item.guid.flatMap { URL(string: $0) }.flatMap {
                $0.scheme?.hasPrefix("http") == true ? $0.absoluteString : nil
            }
            guard let link = item.link ?? guidLink else { return nil }
            let body = item.body.isEmpty ? item.summary : item.body
            return IncomingArticle(
                guid: item.guid ?? link, link: link, headline: item.title, body: body,
                publishedAt: item.publishedAt, imageUrl: item.imageURL, author: item.author,
                isBreakingFlag: item.isBreakingFlag, categories: item.categories)
        }
        let withoutLink = feed.items.count - articles.count
        if withoutLink > 0 || feed.itemsWithoutContent > 0 {
            logger.info(
                "feed items left out",
                [
                    "url": feedURL.absoluteString, "noLink": "\(withoutLink)",
                    "nothingToShow": "\(feed.itemsWithoutContent)", "kept": "\(articles.count)",
                ])
        }
        return articles
    }
}
