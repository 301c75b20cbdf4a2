import Foundation

/// Turns a `RawItem` into a `ParsedItem`. The precedence rules, in one place:
///
/// Only an item's direct children count for title, link, guid, description and content (a `<title>`
/// of an `<image>`, `<source>` or extension element inside the item is not the item's).
///
/// - body: `content:encoded` / `atom:content` (the richest), else a legacy full-text element
///   (`xhtml:body`, `body`, `fullitem`), else the summary's source text.
/// - summary: description / `atom:summary`, else `dc:description`, `itunes:summary`,
///   `media:description` (also inside `media:group`/`media:content`), as text; else the start of the
///   body (about 300 characters).
/// - title: `title` (RSS titles may carry HTML: stripped; Atom follows its `type`), else `dc:title`,
///   else `media:title`, else the start of the summary; an item with no title, no text and no link
///   is dropped.
/// - Atom text constructs of a binary type, and Atom 0.3 `mode="base64"`, are base64-decoded first.
/// - link: RSS `link`, else Atom `link rel=alternate` (or no rel; `text/html` preferred), else a
///   permalink `guid`; resolved against `xml:base` and the feed URL; only http(s).
/// - guid: `guid` / `atom:id` / `rdf:about`, else the link.
/// - date: `atom:published`, `pubDate`, `dc:date`, `dcterms:issued|created|date`, then
///   `atom:updated` / `dcterms:modified` — the first that parses; else `now` (see `FeedDate`).
/// - image: `media:content` (medium image or `image/*` type, widest first) → `media:thumbnail` (widest)
///   → `enclosure` of an image type → first `<img>` of the body, then of the description.
/// - fingerprint: SimHash of the title and the first 120 words of the body.
/// - author: Atom author names, `dc:creator`, `dc:author`, RSS `author` ("email (Name)" and
///   "Name (email)" → Name; a bare address is not shown), `itunes:author`, else the feed-level Atom
///   author.
struct ItemAssembler {
    let now: Date
    let feedAuthors: [String]

    /// The item with every field cleaned; one without a title, text or link has `hasContent` false.
    func assemble(_ raw: RawItem) -> ParsedItem {
        let content = firstText([raw.content, raw.legacyBody])
        let description = firstText([raw.description, raw.dcDescription, raw.itunesSummary, raw.mediaDescription])
        let bodyText = nonEmpty(content?.text) ?? description?.text ?? ""
        let summary = nonEmpty(description?.text) ?? Self.excerpt(bodyText, limit: 300)

        let link = resolveLink(raw)
        // A title is one line, whatever breaks its markup or its plain text held (the text's only break is "\n").
        var title = firstText([raw.title, raw.dcTitle, raw.mediaTitle])?.text ?? ""
        if title.utf8.contains(0x0A) { title = title.split(separator: "\n").joined(separator: " ") }
        if title.isEmpty { title = Self.excerpt(firstLine(summary), limit: 120) }

        let guid = nonEmpty(raw.guid) ?? nonEmpty(raw.atomID) ?? nonEmpty(raw.rdfAbout) ?? link
        let dated = [raw.published, raw.pubDate, raw.dcDate, raw.dctermsPublished, raw.updated, raw.dctermsUpdated]
            .lazy.compactMap { $0 }.first { FeedDate.parse($0) != nil }
        let (publishedAt, fromFeed) = FeedDate.resolve(dated, now: now)

        let image =
            Self.widest(raw.mediaImages) ?? Self.widest(raw.thumbnails)
            ?? raw.enclosureImages.lazy.compactMap { FeedURL.resolve($0.href, against: $0.base) }.first
            ?? content?.firstImage ?? description?.firstImage

        var categories: [String] = []
        var seen = Set<String>()
        for raw in raw.categories {
            let name = HTMLText.plainText(raw)
            if !name.isEmpty, seen.insert(name.lowercased()).inserted { categories.append(name) }
        }
        let breaking =
            raw.breakingElement || categories.contains(where: BreakingFlag.isBreakingCategory)
            || BreakingFlag.isBreakingTitle(title)

        return ParsedItem(
            guid: guid, link: link, title: title, body: bodyText, summary: summary, author: author(raw),
            publishedAt: publishedAt, hasFeedDate: fromFeed, imageURL: image, categories: categories,
            isBreakingFlag: breaking, fingerprint: ContentFingerprint(text: title + "\n" + bodyText, maxWords: 120))
    }

    // MARK: Fields

    /// The first of `candidates` with any text, extracted (lazily: fallbacks are rarely needed).
    private func firstText(_ candidates: [RawText?]) -> HTMLText.Extraction? {
        var first: HTMLText.Extraction?
        for case let raw? in candidates {
            let extraction = Self.text(raw)
            if !extraction.text.isEmpty { return extraction }
            if first == nil { first = extraction }
        }
        return first
    }

