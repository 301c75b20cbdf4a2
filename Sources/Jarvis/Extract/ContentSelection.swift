import Foundation

/// Chooses the article's container and writes its text.
///
/// Scoring: every prose block outside furniture (25+ visible characters) is worth
/// `1 + commas + min(characters / 100, 3)`, scaled by how little of it is link text; the worth goes to
/// the block's container in full, to the next one up in half and further up in thirds of the level,
/// so the element around the article's paragraphs collects the most. A container's score is
/// then scaled by its own link density and moved by its hints (article/story/entry classes,
/// schema.org `articleBody`, `<article>`, `<main>` up; furniture-like names down).
///
/// Choice: the best container; when three of the best five candidates sit in one element (a live
/// page's entries, an article split into sections), that element. Siblings of the choice join it
/// when they score a fifth of it, or are plain paragraphs with little link text.
///
/// Text: the blocks inside the choice in document order, without furniture, figures, the page's
/// `<h1>` (it is the title), link lists (more than half link text), one-line prompts ("Advertisement",
/// "Read more", "Sign up for…"), repeated blocks, and headings that no kept text follows.
struct ContentSelection {
    let blocks: ContentBlocks

    /// The page's title: a heading that repeats it is not text.
    var title: String?

    func text() -> String? {
        guard let chosen = containers(), !chosen.isEmpty else { return nil }
        let kept = keptBlocks(in: chosen)
        guard !kept.isEmpty else { return nil }
        var out = ""
        var previous: ContentBlocks.Kind?
        for block in kept {
            if !out.isEmpty { out += previous == .listItem && block.kind == .listItem ? "\n" : "\n\n" }
            out += block.text
            previous = block.kind
        }
        return out
    }

    // MARK: Scoring

    func containers() -> [Int]? {
        let nodes = blocks.tree.nodes
        var score = [Double](repeating: 0, count: nodes.count)
        var characters = [Int](repeating: 0, count: nodes.count)
        var linkCharacters = [Int](repeating: 0, count: nodes.count)
        for block in blocks.blocks where block.furniture < 0 {
            var ancestor = block.owner
            while ancestor >= 0 {
                characters[ancestor] += block.characters
                linkCharacters[ancestor] += block.linkCharacters
                ancestor = nodes[ancestor].parent
            }
            guard !block.inFigure, block.characters >= 25 else { continue }
            if case .heading = block.kind { continue }
            let worth = (1 + Double(block.commas) + min(Double(block.characters) / 100, 3)) * (1 - block.linkDensity)
            var level = 0
            var node = block.kind == .other ? block.owner : nodes[block.owner].parent
            while node > 0, level < 5 {
                score[node] += level == 0 ? worth : level == 1 ? worth / 2 : worth / Double(level * 3)
                node = nodes[node].parent
                level += 1
            }
        }
        var candidates: [(node: Int, score: Double)] = []
        for index in nodes.indices where score[index] > 0 {
            let density = characters[index] == 0 ? 0 : Double(linkCharacters[index]) / Double(characters[index])
            var value = score[index] * (1 - density) + blocks.hints[index].weight
            switch nodes[index].name {
            case "article": value += 15
            case "main": value += 10
            case "body", "html": value -= 10
            default: break
            }
            if blocks.hints[index].furniture { value -= 50 }
            candidates.append((index, value))
        }
        candidates.sort { $0.score > $1.score }
        guard var top = candidates.first else { return nil }

        // Three of the best five in one element: that element holds the article (entries, sections).
        let close = candidates.prefix(5).filter { $0.score >= top.score * 0.75 }.map(\.node)
        if close.count >= 3 {
            var ancestor = nodes[top.node].parent
            while ancestor > 0 {
                if close.filter({ blocks.contains(ancestor, $0) }).count >= 3 {
                    top = (ancestor, max(top.score, candidates.first(where: { $0.node == ancestor })?.score ?? 0))
                    break
                }
                ancestor = nodes[ancestor].parent
            }
        }
        // An article whose paragraphs sit one or two to a box (live pages' entries, CMS "blocks")
        // scatters its score: while the element around the choice holds much more article-like
        // prose (paragraphs of 60+ characters with little link text), take that element.
        var prose = [Int](repeating: 0, count: nodes.count)
        for block in blocks.blocks
        where block.furniture < 0 && !block.inFigure && block.characters >= 60
            && block.linkDensity < 0.2 && block.kind != .heading(1)
        {
            var ancestor = block.owner
            while ancestor >= 0 {
                prose[ancestor] += block.characters
                ancestor = nodes[ancestor].parent
            }
        }
        climbing: while prose[top.node] > 0 {
            var ancestor = nodes[top.node].parent
            for _ in 0..<3 {  // wrappers with no prose of their own are passed through
                guard ancestor > 0, nodes[ancestor].name != "body", nodes[ancestor].name != "html",
                    !blocks.hints[ancestor].furniture
                else { break climbing }
                if Double(prose[ancestor]) >= Double(prose[top.node]) * 1.4 {
                    top = (ancestor, top.score)
                    continue climbing
                }
                ancestor = nodes[ancestor].parent
            }
            break
        }
        var chosen = [top.node]
        let parent = nodes[top.node].parent
        guard parent >= 0 else { return chosen }
        let threshold = max(10, top.score * 0.2)
        let candidateScore = Dictionary(candidates.map { ($0.node, $0.score) }, uniquingKeysWith: max)
        for sibling in nodes[parent].children where sibling != top.node && !nodes[sibling].name.isEmpty {
            if blocks.hints[sibling].furniture { continue }
            if let value = candidateScore[sibling], value >= threshold {
                chosen.append(sibling)
                continue
            }
            if nodes[sibling].name == "p", characters[sibling] > 80,
                Double(linkCharacters[sibling]) < Double(characters[sibling]) * 0.25
            {
                chosen.append(sibling)
            }
        }
        return chosen.sorted()
    }

