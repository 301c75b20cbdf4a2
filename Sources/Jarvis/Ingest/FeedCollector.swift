import CLibXML2
import Foundation

/// The feed state machine behind the SAX callbacks: tracks where in the document we are and
/// collects raw fields into `RawChannel` / `RawItem`. Knows nothing about libxml2's callback
/// plumbing (`FeedSAXReader`) or about field precedence (`ItemAssembler`).
final class FeedCollector {
    /// Which leaf element's text is being captured.
    enum Field {
        case title, link, description, content, guid, id, pubDate, published, updated, dcDate
        case dctermsPublished, dctermsUpdated, rssAuthor, dcCreator, authorName, category, breaking
    }

    let maxItems: Int
    init(baseURL: URL?, maxItems: Int) {
        self.maxItems = maxItems
        bases = [baseURL]
    }

    // Results.
    var format: FeedFormat?
    var foreignRoot: String?
    var channel = RawChannel()
    var items: [RawItem] = []
    var itemsCapped = false
    /// Set by the reader when the collector wants parsing to end (foreign root, item cap).
    var shouldStop = false

    // Position.
    private var depth = 0
    private var bases: [URL?]
    private var item: RawItem?
    private var itemDepth = 0
    private var skipDepth = 0
    private var authorDepth = 0

    // Capture of one leaf element's text (nested elements are re-serialised as markup).
    private var capture: Field?
    private var captureDepth = 0
    private var captureKind = RawText.Kind.text
    private var buffer: [UInt8] = []

    // MARK: Events

    func startElement(localname: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?, attributes: Attributes) {
        depth += 1
        var base = bases[bases.count - 1]
        if let xmlBase = attributes.value(localname: "base", namespace: .xml) {
            base = FeedURL.base(xmlBase, relativeTo: base)
        }
        bases.append(base)

        if capture != nil {
            appendStartTag(localname, attributes)
            return
        }
        if skipDepth > 0 { return }
        let ns = FeedNamespace(uri)
        if depth == 1 {
            recognizeRoot(ns, localname)
            return
        }
        let tag = FeedTag(ns, localname)
        let inItem = item != nil
        switch tag {
        case .item, .entry:
            guard !inItem, tag == .entry ? ns.isAtom : true else { return }
            if items.count >= maxItems {
                itemsCapped = true
                shouldStop = true
                return
            }
            var fresh = RawItem()
            fresh.rdfAbout = attributes.value(localname: "about", namespace: .rdf)
            item = fresh
            itemDepth = depth
        case .image, .textInput:
            // The channel's logo and search box have their own title/link: not the channel's.
            if !inItem && format != .atom { skipDepth = depth }
        case .source:
            if inItem { skipDepth = depth }  // an Atom entry's origin feed metadata
        case .atomAuthor:
            authorDepth = depth
        case .name:
            if authorDepth > 0 { begin(.authorName, .text) }
        case .title:
            if inItem || (format == .atom ? depth == 2 : depth <= 3) {
                begin(.title, ns.isAtom ? Self.atomKind(attributes) ?? .text : .html)
            }
        case .link: begin(.link, .text)
        case .atomLink:
            let rel = attributes.value(localname: "rel", namespace: .none)
            guard rel == nil || rel == "alternate", let href = attributes.value(localname: "href", namespace: .none)
            else { return }
            let link = RawLink(href: href, base: base, type: attributes.value(localname: "type", namespace: .none))
            if inItem { item!.alternateLinks.append(link) } else { channel.alternateLinks.append(link) }
        case .description: begin(.description, .html)
        case .summary:
            if let kind = Self.atomKind(attributes) { begin(.description, kind) }
        case .content:
            if inItem, attributes.value(localname: "src", namespace: .none) == nil, let kind = Self.atomKind(attributes) {
                begin(.content, kind)
            }
        case .contentEncoded: if inItem { begin(.content, .html) }
        case .guid:
            if inItem {
                item!.guidIsPermaLink = attributes.value(localname: "isPermaLink", namespace: .none)?.lowercased() != "false"
                item!.guidBase = base
                begin(.guid, .text)
            }
        case .id: if inItem { begin(.id, .text) }
        case .pubDate: if inItem { begin(.pubDate, .text) }
        case .published: if inItem { begin(.published, .text) }
        case .updated: if inItem { begin(.updated, .text) }
        case .dcDate: if inItem { begin(.dcDate, .text) }
        case .dctermsPublished: if inItem { begin(.dctermsPublished, .text) }
        case .dctermsUpdated: if inItem { begin(.dctermsUpdated, .text) }
        case .author: if inItem { begin(.rssAuthor, .text) }
        case .dcCreator: if inItem { begin(.dcCreator, .text) }
        case .category:
            guard inItem else { return }
            if ns.isAtom {
                if let term = attributes.value(localname: "label", namespace: .none)
                    ?? attributes.value(localname: "term", namespace: .none) {
                    item!.categories.append(term)
                }
            } else {
                begin(.category, .text)
            }
        case .dcSubject: if inItem { begin(.category, .text) }
        case .breaking: if inItem { begin(.breaking, .text) }
        case .mediaContent:
            guard inItem, let url = attributes.value(localname: "url", namespace: .none) else { return }
            let type = attributes.value(localname: "type", namespace: .none)
            let medium = attributes.value(localname: "medium", namespace: .none)
            if medium == "image" || (type?.hasPrefix("image/") ?? false) || (medium == nil && type == nil && Self.looksLikeImage(url)) {
                let width = Int(attributes.value(localname: "width", namespace: .none) ?? "") ?? 0
                item!.mediaImages.append(RawLink(href: url, base: base, type: type, width: width))
            }
        case .mediaThumbnail:
            guard inItem, let url = attributes.value(localname: "url", namespace: .none) else { return }
            let width = Int(attributes.value(localname: "width", namespace: .none) ?? "") ?? 0
            item!.thumbnails.append(RawLink(href: url, base: base, width: width))
        case .enclosure:
            guard inItem, let url = attributes.value(localname: "url", namespace: .none) else { return }
            let type = attributes.value(localname: "type", namespace: .none)
            if type?.lowercased().hasPrefix("image/") ?? Self.looksLikeImage(url) {
                item!.enclosureImages.append(RawLink(href: url, base: base, type: type))
            }
        case .channel, .other:
            break
        }
    }

