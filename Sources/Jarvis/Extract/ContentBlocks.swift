/// A page cut into text blocks, in document order: each run of text between block-level
/// boundaries becomes one block, owned by the innermost block element around it (`<p>`, `<li>`,
/// `<h2>`, a `<div>` with text of its own). Each block knows its link text, its commas, and whether
/// it sits inside page furniture (`ContentHints`) or a figure.
struct ContentBlocks {
    enum Kind: Equatable {
        case paragraph
        case heading(Int)
        case listItem, quote, preformatted, cell, other
    }

    struct Block {
        var owner: Int
        var kind: Kind
        var text: String
        var characters: Int
        var linkCharacters: Int
        var commas: Int
        /// The innermost furniture element around the block (-1: none).
        var furniture: Int
        var inFigure: Bool

        var linkDensity: Double { characters == 0 ? 0 : Double(linkCharacters) / Double(characters) }
    }

    static let blockElements: Set<String> = [
        "p", "div", "section", "article", "main", "header", "footer", "aside", "nav", "h1", "h2", "h3", "h4", "h5", "h6",
        "ul", "ol", "li", "dl", "dt", "dd", "blockquote", "pre", "table", "thead", "tbody", "tfoot", "tr", "td", "th",
        "figure", "figcaption", "form", "fieldset", "address", "center", "hr", "details", "summary", "body", "html",
        "caption", "hgroup", "picture", "dialog", "menu", "head", "title", "legend",
    ]

    let tree: PageTree
    /// Per node: hints from its own attributes; furniture cleared for elements that hold the article.
    private(set) var hints: [ContentHints]
    /// Per node: the last node index of its subtree (nodes are in preorder).
    private(set) var subtreeEnd: [Int]
    private(set) var blocks: [Block] = []

    /// `honourFurniture: false` is the fallback when the hints removed everything.
    init(tree: PageTree, honourFurniture: Bool = true) {
        self.tree = tree
        let nodes = tree.nodes
        var hints = nodes.map { node in
            node.name.isEmpty ? ContentHints() : ContentHints(name: node.name, attributes: node.attributes)
        }
        var end = Array(nodes.indices)
        var rawText = nodes.map { $0.name.isEmpty ? $0.text.utf8.count : 0 }
        for index in nodes.indices.reversed() where index > 0 {
            let parent = nodes[index].parent
            end[parent] = max(end[parent], end[index])
            rawText[parent] += rawText[index]
        }
        // An element around the article body (or a long <article>, or <main>) is never furniture:
        // a wrapper with class "layout-with-sidebar" must not take the article with it.
        for index in nodes.indices
        where hints[index].isArticleBody || nodes[index].name == "main"
            || (nodes[index].name == "article" && rawText[index] >= 500)
        {
            var ancestor = index
            while ancestor > 0 {
                if !ContentHints.furnitureElements.contains(nodes[ancestor].name) { hints[ancestor].furniture = false }
                ancestor = nodes[ancestor].parent
            }
        }
        // A <time> on its own (a timestamp line, "2 hours ago") is furniture; inside a sentence it is text.
        for index in nodes.indices where nodes[index].name == "time" {
            let parent = nodes[nodes[index].parent].name
            if !["p", "li", "blockquote", "dd", "td", "em", "strong", "b", "i", "a", "span"].contains(parent) {
                hints[index].furniture = true
            }
        }
        if !honourFurniture {
            for index in hints.indices where !ContentHints.furnitureElements.contains(nodes[index].name) {
                hints[index].furniture = false
            }
        }
        self.hints = hints
        self.subtreeEnd = end
        segment()
    }

    func contains(_ container: Int, _ node: Int) -> Bool { node >= container && node <= subtreeEnd[container] }

    // MARK: Segmentation

