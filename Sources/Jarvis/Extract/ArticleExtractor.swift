import Foundation

/// A web page's article: its text (paragraphs in order, headings and list items kept as lines)
/// and the metadata the page carries. Fields the page does not have are nil.
public struct ExtractedArticle: Sendable, Equatable {
    public var title: String?
    public var text: String
    public var author: String?
    public var publishedAt: Date?
    public var imageUrl: String?

    public init(title: String? = nil, text: String, author: String? = nil, publishedAt: Date? = nil, imageUrl: String? = nil) {
        self.title = title
        self.text = text
        self.author = author
        self.publishedAt = publishedAt
        self.imageUrl = imageUrl
    }
}

/// Main-content extraction, written for this project over libxml2's HTML parser (see
/// docs/jarvis-pages.md): the page is decoded (`PageEncoding`), read into a tree (`PageTree`),
/// cut into text blocks (`ContentBlocks`), and the article's container is chosen by block scoring
/// (`ContentSelection`); metadata comes from `PageMetadata`. When the hints remove everything, the
/// scoring runs again without them; when schema.org `articleBody` is much longer than what the
/// markup gave (pages that render the text with scripts), it is the text.
///
/// Pure and thread-safe: the poller's page service and `jarvis extract` call the same function.
public enum ArticleExtractor {
    /// Pages larger than this are cut before parsing (the fetcher's cap is the real limit).
    public static let maxInputBytes = 8 * 1024 * 1024

    public static func extract(_ data: Data, url: URL? = nil, contentType: String? = nil) -> ExtractedArticle {
        let bytes = data.count > maxInputBytes ? data.prefix(maxInputBytes) : data
        let tree = bytes.withUnsafeBytes { raw in
            PageEncoding.utf8(raw, contentType: contentType) { PageTree(utf8: $0) }
        }
        return extract(tree, url: url)
    }

    static func extract(_ tree: PageTree, url: URL?) -> ExtractedArticle {
        let metadata = PageMetadata(tree: tree, base: url)
        var text = ContentSelection(blocks: ContentBlocks(tree: tree), title: metadata.title).text() ?? ""
        if text.count < 200 {
            let blocks = ContentBlocks(tree: tree, honourFurniture: false)
            let unhinted = ContentSelection(blocks: blocks, title: metadata.title).text() ?? ""
            if unhinted.count > text.count * 2 { text = unhinted }
        }
        if let body = metadata.articleBody, Double(body.count) > Double(text.count) * 1.5 { text = body }
        return ExtractedArticle(
            title: metadata.title, text: text, author: metadata.author,
            publishedAt: metadata.publishedAt, imageUrl: metadata.image)
    }

    /// Every visible text of the page, no selection (the baseline of the evaluation and benchmark).
    public static func wholePageText(_ data: Data, contentType: String? = nil) -> String {
        let tree = data.withUnsafeBytes { raw in PageEncoding.utf8(raw, contentType: contentType) { PageTree(utf8: $0) } }
        return ContentBlocks(tree: tree, honourFurniture: false).blocks.map(\.text).joined(separator: "\n\n")
    }
}

extension ExtractedArticle {
    /// `{"title","text","author","publishedAt","imageUrl"}` in that order, absent fields as null
    /// (what `jarvis extract` prints).
    public func json() -> Data {
        func string(_ value: String?) -> String {
            guard let value else { return "null" }
            let data =
                (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes]))
            return data.map { String(decoding: $0, as: UTF8.self) } ?? "null"
        }
        let date = publishedAt.map { date -> String in
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            return formatter.string(from: date)
        }
        let fields = [
            ("title", string(title)), ("text", string(text)), ("author", string(author)),
            ("publishedAt", string(date)), ("imageUrl", string(imageUrl)),
        ]
        return Data(("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}").utf8)
    }
}
