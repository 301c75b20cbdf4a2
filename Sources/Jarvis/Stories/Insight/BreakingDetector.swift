import Foundation

/// The BREAKING badge per article. An article is breaking when
/// 1. its feed flags it (`StoryArticle.isBreakingFlag`), or
/// 2. its title carries a marker: a leading "Breaking:", "Breaking news -", "Just in:",
///    "Developing:", "Urgent:" (any case, followed by `:`, `-`, `|`, `–` or `—`), or the
///    upper-case words BREAKING, JUST IN, DEVELOPING, URGENT anywhere; or
/// 3. it is the story's earliest report, the story is fast-moving (at least
///    `breakingMinSources` independent sources within `breakingWindow` of that report, default
///    3 within 2 h) and the report is recent (younger than `breakingRecency`, default 6 h).
struct BreakingDetector {
    let configuration: InsightConfiguration

    func flags(_ story: PreparedStory) -> [String: Bool] {
        var result: [String: Bool] = [:]
        for features in story.articles {
            result[features.article.id] = features.article.isBreakingFlag || BreakingDetector.hasMarker(features.article.headline)
        }
        if let first = story.articles.first, isFastMovingAndRecent(story) { result[first.article.id] = true }
        return result
    }

    func isFastMovingAndRecent(_ story: PreparedStory) -> Bool {
        guard let first = story.articles.first else { return false }
        let start = first.article.publishedAt
        let age = story.now.timeIntervalSince(start)
        guard age < configuration.breakingRecency else { return false }
        let voices = Set(
            story.articles.filter { $0.article.publishedAt.timeIntervalSince(start) <= configuration.breakingWindow }.map(\.voice)
        )
        return voices.count >= max(configuration.breakingMinSources, 2)
    }

    static func hasMarker(_ title: String) -> Bool {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = trimmed.lowercased()
        for marker in ["breaking news", "breaking", "just in", "developing", "urgent"] where lower.hasPrefix(marker) {
            let rest = lower.dropFirst(marker.count).drop { $0 == " " }
            if let c = rest.first, [":", "-", "|", "–", "—"].contains(c) { return true }
        }
        // Shouted markers anywhere: "Nigeria — BREAKING: …", "JUST IN Kenya …".
        let words = trimmed.split(whereSeparator: { !$0.isLetter }).map(String.init)
        for (i, word) in words.enumerated() {
            switch word {
            case "BREAKING", "DEVELOPING", "URGENT": return true
            case "JUST" where i + 1 < words.count && words[i + 1] == "IN": return true
            default: continue
            }
        }
        return false
    }
}
