import Foundation

/// The signal score: five integer parts whose sum is the score (0–100). Each part is rounded
/// on its own, so the sum is exact by construction. Full rubric: RUBRIC.md.
///
/// - sourceAuthority 0–25: round(25 · A/100), A = w · max + (1 − w) · mean of the sources'
///   authority (w = `authorityMaxWeight`, 0.5).
/// - freshness 0–25: round(25 · 0.5^(age / halfLife)), age = now − latest report (≥ 0),
///   halfLife = `freshnessHalfLife` (6 h).
/// - localRelevance 0–15: round(7 · H + 5 · B + 3 · R), the shares of articles naming the home
///   region in the headline (H), in the body (B: one name ½, two or more 1), and coming from
///   a home-region feed (R).
/// - crossSourceConfirmation 0–20: round(20 · min(1, ln n / ln 5)) for n independent sources:
///   1 → 0, 2 → 9, 3 → 14, 4 → 17, 5+ → 20.
/// - topicImportance 0–15: min(15, base(topic) + round(Σ keyword weights)), a keyword counting
///   fully in a headline and half when only in a body.
struct SignalScorer {
    let analyzer: StoryAnalyzer
    private var configuration: InsightConfiguration { analyzer.configuration }

    func score(_ story: PreparedStory, topic: Topic) -> ScoreBreakdown {
        guard !story.articles.isEmpty else {
            return ScoreBreakdown(
                sourceAuthority: 0, freshness: 0, localRelevance: 0, crossSourceConfirmation: 0, topicImportance: 0)
        }
        return ScoreBreakdown(
            sourceAuthority: sourceAuthority(story), freshness: freshness(story), localRelevance: localRelevance(story),
            crossSourceConfirmation: confirmation(story), topicImportance: topicImportance(story, topic: topic))
    }

    func sourceAuthority(_ story: PreparedStory) -> Int {
        // One value per source (a source's articles share its authority; take its best).
        var bySource: [String: Int] = [:]
        for a in story.articles { bySource[a.sourceKey] = max(bySource[a.sourceKey] ?? 0, a.authority) }
        let values = bySource.keys.sorted().map { Double(bySource[$0]!) }
        let best = values.max() ?? 0
        let mean = values.reduce(0, +) / Double(max(values.count, 1))
        let w = min(max(configuration.authorityMaxWeight, 0), 1)
        return SignalScorer.clamp(Int((25 * (w * best + (1 - w) * mean) / 100).rounded()), 25)
    }

    func freshness(_ story: PreparedStory) -> Int {
        let latest = story.articles.map(\.article.publishedAt).max()!
        let age = max(0, story.now.timeIntervalSince(latest))
        let halfLife = max(configuration.freshnessHalfLife, 60)
        return SignalScorer.clamp(Int((25 * pow(0.5, age / halfLife)).rounded()), 25)
    }

    func localRelevance(_ story: PreparedStory) -> Int {
        let places = analyzer.places
        let text = analyzer.text
        var headline = 0.0
        var body = 0.0
        var region = 0.0
        for a in story.articles {
            if !places.matches(in: a.headline, text: text).isEmpty { headline += 1 }
            let bodyMentions = places.matches(in: a.sentences.joined(separator: " "), text: text).count
            body += bodyMentions >= 2 ? 1 : bodyMentions == 1 ? 0.5 : 0
            if let r = a.article.region?.lowercased().trimmingCharacters(in: .whitespaces),
                configuration.homeRegion.feedRegions.contains(r)
            {
                region += 1
            }
        }
        let n = Double(story.articles.count)
        return SignalScorer.clamp(Int((7 * headline / n + 5 * body / n + 3 * region / n).rounded()), 15)
    }

    func confirmation(_ story: PreparedStory) -> Int {
        let n = Double(story.voiceCount)
        let saturation = Double(max(configuration.confirmationSaturation, 2))
        return SignalScorer.clamp(Int((20 * min(1, log(n) / log(saturation))).rounded()), 20)
    }

    func topicImportance(_ story: PreparedStory, topic: Topic) -> Int {
        let base = SignalScorer.clamp(configuration.topicBase[topic] ?? 5, 15)
        var subject = 0.0
        for keyword in analyzer.subjects {
            if story.articles.contains(where: { SignalScorer.contains($0.headlineTerms, keyword.terms) }) {
                subject += keyword.weight
            } else if story.articles.contains(where: { article in
                article.sentenceTerms.contains { SignalScorer.contains($0, keyword.terms) }
            }) {
                subject += keyword.weight / 2
            }
        }
        return SignalScorer.clamp(base + Int(subject.rounded()), 15)
    }

    static func contains(_ terms: [String], _ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, terms.count >= phrase.count else { return false }
        if phrase.count == 1 { return terms.contains(phrase[0]) }
        for i in 0...(terms.count - phrase.count) where terms[i] == phrase[0] {
            if Array(terms[i..<(i + phrase.count)]) == phrase { return true }
        }
        return false
    }

    static func clamp(_ value: Int, _ upper: Int) -> Int { min(max(value, 0), upper) }
}