    func endElement(localname: UnsafePointer<xmlChar>) {
        defer {
            bases.removeLast()
            depth -= 1
        }
        if let field = capture {
            if depth == captureDepth {
                capture = nil
                commit(field, RawText(value: String(decoding: buffer, as: UTF8.self), kind: captureKind, base: bases[bases.count - 1]))
            } else if !Self.isVoid(localname) {
                buffer.append(0x3C)
                buffer.append(0x2F)
                appendCString(localname)
                buffer.append(0x3E)
            }
            return
        }
        if depth == skipDepth { skipDepth = 0; return }
        if depth == authorDepth { authorDepth = 0 }
        if depth == itemDepth, item != nil {
            items.append(item.take()!)
            itemDepth = 0
        }
    }

    func characters(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {
        guard capture != nil else { return }
        let text = UnsafeBufferPointer(start: bytes, count: count)
        if captureKind == .xhtml {
            // XHTML text is literal; escape it so the HTML parser reads it back unchanged.
            for c in text {
                switch c {
                case 0x3C: buffer.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])
                case 0x26: buffer.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])
                default: buffer.append(c)
                }
            }
        } else {
            buffer.append(contentsOf: text)
        }
    }

    // MARK: Helpers

    private func recognizeRoot(_ ns: FeedNamespace, _ name: UnsafePointer<xmlChar>) {
        if ns.isRSSCore && cEquals(name, "rss") { format = .rss }
        else if ns == .rdf && cEquals(name, "RDF") { format = .rdf }
        else if ns.isAtom && cEquals(name, "feed") { format = .atom }
        else if ns == .none && cEquals(name, "feed") { format = .atom }  // namespace-less "Atom" seen in the wild
        else {
            foreignRoot = String(cString: name)
            shouldStop = true
        }
    }

    private func begin(_ field: Field, _ kind: RawText.Kind) {
        capture = field
        captureDepth = depth
        captureKind = kind
        buffer.removeAll(keepingCapacity: true)
    }

    private func commit(_ field: Field, _ text: RawText) {
        guard item != nil else {
            switch field {
            case .title: if channel.title == nil { channel.title = text }
            case .link: if channel.link == nil { channel.link = RawLink(href: text.value, base: text.base) }
            case .authorName: channel.atomAuthors.append(Self.trimmed(text.value))
            default: break
            }
            return
        }
        // Mutate through `item!` so the arrays inside are appended to in place, not copied.
        let value = text.value
        switch field {
        case .title: item!.title = text
        case .link: if item!.link == nil { item!.link = RawLink(href: value, base: text.base) }
        case .description: if item!.description == nil { item!.description = text }
        case .content: if item!.content?.value.isEmpty ?? true { item!.content = text }
        case .guid: item!.guid = Self.trimmed(value)
        case .id: item!.atomID = Self.trimmed(value)
        case .pubDate: item!.pubDate = value
        case .published: item!.published = value
        case .updated: item!.updated = value
        case .dcDate: item!.dcDate = value
        case .dctermsPublished: item!.dctermsPublished = value
        case .dctermsUpdated: item!.dctermsUpdated = value
        case .rssAuthor: item!.rssAuthor = value
        case .dcCreator: item!.dcCreators.append(value)
        case .authorName: item!.atomAuthors.append(value)
        case .category: item!.categories.append(value)
        case .breaking: if BreakingFlag.isTrue(value) { item!.breakingElement = true }
        }
    }

    private func appendStartTag(_ name: UnsafePointer<xmlChar>, _ attributes: Attributes) {
        buffer.append(0x3C)
        appendCString(name)
        attributes.forEach { attrName, value in
            buffer.append(0x20)
            appendCString(attrName)
            buffer.append(contentsOf: [0x3D, 0x22])
            for c in value {
                switch c {
                case 0x22: buffer.append(contentsOf: Array("&quot;".utf8))
                case 0x26: buffer.append(contentsOf: Array("&amp;".utf8))
                case 0x3C: buffer.append(contentsOf: Array("&lt;".utf8))
                default: buffer.append(c)
                }
            }
            buffer.append(0x22)
        }
        buffer.append(0x3E)
    }

    private func appendCString(_ p: UnsafePointer<xmlChar>) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: p, count: strlen(UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))))
    }

    private static func isVoid(_ name: UnsafePointer<xmlChar>) -> Bool {
        cEquals(name, "br") || cEquals(name, "img") || cEquals(name, "hr") || cEquals(name, "source")
            || cEquals(name, "wbr") || cEquals(name, "input") || cEquals(name, "meta")
    }

    /// Atom text construct type → how to read it; nil for content we cannot show (binary types).
    private static func atomKind(_ attributes: Attributes) -> RawText.Kind? {
        guard let type = attributes.value(localname: "type", namespace: .none)?.lowercased() else { return .text }
        switch type {
        case "text", "text/plain": return .text
        case "html", "text/html", "escaped": return .html
        case "xhtml", "application/xhtml+xml": return .xhtml
        default: return type.hasPrefix("text/") ? .text : nil
        }
    }

    private static func looksLikeImage(_ url: String) -> Bool {
        let path = url.lowercased().split(separator: "?", maxSplits: 1).first ?? ""
        return path.hasSuffix(".jpg") || path.hasSuffix(".jpeg") || path.hasSuffix(".png") || path.hasSuffix(".gif")
            || path.hasSuffix(".webp") || path.hasSuffix(".avif")
    }

    static func trimmed(_ s: String) -> String { s.trimmedASCII }
}
