import CLibXML2
import Foundation

/// What the SAX reader feeds: the feed collector, and the OPML reader.
protocol SAXContentHandler: AnyObject {
    func startElement(localname: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?, attributes: Attributes)
    func endElement(localname: UnsafePointer<xmlChar>)
    func characters(_ bytes: UnsafePointer<xmlChar>, _ count: Int)
    /// Set when the handler wants parsing to end (foreign root, a count cap).
    var shouldStop: Bool { get }
}

/// The libxml2 SAX2 plumbing: the one place where C calls into Swift while parsing feed documents
/// (and OPML subscription lists, which get the same entity rules).
///
/// Why SAX and a hand-built handler rather than a DOM or `xmlTextReader`: no tree is built (the
/// fastest libxml2 interface), and the handler controls every entity decision —
/// - entity declarations in an internal subset are ignored (`entityDecl` is a no-op), so "billion
///   laughs" has nothing to expand and external entities (XXE) are never declared, let alone loaded;
/// - `externalSubset`, `resolveEntity` and `getParameterEntity` are absent: no DTD is ever read;
/// - undeclared names that are HTML entities (`&nbsp;`, `&eacute;`, common in RSS 0.91 feeds that
///   relied on the Netscape DTD) decode to their characters;
/// - options: `RECOVER` (keep going past errors to salvage items), `NONET`, `NOERROR`/`NOWARNING`
///   (errors come through `serror` into our log reason, nothing on stderr), `IGNORE_ENC` (the bytes
///   are already UTF-8, see `FeedEncoding`); never `NOENT`, `DTDLOAD` or `HUGE`, so libxml2's own
///   depth and size limits stay on.
/// Callbacks run synchronously on the calling thread inside `xmlParseDocument`; the collector is
/// reached through an unretained pointer that lives for the duration of `run`.
final class FeedSAXReader {
    let collector: any SAXContentHandler
    private var ctxt: xmlParserCtxtPtr?
    private var entities: [String: UnsafeMutablePointer<xmlEntity>] = [:]
    private(set) var firstError: String?
    private(set) var errorCount = 0

    init(collector: any SAXContentHandler) { self.collector = collector }

    deinit {
        for (_, entity) in entities {
            free(UnsafeMutableRawPointer(mutating: entity.pointee.name))
            free(entity.pointee.content)
            entity.deallocate()
        }
    }

    static let options = Int32(
        XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_IGNORE_ENC.rawValue)

    /// Parses the whole document, feeding `collector`.
    func run(_ bytes: UnsafeRawBufferPointer) {
        LibXML.initialize()
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
            let ctxt = xmlCreateMemoryParserCtxt(base, Int32(bytes.count))
        else { return }
        self.ctxt = ctxt
        var handler = Self.handler
        withUnsafeMutablePointer(to: &handler) { sax in
            let previous = ctxt.pointee.sax
            ctxt.pointee.sax = sax
            ctxt.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
            xmlCtxtUseOptions(ctxt, Self.options)
            xmlParseDocument(ctxt)
            // The context frees its handler; give it back the one it allocated.
            ctxt.pointee.sax = previous
        }
        if let doc = ctxt.pointee.myDoc { xmlFreeDoc(doc) }
        ctxt.pointee.myDoc = nil
        xmlFreeParserCtxt(ctxt)
        self.ctxt = nil
    }

    // MARK: Callbacks

    private static func reader(_ ctx: UnsafeMutableRawPointer?) -> FeedSAXReader {
        Unmanaged<FeedSAXReader>.fromOpaque(ctx!).takeUnretainedValue()
    }

    /// After any error libxml2 (2.9) drops every later entity reference — even `&amp;` — while
    /// `wellFormed` is 0. We already recorded the error, so re-arm it to keep salvaged text intact.
    @inline(__always) private func rearm() {
        guard let ctxt else { return }
        if ctxt.pointee.wellFormed == 0 { ctxt.pointee.wellFormed = 1 }
        if collector.shouldStop { xmlStopParser(ctxt) }
    }

