import Foundation

/// Turns a fetched document into storable items. The poller depends on this protocol; the
/// libxml2 feed parser is its production implementation.
public protocol FeedDocumentParsing: Sendable {
    func articles(from document: Data, feedURL: URL, now: Date) throws -> [IncomingArticle]
}
