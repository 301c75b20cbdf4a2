import CLibXML2
import Foundation

/// The feed list as an OPML 2.0 subscription list, written with libxml2's `xmlTextWriter` (it
/// does the escaping): one `<outline type="rss" text title xmlUrl>` per feed, in list order.
public enum OPMLWriter {
    public static func document(_ feeds: [Feed], title: String, now: Date) -> Data {
        LibXML.initialize()
        guard let buffer = xmlBufferCreate() else { return Data() }
        defer { xmlBufferFree(buffer) }
        guard let raw = xmlNewTextWriterMemory(buffer, 0) else { return Data() }
        let writer = TextWriter(raw: raw)
        xmlTextWriterSetIndent(raw, 1)
        writer.call("  ") { xmlTextWriterSetIndentString(raw, $0) }
        xmlTextWriterStartDocument(raw, "1.0", "UTF-8", nil)
        writer.start("opml")
        writer.attribute("version", "2.0")
        writer.start("head")
        writer.element("title", title)
        writer.element("dateCreated", rfc822(now))
        writer.end()
        writer.start("body")
        for feed in feeds {
            writer.start("outline")
            writer.attribute("type", "rss")
            writer.attribute("text", feed.name)
            writer.attribute("title", feed.name)
            writer.attribute("xmlUrl", feed.url)
            writer.end()
        }
        xmlTextWriterEndDocument(raw)  // closes body and opml
        xmlFreeTextWriter(raw)  // flushes into the buffer
        guard let content = xmlBufferContent(buffer) else { return Data() }
        return Data(bytes: content, count: Int(xmlBufferLength(buffer)))
    }

    /// Thin calls with Swift strings; characters XML 1.0 cannot carry (C0 controls) are left out.
    private struct TextWriter {
        let raw: xmlTextWriterPtr

        func call(_ text: String, _ body: (UnsafePointer<xmlChar>) -> Int32) {
            let clean = String(
                String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" }))
            var bytes = Array(clean.utf8)
            bytes.append(0)
            _ = bytes.withUnsafeBufferPointer { body($0.baseAddress!) }
        }

        func start(_ name: String) { call(name) { xmlTextWriterStartElement(raw, $0) } }
        func end() { xmlTextWriterEndElement(raw) }
        func attribute(_ name: String, _ value: String) {
            call(name) { n in
                var result: Int32 = 0
                call(value) { v in
                    result = xmlTextWriterWriteAttribute(raw, n, v)
                    return result
                }
                return result
            }
        }
        func element(_ name: String, _ text: String) {
            call(name) { n in
                var result: Int32 = 0
                call(text) { t in
                    result = xmlTextWriterWriteElement(raw, n, t)
                    return result
                }
                return result
            }
        }
    }

    /// OPML's dates are RFC 822 (`Tue, 01 Dec 2026 21:00:00 GMT`).
    static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
