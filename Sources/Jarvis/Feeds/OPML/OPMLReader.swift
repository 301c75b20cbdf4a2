import CLibXML2
import Foundation

/// OPML subscription lists (what feed readers import and export) → the feeds listed in them.
///
/// Every `<outline>` with an `xmlUrl` (or a `type` of `rss`/`atom`) is a feed, at any depth:
/// outlines without one are folders. Read with the feed parser's SAX reader, so the same
/// entity rules hold (no DTD, no external or internal entities), after the same encoding
/// sniffing (`FeedEncoding`).
public enum OPMLReader {
    /// One feed outline as written; `FeedImport` validates it.
    public struct Outline: Sendable, Equatable {
        /// `xmlUrl`; nil when a feed-typed outline has none.
        public var url: String?
        /// `title`, else `text`; nil when both are missing or blank.
        public var name: String?

        public init(url: String?, name: String?) {
            self.url = url
            self.name = name
        }
    }

    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable { case notOPML, tooManyOutlines }
        public let kind: Kind
        public let reason: String
        public var description: String { reason }
    }

    /// Reads at most `maxFeeds` feed outlines (more is an error: nothing is half-imported) among
    /// at most `maxOutlines` outlines in all.
    public static func read(_ data: Data, maxFeeds: Int, maxOutlines: Int = 20_000) throws(ReadError) -> [Outline] {
        let collector = OPMLCollector(maxFeeds: maxFeeds, maxOutlines: maxOutlines)
        let firstError: String? = data.withUnsafeBytes { raw in
            let decoded = FeedEncoding.decode(raw, contentType: nil)
            let reader = FeedSAXReader(collector: collector)
            if let utf8 = decoded.utf8 { utf8.withUnsafeBytes { reader.run($0) } } else { reader.run(raw) }
            return reader.firstError
        }
        if collector.tooMany {
            throw ReadError(
                kind: .tooManyOutlines,
                reason: "more than \(maxFeeds) feeds (or \(maxOutlines) outlines) in one OPML document")
        }
        guard collector.sawRoot else {
            throw ReadError(kind: .notOPML, reason: firstError.map { "not XML: \($0)" } ?? "no <opml> root element")
        }
        return collector.outlines
    }
}

/// Collects feed outlines from the SAX events of an OPML document.
final class OPMLCollector: SAXContentHandler {
    let maxFeeds: Int
    let maxOutlines: Int
    var outlines: [OPMLReader.Outline] = []
    var sawRoot = false
    var tooMany = false
    var shouldStop = false
    private var depth = 0
    private var outlineCount = 0

    init(maxFeeds: Int, maxOutlines: Int) {
        self.maxFeeds = maxFeeds
        self.maxOutlines = maxOutlines
    }

    func startElement(localname: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?, attributes: Attributes) {
        depth += 1
        if depth == 1 {
            if cEquals(localname, "opml") { sawRoot = true } else { shouldStop = true }
            return
        }
        guard cEquals(localname, "outline") else { return }
        outlineCount += 1
        func attribute(_ name: StaticString) -> String? {
            attributes.value(localname: name, namespace: .none)?.trimmedASCII
        }
        let url = attribute("xmlUrl") ?? attribute("xmlURL") ?? attribute("xmlurl")
        let type = attribute("type")?.lowercased()
        guard url != nil || type == "rss" || type == "atom" else {
            if outlineCount > maxOutlines { stop() }
            return
        }
        let name = [attribute("title"), attribute("text")].lazy.compactMap { $0 }.first { !$0.isEmpty }
        outlines.append(.init(url: url.flatMap { $0.isEmpty ? nil : $0 }, name: name))
        if outlines.count > maxFeeds || outlineCount > maxOutlines { stop() }
    }

    func endElement(localname: UnsafePointer<xmlChar>) { depth -= 1 }

    func characters(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {}

    private func stop() {
        tooMany = true
        shouldStop = true
    }
}
