import Foundation

/// The syntax a document was written in; kept for logs and tests.
public enum FeedFormat: String, Sendable, Equatable {
    /// RSS 0.9x / 2.0 (`<rss>`).
    case rss
    /// RSS 1.0 and 0.90 (`<rdf:RDF>`).
    case rdf
    /// Atom 1.0 (and the old 0.3 namespace).
    case atom
}

/// One feed document, reduced to what ingestion needs.
public struct ParsedFeed: Sendable, Equatable {
    public var format: FeedFormat
    /// Channel / feed title, HTML-stripped; empty when the feed has none.
    public var title: String
    /// The site's home page (RSS channel `link`, Atom `link rel=alternate`), absolute when resolvable.
    public var siteLink: String?
    /// Items in document order, at most `FeedParser.Limits.maxItems`.
    public var items: [ParsedItem]
    /// Set when the document was broken (truncated, mis-nested, bad bytes) and the items are those
    /// completed before the break. Callers log it; the items are still good.
    public var recoveredError: String?
    /// True when the document had more items than `Limits.maxItems` and the rest were ignored.
    public var itemsCapped: Bool
    /// Items left out because they had no title, no text and no link (nothing to show or fetch), with their
    /// place among all the document's items: `jarvis parse` shows them, ingestion does not.
    public var leftOut: [LeftOutItem]
    /// How many items were left out.
    public var itemsWithoutContent: Int { leftOut.count }
    /// The character encoding the bytes were read as (`utf-8`, `windows-1251`, …; see `FeedEncoding`).
    public var encoding: String
    /// True when some bytes were not valid in that encoding and were repaired or replaced.
    public var encodingRepaired: Bool

    public init(
        format: FeedFormat, title: String, siteLink: String?, items: [ParsedItem],
        recoveredError: String? = nil, itemsCapped: Bool = false, leftOut: [LeftOutItem] = [], encoding: String = "utf-8",
        encodingRepaired: Bool = false
    ) {
        self.leftOut = leftOut
        self.encoding = encoding
        self.encodingRepaired = encodingRepaired
        self.format = format
        self.title = title
        self.siteLink = siteLink
        self.items = items
        self.recoveredError = recoveredError
        self.itemsCapped = itemsCapped
    }
}

/// An item a feed document had that is not in `ParsedFeed.items`, and its position among all of them.
public struct LeftOutItem: Sendable, Equatable {
    public var position: Int
    public var item: ParsedItem
}

/// One entry of a feed, with every field already cleaned (HTML stripped, links absolute, date in UTC).
public struct ParsedItem: Sendable, Equatable {
    /// Stable identity within the feed: `guid` / `atom:id` / `rdf:about`, else the link; nil if neither.
    public var guid: String?
    /// Absolute article URL (`sourceUrl`).
    public var link: String?
    /// Headline, HTML-stripped; synthesised from the summary when the item has no title.
    public var title: String
    /// The richest text: `content:encoded` / `atom:content`, else description / summary. Plain text,
    /// paragraphs separated by a blank line.
    public var body: String
    /// Description / `atom:summary` as plain text; falls back to the start of `body`.
    public var summary: String
    public var author: String?
    /// UTC. `now` when the feed gave no usable date or one more than 10 minutes in the future.
    public var publishedAt: Date
    /// False when `publishedAt` is the time first seen rather than a date from the feed; a poller
    /// seeing the item again should then keep its first-seen time.
    public var hasFeedDate: Bool
    /// Absolute image URL (media:content → media:thumbnail → image enclosure → first `<img>`).
    public var imageURL: String?
    public var categories: [String]
    /// The feed itself says this is breaking news (see `BreakingFlag`).
    public var isBreakingFlag: Bool
    /// SimHash of the title and the lead of the body; compare with `ContentFingerprint.isNearDuplicate`.
    public var fingerprint: ContentFingerprint

    /// Something to show or fetch: a title, some text or a link. Items without are left out of ingestion.
    public var hasContent: Bool { !title.isEmpty || !body.isEmpty || link != nil }

    public init(
        guid: String?, link: String?, title: String, body: String, summary: String, author: String?,
        publishedAt: Date, hasFeedDate: Bool, imageURL: String?, categories: [String],
        isBreakingFlag: Bool, fingerprint: ContentFingerprint
    ) {
        self.guid = guid
        self.link = link
        self.title = title
        self.body = body
        self.summary = summary
        self.author = author
        self.publishedAt = publishedAt
        self.hasFeedDate = hasFeedDate
        self.imageURL = imageURL
        self.categories = categories
        self.isBreakingFlag = isBreakingFlag
        self.fingerprint = fingerprint
    }
}
