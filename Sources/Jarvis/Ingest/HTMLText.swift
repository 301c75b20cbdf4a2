import CLibXML2
import Foundation

/// HTML → readable plain text, through libxml2's HTML parser (never regexes): the parser copes
/// with tag soup and decodes entities; we walk its tree.
///
/// Rules: `script`, `style`, `noscript`, `svg`, `form`, `nav` (and other non-content elements) are
/// dropped with their contents; `iframe`, `object`, `video`, `audio` are dropped with their fallback
/// content only when the fragment closes them — libxml2 makes everything after an unclosed one its
/// child, and that is the article's text; `embed` is void (its "children" are what follows it);
/// paragraphs, headings, blockquotes, lists, tables and
/// figures are separated by a blank line; `br`, `li`, `div`, `tr`, `dt`/`dd` start a new line;
/// all other whitespace (including U+00A0) collapses to one space; the result is trimmed.
public enum HTMLText {
    public struct Extraction: Sendable, Equatable {
        public var text: String
        /// `src` of the first content `<img>` (not a data: URI or a 1×1 tracking pixel), absolute.
        public var firstImage: String?
    }

    /// Plain text of an HTML fragment (also decodes entities in text that is otherwise plain).
    public static func plainText(_ html: String) -> String { extract(html, base: nil, wantImage: false).text }

    /// Text and first image of an HTML fragment; relative `src` values resolve against `base`.
    public static func extract(_ html: String, base: URL?, wantImage: Bool = true) -> Extraction {
        var html = html
        return html.withUTF8 { bytes in
            // Plain text (most titles): no markup and no entities, so no parser.
            let markup = bytes.contains(0x3C)
            if !markup && !bytes.contains(0x26) {
                var out = TextBuilder(keepsParagraphs: true)
                out.appendText(bytes)
                return Extraction(text: out.finish(), firstImage: nil)
            }
            return parse(bytes, base: base, wantImage: wantImage, keepsParagraphs: !markup)
        }
    }

