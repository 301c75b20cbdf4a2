import CLibXML2
import Foundation

/// A web page as a compact Swift tree, read once from libxml2's HTML parser (recovering, no
/// network, no DTD): element names lower-cased, only the attributes extraction reads, text as
/// libxml2 decoded it. This is the only file of the extractor that touches libxml2 pointers.
///
/// Dropped while reading, with everything inside: `script` (except JSON-LD, kept as raw text),
/// `style`, `noscript`, `template`, `svg`, `canvas`, `math`, form controls, `iframe`, `object`,
/// `video`, `audio` — none of them carries article text a reader sees.
struct PageTree {
    struct Node {
        /// Lower-case element name; empty for a text node.
        var name: String
        /// Text nodes: the decoded text. `script type=application/ld+json`: its raw JSON.
        var text: String
        var attributes: [String: String]
        var parent: Int
        var children: [Int]
    }

    /// Node 0 is the document; its descendants follow in document order.
    private(set) var nodes: [Node]

    /// Beyond this many nodes the rest of the page is not read (memory stays bounded; a real
    /// article page has a few thousand).
    static let maxNodes = 250_000

    static let keptAttributes: Set<String> = [
        "class", "id", "itemprop", "itemtype", "role", "hidden", "aria-hidden", "style", "property", "name",
        "content", "href", "src", "data-src", "datetime", "type", "rel", "width", "height",
    ]

    static let droppedElements: Set<String> = [
        "script", "style", "noscript", "template", "svg", "canvas", "math", "button", "input", "select",
        "textarea", "option", "iframe", "object", "embed", "video", "audio", "map", "link",
    ]

    private static let options = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_NOIMPLIED.rawValue
            | HTML_PARSE_IGNORE_ENC.rawValue | HTML_PARSE_COMPACT.rawValue)

    /// Parses UTF-8 bytes (the caller decided the encoding: `PageEncoding`).
    init(utf8 bytes: UnsafeRawBufferPointer) {
        nodes = [Node(name: "#document", text: "", attributes: [:], parent: -1, children: [])]
        guard bytes.count > 0, bytes.count < Int(Int32.max) else { return }
        LibXML.initialize()
        let doc = bytes.withMemoryRebound(to: CChar.self) { chars in
            htmlReadMemory(chars.baseAddress, Int32(chars.count), nil, "UTF-8", Self.options)
        }
        guard let doc else { return }
        defer { xmlFreeDoc(doc) }
        nodes.reserveCapacity(1024)
        append(children: doc.pointee.children, to: 0)
    }

    /// Depth-first copy with an explicit stack: hostile pages nest thousands deep.
    private mutating func append(children first: xmlNodePtr?, to root: Int) {
        var stack: [(node: xmlNodePtr?, parent: Int)] = [(first, root)]
        while var entry = stack.popLast() {
            while let current = entry.node {
                if nodes.count >= Self.maxNodes { return }
                entry.node = current.pointee.next
                switch current.pointee.type {
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    guard let content = current.pointee.content else { continue }
                    let text = String(cString: content)
                    let index = nodes.count
                    nodes.append(Node(name: "", text: text, attributes: [:], parent: entry.parent, children: []))
                    nodes[entry.parent].children.append(index)
                case XML_ELEMENT_NODE:
                    let name = String(cString: current.pointee.name).lowercased()
                    var attributes: [String: String] = [:]
                    var property = current.pointee.properties
                    while let attribute = property {
                        let key = String(cString: attribute.pointee.name).lowercased()
                        // An attribute is a node to xmlNodeGetContent (its value, entities joined).
                        if Self.keptAttributes.contains(key),
                            let value = xmlNodeGetContent(xmlNodePtr(OpaquePointer(attribute)))
                        {
                            attributes[key] = String(cString: value)
                            jarvis_xmlFree(value)
                        }
                        property = attribute.pointee.next
                    }
                    if Self.droppedElements.contains(name) {
                        guard name == "script", attributes["type"]?.lowercased().contains("ld+json") == true,
                            let content = xmlNodeGetContent(current)
                        else { continue }
                        let json = String(cString: content)
                        jarvis_xmlFree(content)
                        let index = nodes.count
                        nodes.append(Node(name: name, text: json, attributes: attributes, parent: entry.parent, children: []))
                        nodes[entry.parent].children.append(index)
                        continue
                    }
                    let index = nodes.count
                    nodes.append(Node(name: name, text: "", attributes: attributes, parent: entry.parent, children: []))
                    nodes[entry.parent].children.append(index)
                    if let child = current.pointee.children {
                        stack.append(entry)
                        entry = (child, index)
                    }
                default:
                    continue
                }
            }
        }
    }
}