    // MARK: Output filters

    static func normalized(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
    }

    func keptBlocks(in chosen: [Int]) -> [ContentBlocks.Block] {
        let normalizedTitle = title.map(Self.normalized)
        var kept: [ContentBlocks.Block] = []
        var seen: Set<String> = []
        for block in blocks.blocks {
            guard chosen.contains(where: { blocks.contains($0, block.owner) }) else { continue }
            // Furniture inside the chosen element goes; furniture around it (the chosen element
            // itself sitting in a furniture-named wrapper) does not.
            if block.furniture >= 0, chosen.contains(where: { blocks.contains($0, block.furniture) }) { continue }
            if block.inFigure { continue }
            if block.kind == .heading(1) || Self.normalized(block.text) == normalizedTitle { continue }
            var block = block
            if block.text.contains("\n") {
                // Lines of one block (a <br>-separated byline and date above the text).
                let lines = block.text.split(separator: "\n").filter { line in
                    !(line.count < 120 && Self.isPrompt(String(line))) && !(line.count < 60 && line.lowercased().hasPrefix("by "))
                }
                if lines.isEmpty { continue }
                block.text = lines.joined(separator: "\n")
            }
            if block.characters < 60, block.text.lowercased().hasPrefix("by "), !block.text.hasSuffix(".") { continue }
            if block.linkDensity > 0.5, block.characters < 400 || block.linkDensity > 0.8 { continue }
            if block.characters < 120, Self.isPrompt(block.text) { continue }
            if !seen.insert(block.text).inserted { continue }
            kept.append(block)
        }
        // A heading with no kept text after it before the next heading (a "Related" or "Comments"
        // heading whose list went) goes too.
        var result: [ContentBlocks.Block] = []
        for (index, block) in kept.enumerated() {
            if case .heading = block.kind {
                let next = kept.dropFirst(index + 1).first
                if next == nil { continue }
                if case .heading = next!.kind { continue }
            }
            result.append(block)
        }
        return result
    }

    static let promptPrefixes = [
        "advertisement", "advertising", "sponsored", "read more", "read next", "read also", "see also", "related:",
        "related stories", "related articles", "more on this", "recommended", "share this", "share on", "share:",
        "sign up", "subscribe", "follow us", "follow @", "click here", "tap here", "photo:", "image:", "picture:",
        "photograph:", "credit:", "(photo", "image copyright", "getty images", "copyright ©", "© ", "all rights reserved",
        "listen to this", "watch:", "video:", "continue reading", "story continues", "skip to", "back to top",
        "accept cookies", "we use cookies", "this site uses cookies", "get the latest", "download the app", "updated:",
        "published:", "last updated", "posted on", "filed under", "tags:", "topics:", "comments", "leave a comment",
        "join the conversation", "loading", "most read", "most popular", "trending", "posted ", "copyright ",
        "print this", "email this",
    ]

    static func isPrompt(_ text: String) -> Bool {
        let lower = text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        return promptPrefixes.contains { lower.hasPrefix($0) } || lower == "ad" || lower.hasSuffix("newsletter")
            || isTimestamp(lower)
    }

    /// A line that is only a time: "10:10", "9.45am", "14:05 GMT", "2 hours ago" (live pages' entry stamps).
    static func isTimestamp(_ lower: String) -> Bool {
        guard lower.count <= 24 else { return false }
        if lower.hasSuffix(" ago"), lower.first?.isNumber == true { return true }
        let words = lower.split(separator: " ")
        guard let clock = words.first, words.count <= 3 else { return false }
        let parts = clock.split(whereSeparator: { $0 == ":" || $0 == "." })
        guard parts.count == 2, let hours = Int(parts[0]), hours < 24,
            parts[1].prefix(2).count == 2, let minutes = Int(parts[1].prefix(2)), minutes < 60
        else { return false }
        let rest = parts[1].dropFirst(2)
        return rest.isEmpty || rest == "am" || rest == "pm"
    }
}