    private static let options = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue)

    private static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, base: URL?, wantImage: Bool, keepsParagraphs: Bool
    ) -> Extraction {
        LibXML.initialize()
        let doc = bytes.withMemoryRebound(to: CChar.self) { chars in
            htmlReadMemory(chars.baseAddress, Int32(chars.count), nil, "UTF-8", options)
        }
        guard let doc else { return Extraction(text: "", firstImage: nil) }
        defer { xmlFreeDoc(doc) }

        var out = TextBuilder(keepsParagraphs: keepsParagraphs)
        var image: String?
        var lookForImage = wantImage
        var closedEmbeds: [String: Bool] = [:]  // asked only when such an element occurs
        var node = doc.pointee.children
        while let current = node {
            var descend = false
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content {
                    out.appendText(UnsafeBufferPointer(start: content, count: Int(strlen(content))))
                }
            case XML_ELEMENT_NODE:
                let kind = ElementKind(current.pointee.name)
                switch kind {
                case .dropped:
                    break
                case .embedded:
                    let name = String(cString: current.pointee.name)
                    let closed: Bool
                    if let known = closedEmbeds[name] {
                        closed = known
                    } else {
                        closed = Self.containsClosingTag(bytes, name)
                        closedEmbeds[name] = closed
                    }
                    descend = !closed
                case .image:
                    if lookForImage, let src = imageSource(current) {
                        image = FeedURL.resolve(src, against: base)
                        if image != nil { lookForImage = false }
                    }
                case .paragraph, .line:
                    out.requestBreak(kind == .paragraph ? 2 : 1)
                    descend = true
                case .lineBreak:
                    out.addLineBreak()
                case .cell:
                    out.requestSpace()
                    descend = true
                case .inline:
                    descend = true
                }
            case XML_HTML_DOCUMENT_NODE, XML_DOCUMENT_FRAG_NODE:
                descend = true
            default:
                break
            }
            if descend, let child = current.pointee.children {
                node = child
                continue
            }
            // Next sibling, climbing back up (and closing block elements) as needed.
            var climb: xmlNodePtr? = current
            node = nil
            while let c = climb {
                if c.pointee.type == XML_ELEMENT_NODE {
                    let kind = ElementKind(c.pointee.name)
                    if kind == .paragraph || kind == .line { out.requestBreak(kind == .paragraph ? 2 : 1) }
                    if kind == .cell { out.requestSpace() }
                }
                if let next = c.pointee.next {
                    node = next
                    break
                }
                climb = c.pointee.parent
                if climb == nil || climb!.pointee.type == XML_HTML_DOCUMENT_NODE { break }
            }
        }
        return Extraction(text: out.finish(), firstImage: image)
    }

    /// Whether `</name` occurs in the fragment (ASCII case-insensitive).
    private static func containsClosingTag(_ bytes: UnsafeBufferPointer<UInt8>, _ name: String) -> Bool {
        let needle = Array("</\(name)".utf8)
        guard bytes.count >= needle.count else { return false }
        var i = 0
        while i + needle.count <= bytes.count {
            if bytes[i] == 0x3C, bytes[i + 1] == 0x2F {
                var k = 2
                while k < needle.count, bytes[i + k] | 0x20 == needle[k] { k += 1 }
                if k == needle.count { return true }
            }
            i += 1
        }
        return false
    }

    private static func imageSource(_ node: xmlNodePtr) -> String? {
        func attribute(_ name: String) -> String? {
            guard let value = xmlGetProp(node, name) else { return nil }
            defer { jarvis_xmlFree(value) }
            return String(cString: value)
        }
        if attribute("width") == "1" || attribute("height") == "1" { return nil }
        guard let src = attribute("src") ?? attribute("data-src") else { return nil }
        if src.hasPrefix("data:") { return nil }
        return src
    }

    enum ElementKind {
        case inline, paragraph, line, cell, lineBreak, image, dropped
        /// Dropped with its fallback content when closed; read through when left open.
        case embedded

        /// Classified from the C name without making a Swift string (this runs for every node).
        init(_ name: UnsafePointer<xmlChar>?) {
            guard let n = name else {
                self = .inline
                return
            }
            switch n[0] {
            case 0x61:  // a
                self =
                    cEquals(n, "article") || cEquals(n, "aside") || cEquals(n, "address")
                    ? .paragraph
                    : cEquals(n, "audio") ? .embedded : .inline
            case 0x62:  // b
                self =
                    cEquals(n, "br")
                    ? .lineBreak : cEquals(n, "blockquote") ? .paragraph : cEquals(n, "button") ? .dropped : .inline
            case 0x63:  // c
                self = cEquals(n, "caption") || cEquals(n, "center") ? .line : cEquals(n, "canvas") ? .dropped : .inline
            case 0x64:  // d
                self = cEquals(n, "div") || cEquals(n, "dt") || cEquals(n, "dd") ? .line : cEquals(n, "dl") ? .paragraph : .inline
            case 0x65: self = .inline  // `embed` included: void, nothing of its own to drop
            case 0x66:  // f
                self =
                    cEquals(n, "form")
                    ? .dropped
                    : cEquals(n, "figure") || cEquals(n, "footer")
                        ? .paragraph
                        : cEquals(n, "figcaption") ? .line : .inline
            case 0x68:  // h
                if n[1] >= 0x31, n[1] <= 0x36, n[2] == 0 {
                    self = .paragraph
                } else {
                    self = cEquals(n, "head") ? .dropped : cEquals(n, "header") || cEquals(n, "hr") ? .paragraph : .inline
                }
            case 0x69:
                self = cEquals(n, "img") ? .image : cEquals(n, "iframe") ? .embedded : cEquals(n, "input") ? .dropped : .inline
            case 0x6C: self = cEquals(n, "li") ? .line : .inline
            case 0x6D: self = cEquals(n, "main") ? .paragraph : cEquals(n, "math") || cEquals(n, "map") ? .dropped : .inline
            case 0x6E: self = cEquals(n, "nav") || cEquals(n, "noscript") ? .dropped : .inline
            case 0x6F: self = cEquals(n, "ol") ? .paragraph : cEquals(n, "object") ? .embedded : .inline
            case 0x70: self = cEquals(n, "p") || cEquals(n, "pre") ? .paragraph : .inline
            case 0x73:  // s
                self =
                    cEquals(n, "script") || cEquals(n, "style") || cEquals(n, "svg") || cEquals(n, "select")
                    ? .dropped
                    : cEquals(n, "section") ? .paragraph : .inline
            case 0x74:  // t
                self =
                    cEquals(n, "td") || cEquals(n, "th")
                    ? .cell
                    : cEquals(n, "tr")
                        ? .line
                        : cEquals(n, "table")
                            ? .paragraph
                            : cEquals(n, "template") || cEquals(n, "textarea") ? .dropped : .inline
            case 0x75: self = cEquals(n, "ul") ? .paragraph : .inline
            case 0x76: self = cEquals(n, "video") ? .embedded : .inline
            default: self = .inline
            }
        }
    }
}

