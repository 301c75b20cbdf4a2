import Foundation

/// Reads the bundled offline samples as if they were live: the items of documents served under
/// the samples' address are moved by one shift (now − the samples' anchor when the server
/// started, in whole minutes, as the samples' README specifies), never past the moment of the
/// poll, so their newest story is current. Every other document passes through untouched.
/// The dates are moved after parsing, not rewritten in the files: the samples' deliberately
/// varied date formats are part of what they exercise.
public struct SampleFeedParser: FeedDocumentParsing {
    let base: any FeedDocumentParsing
    /// `http://127.0.0.1:8080/samples/`
    let samplesPrefix: String
    let shiftSeconds: Int

    public init(base: any FeedDocumentParsing, samplesPrefix: String, shiftSeconds: Int) {
        self.base = base
        self.samplesPrefix = samplesPrefix
        self.shiftSeconds = shiftSeconds
    }

    /// The shift that makes `anchor` (the samples' newest moment) `now`, in whole minutes.
    public static func shift(anchor: Date?, now: Date) -> Int {
        anchor.map { Int(now.timeIntervalSince($0)) / 60 * 60 } ?? 0
    }

    public func articles(from document: Data, feedURL: URL, now: Date) throws -> [IncomingArticle] {
        try articles(from: document, feedURL: feedURL, contentType: nil, now: now)
    }

    public func articles(from document: Data, feedURL: URL, contentType: String?, now: Date) throws -> [IncomingArticle] {
        let items = try base.articles(from: document, feedURL: feedURL, contentType: contentType, now: now)
        guard shiftSeconds != 0, feedURL.absoluteString.hasPrefix(samplesPrefix) else { return items }
        return items.map { item in
            var moved = item
            moved.publishedAt = min(now, item.publishedAt.addingTimeInterval(TimeInterval(shiftSeconds)))
            return moved
        }
    }
}
