/// What an element's `class`, `id`, `role`, `itemprop` and tag say about it, before any text is
/// counted. Class and id values are split into word tokens (`c-share-bar__item` → c, share, bar,
/// item) so "ad" never matches inside "head" or "download".
///
/// - `furniture`: page furniture whose subtree is dropped (unless it holds the article itself):
///   navigation, share bars, related links, cookie and consent banners, comments, captions and
///   credits, newsletter and subscription prompts, advertising, bylines and datelines (shown as
///   metadata, not text), tag lists.
/// - `weight`: a score bonus or malus for a candidate container (readability-style hints).
/// - `isArticleBody`: schema.org `articleBody`/`text`, or a class naming an article's body.
struct ContentHints {
    var furniture = false
    var weight = 0.0
    var isArticleBody = false

    init() {}

    static let furnitureTokens: Set<String> = [
        "comment", "comments", "commentlist", "disqus", "respond", "replies", "share", "sharing", "sharebar", "social",
        "socials", "sociallinks", "related", "relatedlinks", "recommended", "recommendations", "recirc", "newsletter",
        "newsletters", "subscribe", "subscription", "signup", "cookie", "cookies", "consent", "gdpr", "promo", "promotion",
        "advert", "advertisement", "advertising", "ad", "ads", "adslot", "adunit", "dfp", "sponsor", "sponsored",
        "sidebar", "breadcrumb", "breadcrumbs", "footer", "menu", "navbar", "nav", "navigation", "pagination", "pager",
        "popup", "modal", "caption", "captions", "credit", "credits", "byline", "bylines", "dateline", "timestamp",
        "author", "authors", "bio", "tags", "tag", "taglist", "keywords", "trending", "popular", "mostread",
        "outbrain", "taboola", "paywall", "toolbar", "masthead", "skip", "visuallyhidden", "print",
        "meta", "metadata", "published", "updated", "readmore", "more", "next", "prev", "previous", "teaser", "teasers",
        "rail", "widget", "widgets", "banner", "alert", "feedback", "corrections", "topics", "follow", "subscribe",
        "login", "signin", "register", "donate", "support", "listen", "audio", "podcast", "video", "gallery", "slideshow",
        "lightbox", "tooltip", "dialog", "overlay", "toc", "jump", "seealso", "headlines", "latest", "newsfeed",
    ]

    /// Tokens that make a container more likely to be the article; they also protect an element
    /// from being taken as furniture ("article-meta" is furniture, "article-body" is not).
    static let articleTokens: Set<String> = [
        "article", "articlebody", "story", "storybody", "storytext", "entry", "entrycontent", "post", "postbody",
        "postcontent", "content", "body", "text", "prose", "richtext", "blogpost", "main", "maincontent", "permalink",
    ]

    /// Furniture even beside an article token ("article-share", "post-related", "story-footer").
    static let strongFurnitureTokens: Set<String> = [
        "comment", "comments", "commentlist", "disqus", "share", "sharing", "sharebar", "social", "related",
        "recommended", "newsletter", "subscribe", "signup", "cookie", "cookies", "consent", "gdpr", "promo", "advert",
        "advertisement", "ad", "ads", "sponsor", "sponsored", "sidebar", "breadcrumb", "breadcrumbs", "footer", "caption",
        "credit", "credits", "byline", "dateline", "tags", "taglist", "trending", "outbrain", "taboola", "paywall",
        "meta", "metadata", "bio", "author", "readmore", "teaser", "teasers", "toolbar", "timestamp", "topics",
        "nav", "navbar", "navigation", "menu", "masthead", "popup", "modal",
    ]

    static let furnitureRoles: Set<String> = [
        "navigation", "banner", "contentinfo", "complementary", "search", "menu", "menubar", "dialog", "alertdialog",
        "toolbar", "tooltip", "note",
    ]

    static let furnitureElements: Set<String> = ["nav", "aside", "header", "footer", "figcaption", "dialog", "menu"]

    init(name: String, attributes: [String: String]) {
        if Self.furnitureElements.contains(name) { furniture = true }
        if attributes["hidden"] != nil || attributes["aria-hidden"] == "true" { furniture = true }
        if let style = attributes["style"]?.lowercased().filter({ $0 != " " }),
            style.contains("display:none") || style.contains("visibility:hidden")
        {
            furniture = true
        }
        if let role = attributes["role"]?.lowercased(), Self.furnitureRoles.contains(role) { furniture = true }
        if let itemprop = attributes["itemprop"]?.lowercased() {
            if itemprop.contains("articlebody") || itemprop == "text" || itemprop == "reviewbody" {
                isArticleBody = true
                weight += 60
            }
            if itemprop.contains("comment") || itemprop == "author" || itemprop == "publisher" { furniture = true }
        }
        let tokens = Self.tokens(attributes["class"]) + Self.tokens(attributes["id"])
        guard !tokens.isEmpty else { return }
        var articleToken = false
        var strong = false
        var weak = false
        for (index, token) in tokens.enumerated() {
            // Joined neighbours too: "article-body" → "articlebody", "share-bar" → "sharebar".
            let joined = index + 1 < tokens.count ? token + tokens[index + 1] : ""
            if Self.articleTokens.contains(token) || Self.articleTokens.contains(joined) { articleToken = true }
            if Self.strongFurnitureTokens.contains(token) || Self.strongFurnitureTokens.contains(joined) { strong = true }
            if Self.furnitureTokens.contains(token) || Self.furnitureTokens.contains(joined) { weak = true }
            if joined == "articlebody" || joined == "storybody" || joined == "entrycontent" || joined == "postcontent"
                || joined == "postbody" || joined == "articletext" || joined == "storytext" || joined == "richtext"
            {
                isArticleBody = true
            }
        }
        if strong || (weak && !articleToken) { furniture = true }
        if articleToken { weight += 25 }
        if isArticleBody { weight += 25 }
        if weak || strong { weight -= 25 }
    }

    /// Lower-case word tokens of a class or id value (letters and digits; camelCase is one token).
    static func tokens(_ value: String?) -> [String] {
        guard let value, !value.isEmpty else { return [] }
        var result: [String] = []
        var current = ""
        for scalar in value.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                result.append(current.lowercased())
                current = ""
            }
        }
        if !current.isEmpty { result.append(current.lowercased()) }
        return result
    }
}