/// Collapses whitespace and places line breaks lazily, so no break or space is ever leading,
/// trailing or doubled.
struct TextBuilder {
    private var bytes: [UInt8] = []
    private var pendingBreak = 0
    private var pendingSpace = false
    /// Text without markup (a plain description, an Atom `type="text"` body): a blank line is the only mark of a
    /// paragraph its writer has, so it stays one; a single line break stays after a short line (a byline, a
    /// stamp: `shortLine` bytes at most) or a sentence's end unless a lower-case word follows, and elsewhere is a
    /// wrapped line and collapses.
    private let keepsParagraphs: Bool
    private var lineStart = 0
    static let shortLine = 48

    init(keepsParagraphs: Bool = false) {
        self.keepsParagraphs = keepsParagraphs
    }

    mutating func requestBreak(_ level: Int) {
        pendingBreak = max(pendingBreak, level)
        pendingSpace = false
    }

    /// Table cells are words apart even when the markup has no whitespace between them.
    mutating func requestSpace() {
        if pendingBreak == 0 { pendingSpace = true }
    }

    /// `<br>` adds up: `<br><br>` separates paragraphs.
    mutating func addLineBreak() {
        pendingBreak = min(2, pendingBreak + 1)
        pendingSpace = false
    }

    mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else { return }
        let n = text.count
        bytes.reserveCapacity(bytes.count + n)
        var i = 0
        while i < n {
            // Skip a run of whitespace (ASCII or U+00A0).
            var lineBreaks = 0
            while i < n {
                let c = base[i]
                if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D || c == 0x0C {
                    pendingSpace = true
                    if c == 0x0A { lineBreaks += 1 }
                    i += 1
                } else if c == 0xC2, i + 1 < n, base[i + 1] == 0xA0 {
                    pendingSpace = true
                    i += 2
                } else {
                    break
                }
            }
            guard i < n else { break }
            if keepsParagraphs && lineBreaks >= 2 {
                pendingBreak = 2
            } else if keepsParagraphs && lineBreaks == 1 && !(0x61...0x7A).contains(base[i])
                && (bytes.count - lineStart <= Self.shortLine || endsSentence)
            {
                pendingBreak = max(pendingBreak, 1)
            }
            // Copy the following run of non-whitespace in one go.
            let start = i
            while i < n {
                let c = base[i]
                if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D || c == 0x0C
                    || (c == 0xC2 && i + 1 < n && base[i + 1] == 0xA0)
                {
                    break
                }
                i += 1
            }
            if !bytes.isEmpty {
                if pendingBreak > 0 {
                    bytes.append(0x0A)
                    if pendingBreak == 2 { bytes.append(0x0A) }
                    lineStart = bytes.count
                } else if pendingSpace {
                    bytes.append(0x20)
                }
            }
            pendingBreak = 0
            pendingSpace = false
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: i - start))
        }
    }

    /// The text so far ends with a sentence's last mark (".", "!", "?", a closing quotation mark).
    private var endsSentence: Bool {
        guard let last = bytes.last else { return false }
        if last == 0x2E || last == 0x21 || last == 0x3F || last == 0x22 { return true }
        // ” is E2 80 9D in UTF-8.
        return last == 0x9D && bytes.count >= 3 && bytes[bytes.count - 2] == 0x80 && bytes[bytes.count - 3] == 0xE2
    }

    mutating func finish() -> String {
        if let repaired = bytes.withUnsafeBytes(Self.c1Repaired) { bytes = repaired }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// U+0080–U+009F (C1 controls) never mean themselves in a feed: they are windows-1252 bytes
    /// that went through a Latin-1 decoder on the publisher's side ("don\u{92}t" for "don’t").
    /// Each becomes its windows-1252 character (the five bytes windows-1252 leaves undefined stay).
    /// They arrive as raw bytes and as references (`&#146;`), so the repair is made on the text.
    /// Nil when there is nothing to repair (no copy). `bytes` is UTF-8: 0xC2 is always a lead byte.
    static func c1Repaired(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let base = bytes.baseAddress else { return nil }
        let n = bytes.count
        var out: [UInt8]?
        var copied = 0
        var i = 0
        while i + 1 < n, let hit = memchr(base + i, 0xC2, n - i - 1) {
            i = base.distance(to: UnsafeRawPointer(hit))
            let next = bytes[i + 1]
            if next >= 0x80 && next <= 0x9F {
                let mapped = Windows1252.utf8(of: next)
                if mapped != Windows1252.replacement {
                    if out == nil { out = []; out!.reserveCapacity(n + 64) }
                    out!.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[copied..<i]))
                    out!.append(contentsOf: mapped)
                    copied = i + 2
                }
            }
            i += 2
        }
        guard var out else { return nil }
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[copied..<n]))
        return out
    }
}
