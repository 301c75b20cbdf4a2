import CLibXML2
import Foundation

/// The feed state machine behind the SAX callbacks: tracks where in the document we are and
/// collects raw fields into `RawChannel` / `RawItem`. Knows nothing about libxml2's callback
/// plumbing (`FeedSAXReader`) or about field precedence (`ItemAssembler`).
final class FeedCollector: SAXContentHandler {
    /// Which leaf element's text is being captured.
    enum Field {
        case title, link, description, content, guid, id, pubDate, published, updated, dcDate
        case dctermsPublished, dctermsUpdated, rssAuthor, dcCreator, authorName, category, breaking
        case dcTitle, mediaTitle, dcDescription, itunesSummary, mediaDescription, legacyBody, dcAuthor, itunesAuthor
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
    /// The captured text is base64 (Atom 0.3 `mode="base64"`, Atom 1.0 content of a binary type).
    private var captureBase64 = false
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
        // An item's own fields are its direct children: a `<title>` inside an `<image>`, a
        // `<source>` or any extension element belongs to that element, not to the item.
        let direct = inItem && depth == itemDepth + 1
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
            if inItem ? direct : (format == .atom ? depth == 2 : depth <= 3) {
                if ns.isAtom {
                    if case (let kind, let base64)? = Self.atomKind(attributes, ns) { begin(.title, kind, base64: base64) }
                } else {
                    begin(.title, .html)
                }
            }
        case .link: if !inItem || direct { begin(.link, .text) }
        case .atomLink:
            guard !inItem || direct else { return }
            let rel = attributes.value(localname: "rel", namespace: .none)
            guard rel == nil || rel == "alternate" else { return }
            guard let href = attributes.value(localname: "href", namespace: .none) else {
                // Atom 0.3 feeds in the wild give the URL as the element's text.
                begin(.link, .text)
                return
            }
            let link = RawLink(href: href, base: base, type: attributes.value(localname: "type", namespace: .none))
            if inItem { item!.alternateLinks.append(link) } else { channel.alternateLinks.append(link) }
        case .description: if !inItem || direct { begin(.description, .html) }
        case .summary:
            if direct, case (let kind, let base64)? = Self.atomKind(attributes, ns) { begin(.description, kind, base64: base64) }
        case .content:
            if direct, attributes.value(localname: "src", namespace: .none) == nil,
                case (let kind, let base64)? = Self.atomKind(attributes, ns)
            {
                begin(.content, kind, base64: base64)
            }
        case .contentEncoded: if direct { begin(.content, .html) }
        case .legacyBody: if direct { begin(.legacyBody, ns == .xhtml ? .xhtml : .html) }
        case .dcTitle: if direct || (!inItem && depth <= 3) { begin(.dcTitle, .html) }
        case .dcDescription: if direct { begin(.dcDescription, .html) }
        case .dcAuthor: if direct { begin(.dcAuthor, .text) }
        case .itunesAuthor: if direct { begin(.itunesAuthor, .text) }
        case .itunesSummary: if direct { begin(.itunesSummary, .html) }
        // Inside `media:group` / `media:content` as often as directly in the item.
        case .mediaTitle: if inItem { begin(.mediaTitle, Self.mediaKind(attributes)) }
        case .mediaDescription: if inItem { begin(.mediaDescription, Self.mediaKind(attributes)) }
        case .guid:
            if direct {
                item!.guidIsPermaLink = attributes.value(localname: "isPermaLink", namespace: .none)?.lowercased() != "false"
                item!.guidBase = base
                begin(.guid, .text)
            }
        case .id: if direct { begin(.id, .text) }
        case .pubDate: if inItem { begin(.pubDate, .text) }
        case .published: if inItem { begin(.published, .text) }
        case .updated: if inItem { begin(.updated, .text) }
        case .dcDate: if inItem { begin(.dcDate, .text) }
        case .dctermsPublished: if inItem { begin(.dctermsPublished, .text) }
        case .dctermsUpdated: if inItem { begin(.dctermsUpdated, .text) }
        case .author: if direct { begin(.rssAuthor, .text) }
        case .dcCreator: if inItem { begin(.dcCreator, .text) }
        case .category:
            guard inItem else { return }
            if ns.isAtom {
                if let term = attributes.value(localname: "label", namespace: .none)
                    ?? attributes.value(localname: "term", namespace: .none)
                {
                    item!.categories.append(term)
                }
            } else {
                begin(.category, .text)
            }
        case .dcSubject: if inItem { begin(.category, .text) }
        case .itunesCategory:
            // A podcast category is named by its `text` attribute; a nested one (a subcategory) adds its own.
            guard inItem, let name = attributes.value(localname: "text", namespace: .none) else { return }
            item!.categories.append(name)
        case .breaking: if inItem { begin(.breaking, .text) }
        case .mediaContent:
            guard inItem, let url = attributes.value(localname: "url", namespace: .none) else { return }
            let type = attributes.value(localname: "type", namespace: .none)
            let medium = attributes.value(localname: "medium", namespace: .none)
            if medium == "image" || (type?.hasPrefix("image/") ?? false)
                || (medium == nil && type == nil && Self.looksLikeImage(url))
            {
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
                if let value = capturedText() {
                    commit(field, RawText(value: value, kind: captureKind, base: bases[bases.count - 1]))
                }
            } else if !Self.isVoid(localname) {
                buffer.append(0x3C)
                buffer.append(0x2F)
                appendCString(localname)
                buffer.append(0x3E)
            }
            return
        }
        if depth == skipDepth {
            skipDepth = 0
            return
        }
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
        if ns.isRSSCore && cEquals(name, "rss") {
            format = .rss
        } else if ns == .rdf && cEquals(name, "RDF") {
            format = .rdf
        } else if ns.isAtom && cEquals(name, "feed") {
            format = .atom
        } else if ns == .none && cEquals(name, "feed") {
            format = .atom
        }  // namespace-less "Atom" seen in the wild
        else {
            foreignRoot = String(cString: name)
            shouldStop = true
        }
    }

    private func begin(_ field: Field, _ kind: RawText.Kind, base64: Bool = false) {
        capture = field
        captureDepth = depth
        captureKind = kind
        captureBase64 = base64
        buffer.removeAll(keepingCapacity: true)
    }

    /// The captured text, base64-decoded when it was base64; nil for bytes that are not text
    /// (an image carried inline has nothing to show).
    private func capturedText() -> String? {
        guard captureBase64 else { return String(decoding: buffer, as: UTF8.self) }
        guard let data = Data(base64Encoded: Data(buffer), options: .ignoreUnknownCharacters) else { return nil }
        let bytes = [UInt8](data)
        guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else { return nil }
        return text
    }

    private func commit(_ field: Field, _ text: RawText) {
        guard item != nil else {
            switch field {
            case .title: if channel.title == nil { channel.title = text }
            case .dcTitle: if channel.dcTitle == nil { channel.dcTitle = text }
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
        case .dcTitle: if item!.dcTitle == nil { item!.dcTitle = text }
        case .mediaTitle: if item!.mediaTitle == nil { item!.mediaTitle = text }
        case .dcDescription: if item!.dcDescription == nil { item!.dcDescription = text }
        case .itunesSummary: if item!.itunesSummary == nil { item!.itunesSummary = text }
        case .mediaDescription: if item!.mediaDescription == nil { item!.mediaDescription = text }
        case .legacyBody: if item!.legacyBody?.value.isEmpty ?? true { item!.legacyBody = text }
        case .dcAuthor: item!.dcAuthors.append(value)
        case .itunesAuthor: if item!.itunesAuthor == nil { item!.itunesAuthor = value }
        }
    }

    private func appendStartTag(_ name: UnsafePointer<xmlChar>, _ attributes: Attributes) {
        buffer.append(0x3C)
        appendCString(name)
        // swift-format-ignore: ReplaceForEachWithForLoop
        // (Attributes is libxml2's attribute array, not a Sequence.)
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
        buffer.append(
            contentsOf: UnsafeBufferPointer(start: p, count: strlen(UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))))
    }

    private static func isVoid(_ name: UnsafePointer<xmlChar>) -> Bool {
        cEquals(name, "br") || cEquals(name, "img") || cEquals(name, "hr") || cEquals(name, "source")
            || cEquals(name, "wbr") || cEquals(name, "input") || cEquals(name, "meta")
    }

    /// An Atom text construct's `type` (and Atom 0.3's `mode`) → how to read it and whether the
    /// text is base64. Atom 1.0 (RFC 4287 §4.1.3.3): `text`/`html`/`xhtml`, any `text/*` is text,
    /// an XML type is inline markup, every other type is base64. Atom 0.3: `mode` is `xml`
    /// (default), `escaped` or `base64`; `type` a MIME type, default `text/plain`. An empty `type` is
    /// read as absent (text), not as an unknown type (base64).
    private static func atomKind(_ attributes: Attributes, _ ns: FeedNamespace) -> (RawText.Kind, Bool)? {
        let type = attributes.value(localname: "type", namespace: .none)?.trimmedASCII.lowercased()
        let mode = ns == .atom03 ? attributes.value(localname: "mode", namespace: .none)?.lowercased() : nil
        let base64 = mode == "base64"
        switch type {
        case nil, "", "text", "text/plain": return (mode == "escaped" ? .html : .text, base64)
        case "html", "text/html", "escaped": return (.html, base64)
        case "xhtml", "application/xhtml+xml": return (mode == "escaped" ? .html : .xhtml, base64)
        case let type?:
            let essence = type.split(separator: ";").first.map(String.init) ?? type
            let isHTML = essence.contains("html")
            if base64 || essence.hasPrefix("text/") { return (isHTML ? .html : .text, base64) }
            if essence.hasSuffix("+xml") || essence.hasSuffix("/xml") { return (.xhtml, false) }
            if ns == .atom03 { return (mode == "escaped" ? .html : .xhtml, false) }
            return (isHTML ? .html : .text, true)
        }
    }

    /// Media RSS `type="plain"` (default) or `"html"`.
    private static func mediaKind(_ attributes: Attributes) -> RawText.Kind {
        attributes.value(localname: "type", namespace: .none)?.lowercased() == "html" ? .html : .text
    }

    private static func looksLikeImage(_ url: String) -> Bool {
        let path = url.lowercased().split(separator: "?", maxSplits: 1).first ?? ""
        return path.hasSuffix(".jpg") || path.hasSuffix(".jpeg") || path.hasSuffix(".png") || path.hasSuffix(".gif")
            || path.hasSuffix(".webp") || path.hasSuffix(".avif")
    }

    static func trimmed(_ s: String) -> String { s.trimmedASCII }
}
