import Foundation
import Logging

/// Feed documents (RSS 0.9x/2.0, RSS 1.0/RDF, Atom 1.0 and 0.3) → `ParsedFeed`. Pure and synchronous: no
/// I/O, no shared state, safe to call from any number of tasks at once.
///
/// Broken documents: parsing continues past errors (libxml2 recovery); a document broken after its
/// root element (truncated, mis-nested) yields the items completed before the break and sets
/// `ParsedFeed.recoveredError`. A document with no recognisable root throws.
public enum FeedParser {
    public enum Limits {
        /// Bigger documents are refused unread: no real feed is this large, and it bounds memory.
        public static let maxDocumentBytes = 10 * 1024 * 1024
        /// Items after this many are ignored (`ParsedFeed.itemsCapped`).
        public static let maxItems = 1000
    }

    private static let logger = Logger(label: "jarvis.ingest.parser")

    /// Parses `data`. `baseURL` (the feed's URL) resolves relative links; `contentType` is the HTTP
    /// `Content-Type` it came with (its charset is one of the encoding clues, see `FeedEncoding`);
    /// `now` stands in for missing or future dates.
    public static func parse(data: Data, baseURL: URL?, contentType: String? = nil, now: Date) throws(FeedParseError)
        -> ParsedFeed
    {
        let result: Result<ParsedFeed, FeedParseError> = data.withUnsafeBytes { bytes in
            Result { () throws(FeedParseError) -> ParsedFeed in
                try parse(bytes: bytes, baseURL: baseURL, contentType: contentType, now: now)
            }
        }
        return try result.get()
    }

    static func parse(bytes raw: UnsafeRawBufferPointer, baseURL: URL?, contentType: String?, now: Date) throws(FeedParseError)
        -> ParsedFeed
    {
        if raw.count > Limits.maxDocumentBytes {
            throw FeedParseError(.tooLarge, "\(raw.count) bytes, limit \(Limits.maxDocumentBytes)")
        }
        let decoded = FeedEncoding.decode(raw, contentType: contentType)
        if let utf8 = decoded.utf8 {
            let result: Result<ParsedFeed, FeedParseError> = utf8.withUnsafeBytes { bytes in
                Result { () throws(FeedParseError) -> ParsedFeed in
                    try parseUTF8(bytes, encoding: decoded, baseURL: baseURL, now: now)
                }
            }
            return try result.get()
        }
        return try parseUTF8(raw, encoding: decoded, baseURL: baseURL, now: now)
    }

    /// The document as UTF-8 (libxml2 is told to ignore its `encoding=`).
    private static func parseUTF8(
        _ bytes: UnsafeRawBufferPointer, encoding: FeedEncoding.Decoded, baseURL: URL?,
        now: Date
    ) throws(FeedParseError) -> ParsedFeed {
        try precheck(bytes)
        let collector = FeedCollector(baseURL: baseURL, maxItems: Limits.maxItems)
        let reader = FeedSAXReader(collector: collector)
        if let fixed = AmpersandRepair.repaired(bytes) {
            fixed.withUnsafeBytes { reader.run($0) }
        } else {
            reader.run(bytes)
        }

        if let root = collector.foreignRoot {
            let what = root.lowercased() == "html" ? "an HTML page" : "an XML document with root <\(root)>"
            throw FeedParseError(.notAFeed, "\(what), not RSS or Atom")
        }
        guard let format = collector.format else {
            throw FeedParseError(.malformed, reader.firstError ?? "no root element")
        }

        let channel = collector.channel
        let assembler = ItemAssembler(now: now, feedAuthors: channel.atomAuthors.filter { !$0.isEmpty })
        let assembled = collector.items.map(assembler.assemble)
        let items = assembled.filter(\.hasContent)
        let leftOut = assembled.enumerated().filter { !$0.element.hasContent }.map {
            LeftOutItem(position: $0.offset, item: $0.element)
        }
        let title = (channel.title ?? channel.dcTitle).map { ItemAssembler.text($0).text } ?? ""
        var siteLink = channel.link.flatMap { FeedURL.resolve($0.href, against: $0.base) }
        if siteLink == nil {
            siteLink = channel.alternateLinks.lazy.compactMap { FeedURL.resolve($0.href, against: $0.base) }.first
        }
        if let error = reader.firstError {
            logger.debug(
                "feed parsed with errors", ["items": "\(items.count)", "errors": "\(reader.errorCount)", "first": error])
        }
        return ParsedFeed(
            format: format, title: title, siteLink: siteLink, items: items,
            recoveredError: reader.firstError, itemsCapped: collector.itemsCapped,
            leftOut: leftOut,
            encoding: encoding.encoding, encodingRepaired: encoding.repaired)
    }

    /// Cheap refusals before libxml2 sees the (UTF-8) bytes.
    private static func precheck(_ bytes: UnsafeRawBufferPointer) throws(FeedParseError) {
        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        if i == bytes.count { throw FeedParseError(.empty, "no content") }
        // HTML usually is not well-formed XML, so say what it is before libxml2 fails on it.
        let head = bytes[i..<min(bytes.count, i + 14)].map { $0 | 0x20 }
        if head.starts(with: Array("<!doctype html".utf8)) || head.starts(with: Array("<html".utf8)) {
            throw FeedParseError(.notAFeed, "an HTML page, not RSS or Atom")
        }
    }
}