    private func resolveLink(_ raw: RawItem) -> String? {
        if let link = raw.link, let url = FeedURL.resolve(link.href, against: link.base) { return url }
        let alternates = raw.alternateLinks.sorted { lhs, rhs in
            Self.isHTML(lhs.type) && !Self.isHTML(rhs.type)
        }
        for link in alternates {
            if let url = FeedURL.resolve(link.href, against: link.base) { return url }
        }
        if raw.guidIsPermaLink, let guid = raw.guid, let url = FeedURL.resolve(guid, against: raw.guidBase),
            FeedURL.hasHTTPScheme(guid) || guid.hasPrefix("/")
        {
            return url
        }
        return nil
    }

    private func author(_ raw: RawItem) -> String? {
        let atom = raw.atomAuthors.map(HTMLText.plainText).filter { !$0.isEmpty }
        if !atom.isEmpty { return atom.joined(separator: ", ") }
        for names in [raw.dcCreators, raw.dcAuthors] {
            let cleaned = names.map(HTMLText.plainText).filter { !$0.isEmpty }
            if !cleaned.isEmpty { return cleaned.joined(separator: ", ") }
        }
        for field in [raw.rssAuthor, raw.itunesAuthor] {
            if let field, let name = Self.nameFromAuthorField(HTMLText.plainText(field)) { return name }
        }
        let feed = feedAuthors.filter { !$0.isEmpty }
        return feed.isEmpty ? nil : feed.joined(separator: ", ")
    }

    /// RSS `author` is meant to be an address, and the name rides along in any of these forms:
    /// "jane@example.com (Jane Doe)", "Jane Doe (jane@example.com)", "Jane Doe <jane@…>",
    /// "jane@example.com" (no name: nil), "Jane Doe". Whichever part is not the address is the name.
    static func nameFromAuthorField(_ field: String) -> String? {
        let s = field.trimmedASCII
        if s.isEmpty { return nil }
        func isAddress(_ text: Substring) -> Bool {
            let t = text.trimmingCharacters(in: CharacterSet(charactersIn: " <>\"'").union(.whitespacesAndNewlines))
            return t.contains("@") && !t.contains(" ") || t.lowercased().hasPrefix("mailto:")
        }
        func cleaned(_ text: Substring) -> String? {
            let name = text.trimmingCharacters(in: CharacterSet(charactersIn: " \"'").union(.whitespacesAndNewlines))
            return name.isEmpty || isAddress(Substring(name)) ? nil : name
        }
        if let open = s.firstIndex(of: "("), let close = s.lastIndex(of: ")"), open < close {
            let inside = s[s.index(after: open)..<close]
            let outside = s[..<open] + s[s.index(after: close)...]
            if isAddress(inside) { return cleaned(Substring(outside)) }
            if let name = cleaned(inside), isAddress(Substring(outside)) || String(outside).trimmedASCII.isEmpty { return name }
            return cleaned(Substring(s))
        }
        if let lt = s.firstIndex(of: "<") {
            if let name = cleaned(s[..<lt]) { return name }
            return nil
        }
        return isAddress(Substring(s)) ? nil : cleaned(Substring(s))
    }

    private static func widest(_ links: [RawLink]) -> String? {
        var best: (url: String, width: Int)?
        for link in links {
            guard let url = FeedURL.resolve(link.href, against: link.base) else { continue }
            if best == nil || link.width > best!.width { best = (url, link.width) }
        }
        return best?.url
    }

    private static func isHTML(_ type: String?) -> Bool { type == nil || type == "text/html" }

    // MARK: Text

    static func text(_ raw: RawText) -> HTMLText.Extraction {
        switch raw.kind {
        case .html, .xhtml:
            return HTMLText.extract(raw.value, base: raw.base)
        case .text:
            var builder = TextBuilder(keepsParagraphs: true)
            var value = raw.value
            value.withUTF8 { builder.appendText($0) }
            return HTMLText.Extraction(text: builder.finish(), firstImage: nil)
        }
    }

    /// The first `limit` characters, cut at a word boundary, with an ellipsis when cut.
    static func excerpt(_ text: String, limit: Int) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let end = cut.lastIndex(where: { $0 == " " || $0 == "\n" }) ?? cut.endIndex
        return cut[..<end].trimmingCharacters(in: .whitespacesAndNewlines) + "…"
    }

    private func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1).first ?? "")
    }

    private func nonEmpty(_ s: String?) -> String? {
        guard let s, !s.isEmpty else { return nil }
        return s
    }
}