    /// Only function pointers, never mutated after creation (each parse works on a copy).
    nonisolated(unsafe) private static let handler: xmlSAXHandler = {
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { ctx, localname, _, uri, _, _, attributeCount, _, attributes in
            guard let localname else { return }
            let reader = reader(ctx)
            reader.rearm()
            guard !reader.collector.shouldStop else { return }
            reader.collector.startElement(
                localname: localname, uri: uri, attributes: Attributes(raw: attributes, count: Int(attributeCount)))
            if reader.collector.shouldStop, let ctxt = reader.ctxt { xmlStopParser(ctxt) }
        }
        sax.endElementNs = { ctx, localname, _, _ in
            guard let localname else { return }
            let reader = reader(ctx)
            guard !reader.collector.shouldStop else { return }
            reader.collector.endElement(localname: localname)
        }
        sax.characters = { ctx, bytes, count in
            guard let bytes, count > 0 else { return }
            let reader = reader(ctx)
            reader.rearm()
            reader.collector.characters(bytes, Int(count))
        }
        sax.cdataBlock = sax.characters
        sax.getEntity = { ctx, name in
            guard let name else { return nil }
            return reader(ctx).htmlEntity(name)
        }
        sax.getParameterEntity = { _, _ in nil }
        sax.entityDecl = { _, _, _, _, _, _ in }
        sax.internalSubset = { _, _, _, _ in }
        sax.serror = { ctx, error in
            guard let ctx, let error else { return }
            let reader = reader(ctx)
            reader.errorCount += 1
            if reader.firstError == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue {
                let message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
                reader.firstError =
                    "line \(error.pointee.line): "
                    + message.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        return sax
    }()

    /// An HTML named entity presented to libxml2 as a predefined entity, so it is inlined as text.
    private func htmlEntity(_ name: UnsafePointer<xmlChar>) -> xmlEntityPtr? {
        guard let desc = htmlEntityLookup(name) else { return nil }
        let key = String(cString: name)
        let entity: UnsafeMutablePointer<xmlEntity>
        if let cached = entities[key] {
            entity = cached
        } else {
            guard let scalar = Unicode.Scalar(desc.pointee.value) else { return nil }
            var utf8 = Array(String(Character(scalar)).utf8)
            let length = utf8.count
            utf8.append(0)
            entity = .allocate(capacity: 1)
            entity.initialize(to: xmlEntity())
            entity.pointee.type = XML_ENTITY_DECL
            entity.pointee.etype = XML_INTERNAL_PREDEFINED_ENTITY
            entity.pointee.name = UnsafePointer(
                strdup(key).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: xmlChar.self) })
            entity.pointee.content = utf8.withUnsafeBufferPointer { buf in
                let copy = UnsafeMutablePointer<xmlChar>.allocate(capacity: buf.count)
                copy.initialize(from: buf.baseAddress!, count: buf.count)
                return copy
            }
            entity.pointee.length = Int32(length)
            entities[key] = entity
        }
        // In attribute values libxml2 copies only the first byte of a predefined entity: only
        // single-byte ones are safe there (the rest are dropped rather than corrupted).
        if let ctxt, ctxt.pointee.instate == XML_PARSER_ATTRIBUTE_VALUE, entity.pointee.length > 1 { return nil }
        return entity
    }
}

/// SAX2 attributes: `count` groups of (localname, prefix, URI, value start, value end).
struct Attributes {
    let raw: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The decoded value of one attribute. libxml2 hands `&amp;` in attribute values to SAX2 users
    /// as `&#38;`; that is undone here.
    func value(localname: StaticString, namespace: FeedNamespace) -> String? {
        guard let raw else { return nil }
        for i in 0..<count {
            guard let name = raw[5 * i], cEquals(name, localname) else { continue }
            if namespace == .none ? raw[5 * i + 2] != nil : FeedNamespace(raw[5 * i + 2]) != namespace { continue }
            return Self.decode(bytes(i))
        }
        return nil
    }

    func forEach(_ body: (UnsafePointer<xmlChar>, [UInt8]) -> Void) {
        guard let raw else { return }
        for i in 0..<count {
            guard let name = raw[5 * i] else { continue }
            body(name, Array(Self.decode(bytes(i)).utf8))
        }
    }

    private func bytes(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        guard let raw, let start = raw[5 * i + 3], let end = raw[5 * i + 4] else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: start, count: end - start)
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let s = String(decoding: bytes, as: UTF8.self)
        return bytes.contains(0x26) ? s.replacingOccurrences(of: "&#38;", with: "&") : s
    }
}
