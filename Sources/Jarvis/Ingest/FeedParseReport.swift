import Foundation

/// What `jarvis parse` prints: the parsed feed as the ingester sees it, field for field, so an
/// operator can tell why an article came out the way it did (and the conformance check can
/// compare it with the expected values). Not part of the iOS contract.
public struct FeedParseReport: Encodable, Sendable {
    public struct Item: Encodable, Sendable {
        let title: String
        let link: String?
        let guid: String?
        let publishedAt: Date
        let hasFeedDate: Bool
        let author: String?
        let imageUrl: String?
        let categories: [String]
        let isBreaking: Bool
        let summary: String
        let body: String
        /// False for an item ingestion leaves out (no title, no text, no link): shown so an operator sees it.
        let kept: Bool
    }

    let format: String
    let title: String
    let siteLink: String?
    let encoding: String
    let encodingRepaired: Bool
    /// libxml2's first error when the document was broken and items were salvaged.
    let recoveredError: String?
    let itemsCapped: Bool
    let itemsWithoutContent: Int
    let items: [Item]

    public init(_ feed: ParsedFeed) {
        format = feed.format.rawValue
        title = feed.title
        siteLink = feed.siteLink
        encoding = feed.encoding
        encodingRepaired = feed.encodingRepaired
        recoveredError = feed.recoveredError
        itemsCapped = feed.itemsCapped
        itemsWithoutContent = feed.itemsWithoutContent
        func report(_ item: ParsedItem, kept: Bool) -> Item {
            Item(
                title: item.title, link: item.link, guid: item.guid, publishedAt: item.publishedAt,
                hasFeedDate: item.hasFeedDate, author: item.author, imageUrl: item.imageURL, categories: item.categories,
                isBreaking: item.isBreakingFlag, summary: item.summary, body: item.body, kept: kept)
        }
        // Every item in document order: the kept ones fill the places the left-out ones do not take.
        var keptItems = feed.items.makeIterator()
        let leftOut = Dictionary(feed.leftOut.map { ($0.position, $0.item) }, uniquingKeysWith: { first, _ in first })
        items = (0..<(feed.items.count + feed.leftOut.count)).compactMap { position in
            if let item = leftOut[position] { return report(item, kept: false) }
            return keptItems.next().map { report($0, kept: true) }
        }
    }

    /// Pretty-printed JSON, dates `YYYY-MM-DDTHH:MM:SSZ`, every key present (`null` when absent).
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    // Nil values are written as `null` rather than left out.
    enum CodingKeys: String, CodingKey {
        case format, title, siteLink, encoding, encodingRepaired, recoveredError, itemsCapped, itemsWithoutContent, items
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(title, forKey: .title)
        try container.encode(siteLink, forKey: .siteLink)
        try container.encode(encoding, forKey: .encoding)
        try container.encode(encodingRepaired, forKey: .encodingRepaired)
        try container.encode(recoveredError, forKey: .recoveredError)
        try container.encode(itemsCapped, forKey: .itemsCapped)
        try container.encode(itemsWithoutContent, forKey: .itemsWithoutContent)
        try container.encode(items, forKey: .items)
    }
}

extension FeedParseReport.Item {
    enum CodingKeys: String, CodingKey {
        case title, link, guid, publishedAt, hasFeedDate, author, imageUrl, categories, isBreaking, summary, body, kept
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(link, forKey: .link)
        try container.encode(guid, forKey: .guid)
        try container.encode(publishedAt, forKey: .publishedAt)
        try container.encode(hasFeedDate, forKey: .hasFeedDate)
        try container.encode(author, forKey: .author)
        try container.encode(imageUrl, forKey: .imageUrl)
        try container.encode(categories, forKey: .categories)
        try container.encode(isBreaking, forKey: .isBreaking)
        try container.encode(summary, forKey: .summary)
        try container.encode(body, forKey: .body)
        try container.encode(kept, forKey: .kept)
    }
}
