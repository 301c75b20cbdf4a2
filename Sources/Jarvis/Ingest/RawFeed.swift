import Foundation

/// Element text as found in the document, before cleaning: how to read it and the `xml:base`
/// in effect where it was found (relative links and `<img src>` resolve against it).
struct RawText {
    enum Kind { case html, text, xhtml }
    var value: String
    var kind: Kind
    var base: URL?
}

/// A URL-bearing attribute or element with the base it must resolve against.
struct RawLink {
    var href: String
    var base: URL?
    var type: String?
    var width: Int = 0
}

/// Everything the collector saw for one item/entry; `ItemAssembler` applies the precedence rules.
struct RawItem {
    var title: RawText?
    var link: RawLink?
    var alternateLinks: [RawLink] = []
    var guid: String?
    var guidIsPermaLink = true
    var guidBase: URL?
    var atomID: String?
    var rdfAbout: String?
    var description: RawText?
    var content: RawText?
    var pubDate: String?
    var published: String?
    var updated: String?
    var dcDate: String?
    var dctermsPublished: String?
    var dctermsUpdated: String?
    var rssAuthor: String?
    var dcCreators: [String] = []
    var atomAuthors: [String] = []
    var categories: [String] = []
    var mediaImages: [RawLink] = []
    var thumbnails: [RawLink] = []
    var enclosureImages: [RawLink] = []
    var breakingElement = false
    // Fallbacks, first of each kept (see `ItemAssembler` for the order they are used in).
    var dcTitle: RawText?
    var mediaTitle: RawText?
    var dcDescription: RawText?
    var itunesSummary: RawText?
    var mediaDescription: RawText?
    var legacyBody: RawText?
    var dcAuthors: [String] = []
    var itunesAuthor: String?
}

/// Channel-level fields.
struct RawChannel {
    var title: RawText?
    /// `dc:title`, the title when the channel has no core one.
    var dcTitle: RawText?
    var link: RawLink?
    var alternateLinks: [RawLink] = []
    var atomAuthors: [String] = []
}
