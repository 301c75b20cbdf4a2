import Foundation

/// Whether an article is an opinion piece, by how its outlet files it: an opinion section in its address
/// ("/opinion/", "/opinions/", "/commentisfree/", "/editorials/", "/columns/", "/ideas/" — The Atlantic's and
/// TIME's opinion sections —, "/breakingviews/"), a label before its headline ("Opinion:",
/// "OPINION |", "Editorial:") or an opinion feed's name ("… Opinion"). Its sentences are a writer's argument: they
/// may echo what the reports share, but they are never stated as the sources' agreement, and a summary takes them
/// only when no report has a sentence to give.
enum OpinionPiece {
    private static let sections: Set<String> = [
        "opinion", "opinions", "commentisfree", "editorial", "editorials", "op-ed", "op-eds", "oped", "columnists",
        "commentary", "column", "columns", "ideas", "breakingviews",
    ]

    private static let labels: Set<String> = ["opinion", "editorial", "op-ed", "commentary", "column"]

    static func isOpinion(_ article: StoryArticle) -> Bool {
        if let url = article.canonicalUrl, let path = URLComponents(string: url)?.path {
            if path.lowercased().split(separator: "/").contains(where: { sections.contains(String($0)) }) { return true }
        }
        if let cut = article.headline.prefix(16).firstIndex(where: { $0 == ":" || $0 == "|" }) {
            let label = article.headline[..<cut].trimmingCharacters(in: .whitespaces).lowercased()
            if labels.contains(label) { return true }
        }
        return article.source.lowercased().split(separator: " ").last == "opinion"
    }
}
