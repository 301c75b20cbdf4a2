import Foundation

/// Picks the story's canonical headline from its articles' headlines.
///
///     score = 0.40 · centrality + 0.35 · informativeness + 0.25 · authority − penalties
///
/// - centrality: mean TF-IDF cosine between the headline and each other article's headline +
///   body, divided by the story's best such mean (1 for the most central; 1 for everyone in a
///   single-article story);
/// - informativeness (0–1): 0.4 · min(entities, 3)/3 + 0.3 · (has a number) + 0.3 · (has an
///   action verb from a news-verb list, e.g. raises, kills, wins, announces);
/// - authority: the source's authority / 100;
/// - penalties: 0.3 for fewer than 5 words, 0.15 for more than 16 (0.3 above 22), 0.3 for a
///   question, 0.4 for clickbait phrasing, 0.3 for ALL CAPS, 0.3 for a LIVE/WATCH/VIDEO-style
///   prefix, 0.1 for a BREAKING-style prefix (the marker is dropped from the text anyway).
///
/// Ties go to the earlier report, then the smaller article id.
enum HeadlineSelector {
    static func choose(_ story: PreparedStory) -> Int {
        let articles = story.articles
        guard articles.count > 1 else { return 0 }
        var space = TermSpace()
        let documents = articles.map { $0.headlineTerms + $0.bodyTerms }
        for document in documents { space.addDocument(document) }
        let documentVectors = documents.map { space.vector($0) }
        let headlineVectors = articles.map { space.vector($0.headlineTerms) }

        var centrality = [Double](repeating: 0, count: articles.count)
        for i in articles.indices {
            var total = 0.0
            for j in articles.indices where j != i { total += headlineVectors[i].cosine(documentVectors[j]) }
            centrality[i] = total / Double(articles.count - 1)
        }
        let best = centrality.max() ?? 0
        var bestIndex = 0
        var bestScore = -Double.infinity
        for (i, features) in articles.enumerated() {
            let central = best > 0 ? centrality[i] / best : 1
            let score =
                0.40 * central + 0.35 * informativeness(features) + 0.25 * Double(features.authority) / 100
                - penalty(features.article.headline, cleaned: features.headline)
            // Strictly greater: on ties the earlier article (sorted first) keeps its place.
            if score > bestScore + 1e-12 {
                bestScore = score
                bestIndex = i
            }
        }
        return bestIndex
    }

    static func informativeness(_ features: InsightArticle) -> Double {
        let headline = features.headline
        let text = InsightText.analyzer
        let entities = text.entities(headline).filter { !isSentenceStartOnly($0, in: headline) }
        let hasNumber = headline.contains { $0.isNumber }
        let hasVerb = features.headlineTerms.contains { actionVerbStems.contains($0) }
        return 0.4 * Double(min(entities.count, 3)) / 3 + (hasNumber ? 0.3 : 0) + (hasVerb ? 0.3 : 0)
    }

    /// A one-word "entity" that is just the headline's capitalised first word.
    private static func isSentenceStartOnly(_ entity: String, in headline: String) -> Bool {
        !entity.contains(" ") && headline.lowercased().hasPrefix(entity)
            && headline.lowercased().components(separatedBy: entity).count == 2
    }

    static func penalty(_ original: String, cleaned: String) -> Double {
        var penalty = 0.0
        let words = cleaned.split(whereSeparator: { $0.isWhitespace }).count
        if words < 5 { penalty += 0.3 }
        if words > 22 { penalty += 0.3 } else if words > 16 { penalty += 0.15 }
        if cleaned.trimmingCharacters(in: .whitespaces).hasSuffix("?") { penalty += 0.3 }
        let lower = cleaned.lowercased()
        if clickbait.contains(where: { lower.contains($0) }) || lower.hasPrefix("why ") || lower.hasPrefix("how ") {
            penalty += 0.4
        }
        let letters = cleaned.filter { $0.isLetter }
        if letters.count >= 10 && Double(letters.filter { $0.isUppercase }.count) / Double(letters.count) > 0.8 {
            penalty += 0.3
        }
        if let marker = HeadlineText.leadingMarker(original) {
            let prefix = original.prefix(marker).lowercased()
            let presentational = ["live", "watch", "video", "photos", "listen"].contains { prefix.hasPrefix($0) }
            penalty += presentational ? 0.3 : 0.1
        }
        return penalty
    }

    static let clickbait = [
        "you won't believe", "you wont believe", "here's why", "here is why", "this is why", "what we know",
        "what you need to know", "everything you need", "things to know", "shocking", "mind-blowing", "jaw-dropping",
        "will blow your mind", "you need to see", "goes viral", "the internet is", "find out", "revealed:",
        "must see", "must-see", "can't stop", "top 10", "in pictures", "explained",
    ]

    static let actionVerbStems: Set<String> = {
        let verbs = [
            "raises", "raised", "cuts", "cut", "hikes", "hiked", "holds", "wins", "won", "loses", "lost", "kills",
            "killed", "announces", "announced", "signs", "signed", "approves", "approved", "launches", "launched",
            "bans", "banned", "arrests", "arrested", "elects", "elected", "votes", "voted", "sacks", "sacked", "fires",
            "fired", "resigns", "resigned", "acquires", "acquired", "buys", "bought", "sells", "sold", "sues",
            "sued", "fines", "fined", "charges", "charged", "blocks", "blocked", "suspends", "suspended", "lifts",
            "lifted", "hits", "surges", "surged", "falls", "fell", "rises", "rose", "drops", "dropped", "jumps",
            "jumped", "plunges", "plunged", "slashes", "slashed", "boosts", "boosted", "unveils", "unveiled",
            "releases", "released", "rejects", "rejected", "passes", "passed", "seizes", "seized", "storms",
            "stormed", "attacks", "attacked", "strikes", "struck", "opens", "opened", "closes", "closed", "shuts",
            "warns", "warned", "urges", "urged", "agrees", "agreed", "ends", "ended", "collapses", "collapsed",
            "crashes", "crashed", "defaults", "defaulted", "posts", "posted", "claims", "denies", "denied",
            "confirms", "confirmed", "accuses", "accused", "orders", "ordered", "rules", "ruled", "overturns",
            "appoints", "appointed", "names", "named", "kill", "die", "dies", "died", "injures", "injured",
            "floods", "flooded", "leaks", "leaked", "breaches", "breached", "hacked", "lays", "laid", "fires",
            "freezes", "froze", "imposes", "imposed", "extends", "extended", "expands", "expanded", "reaches",
            "reached", "grows", "grew", "shrinks", "shrank", "soars", "soared", "tumbles", "tumbled", "halts",
            "halted", "reopens", "reopened", "sworn", "swears", "kidnapped", "abducted", "freed", "frees",
            "rescued", "evacuates", "evacuated", "displaces", "displaced", "devalues", "devalued", "pledges",
            "pledged", "secures", "secured", "bags", "inks", "scraps", "scrapped", "delays", "delayed", "wipes",
        ]
        return Set(verbs.flatMap { InsightText.analyzer.terms($0) })
    }()
}

/// One analyzer for static tables and small helpers (its stemmer is lock-protected).
enum InsightText {
    static let analyzer = TextAnalyzer()
}
