import Foundation

/// What a page says about its article outside the text: `<meta>` tags (Open Graph, article:,
/// twitter:, Dublin Core, parse.ly and the like), schema.org JSON-LD (`NewsArticle`, `BlogPosting`,
/// `LiveBlogPosting` … at any depth, in `@graph` or arrays), microdata `itemprop`, `<time>`,
/// bylines and the `<title>`/`<h1>`.
struct PageMetadata {
    var title: String?
    var author: String?
    var publishedAt: Date?
    var image: String?
    /// schema.org `articleBody` (or a live page's updates joined), as text.
    var articleBody: String?

    private var meta: [String: String] = [:]

    init(tree: PageTree, base: URL?) {
        let nodes = tree.nodes
        var pageTitle: String?
        var firstHeading: String?
        var firstTime: String?
        var publishTime: String?
        var bylines: [String] = []
        var jsonLD: [JSONLDArticle] = []
        for (index, node) in nodes.enumerated() where !node.name.isEmpty {
            switch node.name {
            case "meta":
                guard let content = node.attributes["content"]?.trimmingCharacters(in: .whitespacesAndNewlines),
                    !content.isEmpty
                else { break }
                for key in [node.attributes["property"], node.attributes["name"], node.attributes["itemprop"]] {
                    if let key = key?.lowercased(), meta[key] == nil { meta[key] = content }
                }
            case "title" where pageTitle == nil:
                pageTitle = Self.text(of: index, in: nodes)
            case "h1" where firstHeading == nil:
                firstHeading = Self.text(of: index, in: nodes)
            case "time":
                guard let value = node.attributes["datetime"] else { break }
                if firstTime == nil { firstTime = value }
                let hint = ((node.attributes["itemprop"] ?? "") + " " + (node.attributes["class"] ?? "")).lowercased()
                if publishTime == nil, hint.contains("publish") || hint.contains("created") { publishTime = value }
            case "script":
                jsonLD += JSONLDArticle.parse(node.text)
            default:
                break
            }
            let attributes = node.attributes
            let itemprop = attributes["itemprop"]?.lowercased() ?? ""
            if itemprop == "author" || itemprop == "creator" || attributes["rel"]?.lowercased() == "author"
                || ContentHints.tokens(attributes["class"]).contains(where: { $0 == "byline" || $0 == "author" })
            {
                if let text = Self.text(of: index, in: nodes), text.count <= 120 { bylines.append(text) }
            }
            if itemprop == "datepublished", publishTime == nil {
                publishTime = attributes["datetime"] ?? attributes["content"]
            }
        }
        let article = jsonLD.first(where: { $0.body != nil }) ?? jsonLD.first

        title = [
            article?.headline, meta["og:title"], meta["twitter:title"], firstHeading,
            pageTitle.map { Self.withoutSiteName($0, site: meta["og:site_name"]) },
        ]
        .compactMap { $0 }.first { !$0.isEmpty }
        author =
            article?.author
            ?? [meta["author"], meta["article:author"], meta["parsely-author"], meta["dc.creator"], meta["sailthru.author"]]
            .compactMap { $0 }.first { !$0.isEmpty && !FeedURL.hasHTTPScheme($0) }
            ?? bylines.lazy.compactMap(Self.byline).first
        let dateTexts = [
            meta["article:published_time"], article?.datePublished, meta["datepublished"],
            meta["og:published_time"], meta["pubdate"], meta["publishdate"], meta["publish-date"],
            meta["parsely-pub-date"], meta["sailthru.date"], meta["dc.date.issued"], meta["dc.date"],
            meta["dcterms.created"], meta["date"], publishTime, firstTime,
        ]
        publishedAt = dateTexts.lazy.compactMap { $0 }.compactMap(FeedDate.parse).first
        image =
            [
                meta["og:image"], meta["og:image:url"], meta["og:image:secure_url"], article?.image, meta["twitter:image"],
                meta["twitter:image:src"],
            ]
            .lazy.compactMap { $0 }.compactMap { FeedURL.resolve($0, against: base) }.first
        articleBody = article?.body
    }

