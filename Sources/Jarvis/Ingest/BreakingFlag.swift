import Foundation

/// When a feed itself says an item is breaking news. Only explicit markers count; recency and
/// cluster position are the story layer's business.
///
/// Accepted: a category (RSS `category`, Atom `category term`/`label`, `dc:subject`) equal, ignoring
/// case, spaces, `-` and `_`, to "breaking", "breaking news", "breakingnews", "eilmeldung" or
/// "urgent"; a title starting with "BREAKING:" / "Breaking news:" / "BREAKING -" / "BREAKING |";
/// an element named `breaking` or `isBreaking` (any namespace) whose text is true/yes/1.
enum BreakingFlag {
    private static let categoryWords: Set<String> = ["breaking", "breakingnews", "eilmeldung", "urgent"]

    static func isBreakingCategory(_ category: String) -> Bool {
        let squeezed = category.lowercased().filter { $0.isLetter }
        return categoryWords.contains(squeezed)
    }

    static func isBreakingTitle(_ title: String) -> Bool {
        var rest = Substring(title)
        guard rest.prefix(8).lowercased() == "breaking" else { return false }
        rest = rest.dropFirst(8)
        if rest.prefix(5).lowercased() == " news" { rest = rest.dropFirst(5) }
        rest = rest.drop(while: { $0 == " " })
        guard let first = rest.first else { return false }
        return first == ":" || first == "-" || first == "|" || first == "–" || first == "—"
    }

    static func isTrue(_ text: String) -> Bool {
        let t = text.trimmedASCII.lowercased()
        return t == "true" || t == "yes" || t == "1"
    }
}
