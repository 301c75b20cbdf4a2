import Foundation

/// Picks the story's canonical headline from its articles' headlines.
///
///     score = model(features) + 0.1 · authority/100 − penalties
///
/// - model: a linear score learned from real events (`scripts/train-headlines.py`, coefficients in
///   `HeadlineModel.swift`): which of an event's headlines comes closest (ROUGE-1) to the neutral title editors
///   wrote for the event, from what the headline shares with the other reports (`features`);
/// - authority: the source's authority / 100, a small preference among close headlines;
/// - penalties (product rules the labelled events rarely show): 0.3 for a question, 0.4 for clickbait
///   phrasing, 0.3 for a garbled headline (words lost before a comma or semicolon), 0.3 for ALL CAPS, 0.3 for a
///   LIVE/WATCH/VIDEO-style prefix, 0.1 for a BREAKING-style prefix (the marker is dropped from the text anyway);
///   1 for an opinion piece (`OpinionPiece`): its headline is one writer's view, the story's only when no report
///   gives one (as with the summary and the consensus).
///
/// Ties go to the earlier report, then the smaller article id.
enum HeadlineSelector {
    /// Weight of the source's authority (0–1) beside the learned score.
    static let authorityWeight = 0.1

    /// Feature names in the model's order (the training script writes them beside the coefficients).
    static let featureNames = [
        "centrality", "headline_agreement", "shared_terms", "length", "short", "long", "colon", "quotation",
        "number", "entities", "action_verb", "opinion", "terms",
    ]

    /// The index in `story.articles` of the canonical headline. Candidates and features come from the articles
    /// whose text the analysis reads (all of a story of 64 or fewer; of a longer one, each source's newest
    /// reports): the pairwise comparisons stay bounded however long a story runs, and a long story is named by
    /// its current reports.
    static func choose(_ story: PreparedStory) -> Int {
        let pool = story.articles.indices.filter { story.articles[$0].isRead }
        guard pool.count < story.articles.count, !pool.isEmpty else { return choose(among: story) }
        var read = story
        read.articles = pool.map { story.articles[$0] }
        return pool[choose(among: read)]
    }

    private static func choose(among story: PreparedStory) -> Int {
        let articles = story.articles
        guard articles.count > 1 else { return 0 }
        let features = features(story)
        var bestIndex = 0
        var bestScore = -Double.infinity
        for (i, article) in articles.enumerated() {
            var score = 0.0
            for (x, w) in zip(features[i], HeadlineModel.coefficients) { score += x * w }
            score += authorityWeight * Double(article.authority) / 100
            score -= penalty(article.article.headline, cleaned: article.headline)
            // An opinion piece's headline is one writer's view: the story's only when no report gives one.
            if article.isOpinion { score -= 1 }
            // Strictly greater: on ties the earlier article (sorted first) keeps its place.
            if score > bestScore + 1e-12 {
                bestScore = score
                bestIndex = i
            }
        }
        return bestIndex
    }

    /// Each article's headline features, in `featureNames` order:
    /// - centrality: mean TF-IDF cosine between the headline and each other article's headline + body;
    /// - headline agreement: mean TF-IDF cosine between the headline and each other headline;
    /// - shared terms: the share of the headline's terms that every other article uses;
    /// - length (words / 15), short (< 5 words), long (> 16 words), a colon, quotation marks, a number;
    /// - entities (min(named entities, 3) / 3), an action verb from a news-verb list (raises, kills, wins …);
    /// - an opinion piece (`OpinionPiece`); terms (distinct content terms / 10).
    static func features(_ story: PreparedStory) -> [[Double]] {
        let articles = story.articles
        var space = TermSpace()
        let documents = articles.map { $0.headlineTerms + $0.bodyTerms }
        for document in documents { space.addDocument(document) }
        let documentVectors = documents.map { space.vector($0) }
        let headlineVectors = articles.map { space.vector($0.headlineTerms) }
        let documentSets = documents.map(Set.init)
        let others = Double(max(articles.count - 1, 1))
        return articles.indices.map { i in
            let article = articles[i]
            var centrality = 0.0
            var agreement = 0.0
            for j in articles.indices where j != i {
                centrality += headlineVectors[i].cosine(documentVectors[j])
                agreement += headlineVectors[i].cosine(headlineVectors[j])
            }
            let terms = Set(article.headlineTerms)
            let shared = terms.filter { term in articles.indices.allSatisfy { $0 == i || documentSets[$0].contains(term) } }
            let headline = article.headline
            let words = headline.split(whereSeparator: { $0.isWhitespace }).count
            let text = InsightText.analyzer
            let entities = text.entities(headline).filter { !isSentenceStartOnly($0, in: headline) }
            return [
                centrality / others,
                agreement / others,
                terms.isEmpty ? 0 : Double(shared.count) / Double(terms.count),
                Double(words) / 15,
                words < 5 ? 1 : 0,
                words > 16 ? 1 : 0,
                headline.contains(":") ? 1 : 0,
                headline.contains(where: { "\"“”‘’'".contains($0) }) ? 1 : 0,
                headline.contains { $0.isNumber } ? 1 : 0,
                Double(min(entities.count, 3)) / 3,
                article.headlineTerms.contains { actionVerbStems.contains($0) } ? 1 : 0,
                article.isOpinion ? 1 : 0,
                Double(terms.count) / 10,
            ]
        }
    }

    /// A one-word "entity" that is just the headline's capitalised first word.
    private static func isSentenceStartOnly(_ entity: String, in headline: String) -> Bool {
        !entity.contains(" ") && headline.lowercased().hasPrefix(entity)
            && headline.lowercased().components(separatedBy: entity).count == 2
    }

    static func penalty(_ original: String, cleaned: String) -> Double {
        var penalty = 0.0
        if cleaned.trimmingCharacters(in: .whitespaces).hasSuffix("?") { penalty += 0.3 }
        let lower = cleaned.lowercased()
        if clickbait.contains(where: { lower.contains($0) }) || lower.hasPrefix("why ") || lower.hasPrefix("how ") {
            penalty += 0.4
        }
        let letters = cleaned.filter { $0.isLetter }
        if letters.count >= 10 && Double(letters.filter { $0.isUppercase }.count) / Double(letters.count) > 0.8 {
            penalty += 0.3
        }
        // A headline a page mangled ("Ships in a traffic jam in ; Suez Canal blocked"): a comma or semicolon after a
        // blank or after another, or empty brackets, where words were lost.
        if garbled.firstMatch(in: cleaned, range: NSRange(cleaned.startIndex..., in: cleaned)) != nil { penalty += 0.3 }
        if let marker = HeadlineText.leadingMarker(original) {
            let prefix = original.prefix(marker).lowercased()
            let presentational = ["live", "watch", "video", "photos", "listen"].contains { prefix.hasPrefix($0) }
            penalty += presentational ? 0.3 : 0.1
        }
        return penalty
    }

    private static let garbled = try! NSRegularExpression(pattern: #"\s[,;]|[,;]\s*[,;]|\(\s*\)|\[\s*\]"#)

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