    /// "By Jane Doe and Ade Obi, Political Reporter" → "Jane Doe and Ade Obi".
    static func byline(_ text: String) -> String? {
        var value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        for prefix in ["by ", "by:", "words by ", "written by "] where value.lowercased().hasPrefix(prefix) {
            value = String(value.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
        }
        if let comma = value.firstIndex(where: { $0 == "," || $0 == "|" || $0 == "\n" }) { value = String(value[..<comma]) }
        value = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty || value.count > 80 ? nil : value
    }

    /// "Rates held | The Bourse Review" → "Rates held" (when the tail is the site's name or short).
    static func withoutSiteName(_ title: String, site: String?) -> String {
        for separator in [" | ", " – ", " — ", " - ", " :: "] {
            guard let range = title.range(of: separator, options: .backwards) else { continue }
            let tail = title[range.upperBound...]
            if let site, tail.lowercased() == site.lowercased() { return String(title[..<range.lowerBound]) }
            if tail.count < title[..<range.lowerBound].count / 2 { return String(title[..<range.lowerBound]) }
        }
        return title
    }

    /// Whitespace-collapsed text of an element's subtree.
    static func text(of index: Int, in nodes: [PageTree.Node]) -> String? {
        var builder = TextBuilder()
        var stack = [index]
        while let current = stack.popLast() {
            let node = nodes[current]
            if node.name.isEmpty {
                var text = node.text
                text.withUTF8 { builder.appendText($0) }
            } else if node.name != "script" {
                stack.append(contentsOf: node.children.reversed())
            }
        }
        let text = builder.finish()
        return text.isEmpty ? nil : text
    }
}

/// The article object of a JSON-LD block.
struct JSONLDArticle {
    var headline: String?
    var author: String?
    var datePublished: String?
    var image: String?
    var body: String?

    static func isArticleType(_ type: String) -> Bool {
        let name = type.split(separator: "/").last.map(String.init) ?? type
        return name.hasSuffix("Article")
            || ["BlogPosting", "LiveBlogPosting", "SocialMediaPosting", "Report", "Posting"]
                .contains(name)
    }

    static func parse(_ json: String) -> [JSONLDArticle] {
        guard json.utf8.count <= 2_000_000, nestingDepth(json) <= 32, let data = json.data(using: .utf8),
            let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return [] }
        var found: [JSONLDArticle] = []
        collect(value, into: &found, depth: 0)
        return found
    }

    /// The deepest bracket nesting outside strings: hostile JSON-LD 100,000 levels deep must not
    /// reach the recursive parser.
    static func nestingDepth(_ json: String) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in json.utf8 {
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x5B, 0x7B:
                depth += 1
                deepest = max(deepest, depth)
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
        }
        return deepest
    }

    private static func collect(_ value: Any, into found: inout [JSONLDArticle], depth: Int) {
        guard depth < 8 else { return }
        if let array = value as? [Any] {
            for element in array { collect(element, into: &found, depth: depth + 1) }
            return
        }
        guard let object = value as? [String: Any] else { return }
        let types = (object["@type"] as? String).map { [$0] } ?? (object["@type"] as? [String]) ?? []
        if types.contains(where: isArticleType) { found.append(JSONLDArticle(object)) }
        if let graph = object["@graph"] { collect(graph, into: &found, depth: depth + 1) }
        if let main = object["mainEntity"] { collect(main, into: &found, depth: depth + 1) }
    }

    init(_ object: [String: Any]) {
        headline = (object["headline"] as? String ?? object["name"] as? String).map(HTMLText.plainText)
        datePublished = object["datePublished"] as? String ?? object["dateCreated"] as? String
        author = Self.names(object["author"] ?? object["creator"])
        image = Self.url(object["image"] ?? object["thumbnailUrl"])
        if let text = object["articleBody"] as? String ?? object["text"] as? String {
            let plain = Self.bodyText(text)
            body = plain.isEmpty ? nil : plain
        } else if let updates = object["liveBlogUpdate"] as? [[String: Any]] {
            let parts = updates.compactMap { update -> String? in
                let text = [update["headline"] as? String, update["articleBody"] as? String].compactMap { $0 }
                    .map(Self.bodyText).filter { !$0.isEmpty }
                return text.isEmpty ? nil : text.joined(separator: "\n\n")
            }
            body = parts.isEmpty ? nil : parts.joined(separator: "\n\n")
        }
    }

    /// `articleBody` as text: HTML through `HTMLText`; plain text keeps its lines as paragraphs.
    static func bodyText(_ text: String) -> String {
        if text.contains("<") { return HTMLText.plainText(text) }
        return text.split(whereSeparator: \.isNewline)
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { !$0.isEmpty }
            .joined(separator: "\n\n")
    }

    private static func names(_ value: Any?) -> String? {
        if let name = value as? String { return name.isEmpty || FeedURL.hasHTTPScheme(name) ? nil : name }
        if let object = value as? [String: Any] { return names(object["name"]) }
        if let array = value as? [Any] {
            let all = array.compactMap { names($0) }
            return all.isEmpty ? nil : all.joined(separator: ", ")
        }
        return nil
    }

    private static func url(_ value: Any?) -> String? {
        if let text = value as? String { return text }
        if let object = value as? [String: Any] { return url(object["url"] ?? object["contentUrl"]) }
        if let array = value as? [Any] { return array.lazy.compactMap { url($0) }.first }
        return nil
    }
}