    private struct Open {
        var owner: Int
        var builder = TextBuilder()
        var linkCharacters = 0
        var commas = 0
        var hasText = false
        /// `<br>`s since the last text: two in a row end a paragraph, as `</p>` would.
        var breaks = 0
    }

    private mutating func segment() {
        let nodes = tree.nodes
        var current = Open(owner: 0)
        var blockStack: [Int] = [0]
        var furnitureStack: [Int] = []
        var figureDepth = 0
        var linkDepth = 0
        // Explicit traversal: (node, entering).
        var work: [(Int, Bool)] = [(0, true)]
        func flush(_ current: inout Open, into blocks: inout [Block], furniture: Int, inFigure: Bool) {
            guard current.hasText else {
                current = Open(owner: current.owner)
                return
            }
            let text = current.builder.finish()
            let characters = text.unicodeScalars.reduce(0) { $0 + ($1.properties.isWhitespace ? 0 : 1) }
            if characters > 0 {
                let owner = current.owner
                blocks.append(
                    Block(
                        owner: owner, kind: Self.kind(of: nodes[owner].name), text: text, characters: characters,
                        linkCharacters: min(current.linkCharacters, characters), commas: current.commas,
                        furniture: furniture, inFigure: inFigure))
            }
            current = Open(owner: current.owner)
        }
        while let (index, entering) = work.popLast() {
            let node = nodes[index]
            if node.name.isEmpty {
                var text = node.text
                text.withUTF8 { current.builder.appendText($0) }
                var visible = 0
                for scalar in text.unicodeScalars where !scalar.properties.isWhitespace {
                    visible += 1
                    if scalar == "," || scalar == "，" || scalar == "、" { current.commas += 1 }
                }
                if visible > 0 {
                    current.hasText = true
                    current.breaks = 0
                    if linkDepth > 0 { current.linkCharacters += visible }
                }
                continue
            }
            if node.name == "script" || node.name == "head" || node.name == "title" { continue }
            let isFurniture = hints[index].furniture
            // Furniture splits blocks even when inline (a byline <span> beside a timestamp).
            let isBlock = Self.blockElements.contains(node.name) || isFurniture
            let isFigure = node.name == "figure" || node.name == "figcaption" || node.name == "picture"
            if entering {
                if isBlock {
                    flush(&current, into: &blocks, furniture: furnitureStack.last ?? -1, inFigure: figureDepth > 0)
                    blockStack.append(index)
                    current = Open(owner: index)
                }
                if isFurniture { furnitureStack.append(index) }
                if isFigure { figureDepth += 1 }
                if node.name == "a" { linkDepth += 1 }
                if node.name == "br" {
                    current.breaks += 1
                    if current.breaks == 2 {
                        flush(&current, into: &blocks, furniture: furnitureStack.last ?? -1, inFigure: figureDepth > 0)
                    } else {
                        current.builder.addLineBreak()
                    }
                }
                work.append((index, false))
                for child in node.children.reversed() { work.append((child, true)) }
            } else {
                if isBlock {
                    flush(&current, into: &blocks, furniture: furnitureStack.last ?? -1, inFigure: figureDepth > 0)
                    blockStack.removeLast()
                    current = Open(owner: blockStack.last ?? 0)
                }
                if isFurniture { furnitureStack.removeLast() }
                if isFigure { figureDepth -= 1 }
                if node.name == "a" { linkDepth -= 1 }
            }
        }
        flush(&current, into: &blocks, furniture: furnitureStack.last ?? -1, inFigure: figureDepth > 0)
    }

    static func kind(of name: String) -> Kind {
        switch name {
        case "p": .paragraph
        case "h1": .heading(1)
        case "h2": .heading(2)
        case "h3": .heading(3)
        case "h4": .heading(4)
        case "h5": .heading(5)
        case "h6": .heading(6)
        case "li", "dt", "dd": .listItem
        case "blockquote": .quote
        case "pre": .preformatted
        case "td", "th": .cell
        default: .other
        }
    }
}
