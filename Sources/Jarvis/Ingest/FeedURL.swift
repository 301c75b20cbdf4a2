import Foundation

/// Links in feeds are often relative (to `xml:base`, or to the feed's own URL); the app needs
/// absolute http(s) URLs.
enum FeedURL {
    /// Absolute http(s) form of `raw`, or nil when it cannot be made one (no base, other scheme).
    static func resolve(_ raw: String, against base: URL?) -> String? {
        let text = raw.trimmedASCII
        guard !text.isEmpty else { return nil }
        if hasHTTPScheme(text) { return text }
        if text.hasPrefix("//") {
            let scheme = base?.scheme?.lowercased() == "http" ? "http:" : "https:"
            return scheme + text
        }
        // Any other explicit scheme (mailto:, javascript:, data:, tag:) is not a web link.
        if let colon = text.firstIndex(of: ":"),
            !text[..<colon].contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }),
            text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        {
            return nil
        }
        guard let base, let url = URL(string: text, relativeTo: base) ?? URL(string: encodeSpaces(text), relativeTo: base)
        else { return nil }
        let absolute = url.absoluteString
        return hasHTTPScheme(absolute) ? absolute : nil
    }

    /// A base for resolution: `xml:base` relative to the enclosing base.
    static func base(_ raw: String, relativeTo parent: URL?) -> URL? {
        let text = raw.trimmedASCII
        if let parent { return URL(string: text, relativeTo: parent)?.absoluteURL ?? parent }
        return URL(string: text)
    }

    static func hasHTTPScheme(_ text: String) -> Bool {
        var i = text.utf8.makeIterator()
        var prefix: [UInt8] = []
        while prefix.count < 8, let c = i.next() { prefix.append(c | 0x20) }
        return prefix.starts(with: Array("http://".utf8)) || prefix.starts(with: Array("https://".utf8))
    }

    private static func encodeSpaces(_ text: String) -> String {
        text.replacingOccurrences(of: " ", with: "%20")
    }
}
