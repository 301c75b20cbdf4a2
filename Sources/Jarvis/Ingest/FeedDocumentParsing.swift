import Foundation

/// Turns a fetched document into storable items. The poller depends on this protocol; the
/// libxml2 feed parser is its production implementation.
public protocol FeedDocumentParsing: Sendable {
    func articles(from document: Data, feedURL: URL, now: Date) throws -> [IncomingArticle]
    /// With the HTTP `Content-Type` the document came with (its charset is an encoding clue).
    func articles(from document: Data, feedURL: URL, contentType: String?, now: Date) throws -> [IncomingArticle]
}

extension FeedDocumentParsing {
    /// Parsers that need no encoding clue implement only the short form.
    public func articles(from document: Data, feedURL: URL, contentType: String?, now: Date) throws -> [IncomingArticle] {
        try articles(from: document, feedURL: feedURL, now: now)
    }
}
