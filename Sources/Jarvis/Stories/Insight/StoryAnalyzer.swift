import Foundation

/// # Story insight
///
/// Everything the app shows about a story that no feed gives us, computed from the story's
/// articles alone: canonical headline, cross-source summary, consensus and conflict, the
/// per-article BREAKING badge and the five-part signal score (rubric in `RUBRIC.md`).
///
/// Pure and deterministic: no I/O, no clock (callers pass `now`), no randomness, and no
/// dependence on dictionary order or on the order the articles are given in. Clustering and
/// topic classification happen elsewhere; this module receives their result.
public struct StoryAnalyzer: Sendable {
    public let configuration: InsightConfiguration
    let text: TextAnalyzer
    let places: PlaceMatcher
    let subjects: [SubjectKeyword]
    private let authorityOverrides: [String: Int]

    public init(configuration: InsightConfiguration = .init()) {
        self.configuration = configuration
        let text = TextAnalyzer()
        self.text = text
        places = PlaceMatcher(places: configuration.homeRegion.places, text: text)
        subjects = configuration.subjectKeywords.keys.sorted().compactMap { phrase in
            let terms = text.terms(phrase)
            guard !terms.isEmpty, let weight = configuration.subjectKeywords[phrase] else { return nil }
            return SubjectKeyword(phrase: phrase, terms: terms, weight: weight)
        }
        var overrides: [String: Int] = [:]
        for (name, value) in configuration.sourceAuthority {
            overrides[StoryAnalyzer.sourceKey(name)] = min(max(value, 0), 100)
        }
        authorityOverrides = overrides
    }

    /// The insight for one story: `articles` are the story's articles (any order), `topic`
    /// comes from the classifier, `now` anchors freshness and breaking.
    public func analyze(_ articles: [StoryArticle], topic: Topic, now: Date) -> StoryInsight {
        let story = prepare(articles, now: now)
        guard !story.articles.isEmpty else {
            return StoryInsight(
                headline: "Untitled story", summary: "No reports are available for this story yet.",
                topic: topic, consensus: nil, conflict: nil, breaking: [:],
                score: ScoreBreakdown(
                    sourceAuthority: 0, freshness: 0, localRelevance: 0,
                    crossSourceConfirmation: 0, topicImportance: 0))
        }
        let headlineIndex = HeadlineSelector.choose(story)
        let headline = story.articles[headlineIndex].headline
        let summary = StorySummarizer(story: story, headline: headline, configuration: configuration).summary()
        let agreement = SourceAgreement(story: story, text: text)
        return StoryInsight(
            headline: headline, summary: summary, topic: topic,
            consensus: agreement.consensus(), conflict: agreement.conflict(),
            breaking: BreakingDetector(configuration: configuration).flags(story),
            score: SignalScorer(analyzer: self).score(story, topic: topic))
    }

    /// The features `WordImportance` reads for each word a several-source summary is chosen by (empty for a story
    /// of one voice): what `scripts/train-summary-words.py` fits the word model on, through `story-eval`.
    public func summaryWordFeatures(_ articles: [StoryArticle], now: Date) -> [String: [Double]] {
        let story = prepare(articles, now: now)
        guard story.voiceCount > 1 else { return [:] }
        let headline = story.articles[HeadlineSelector.choose(story)].headline
        return StorySummarizer(story: story, headline: headline, configuration: configuration).wordFeatures()
    }

    /// Each article's headline as the story would show it, with the features `HeadlineSelector` scores it by: what
    /// `scripts/train-headlines.py` fits the headline model on, through `story-eval`.
    public func headlineFeatures(_ articles: [StoryArticle], now: Date) -> [(headline: String, features: [Double])] {
        let story = prepare(articles, now: now)
        guard story.articles.count > 1 else { return [] }
        return zip(story.articles, HeadlineSelector.features(story)).map { ($0.headline, $1) }
    }

    /// The score alone (freshness changes with `now`, so callers may refresh it cheaply).
    public func score(_ articles: [StoryArticle], topic: Topic, now: Date) -> ScoreBreakdown {
        SignalScorer(analyzer: self).score(prepare(articles, now: now), topic: topic)
    }

    /// The authority 0–100 this analyzer gives an article's source.
    public func authority(of article: StoryArticle) -> Int {
        if let override = authorityOverrides[StoryAnalyzer.sourceKey(article.source)] { return override }
        if let own = article.sourceAuthority { return min(max(own, 0), 100) }
        return min(max(configuration.defaultAuthority, 0), 100)
    }

    static func sourceKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    // MARK: - Features

    /// The ids of the articles whose text is read (`InsightConfiguration.maxArticlesRead`): every source's newest,
    /// then every source's next newest, and so on, sources in order of their newest report. Independent of the
    /// order the articles come in.
    static func articlesRead(_ articles: [StoryArticle], limit: Int) -> Set<String> {
        guard articles.count > limit else { return Set(articles.map(\.id)) }
        var bySource: [String: [StoryArticle]] = [:]
        for article in articles { bySource[sourceKey(article.source), default: []].append(article) }
        func newerFirst(_ a: StoryArticle, _ b: StoryArticle) -> Bool { (a.publishedAt, b.id) > (b.publishedAt, a.id) }
        for key in bySource.keys { bySource[key]!.sort(by: newerFirst) }
        let sources = bySource.keys.sorted { a, b in
            let (x, y) = (bySource[a]![0], bySource[b]![0])
            return x.publishedAt != y.publishedAt ? x.publishedAt > y.publishedAt : a < b
        }
        var read = Set<String>()
        var round = 0
        while read.count < max(limit, 0) {
            let before = read.count
            for source in sources where round < bySource[source]!.count && read.count < limit {
                read.insert(bySource[source]![round].id)
            }
            if read.count == before { break }
            round += 1
        }
        return read
    }

    func prepare(_ input: [StoryArticle], now: Date) -> PreparedStory {
        let sorted = input.sorted { ($0.publishedAt, $0.id) < ($1.publishedAt, $1.id) }
        var articles: [InsightArticle] = []
        articles.reserveCapacity(sorted.count)
        let read = StoryAnalyzer.articlesRead(sorted, limit: configuration.maxArticlesRead)
        for article in sorted {
            let headline = HeadlineText.clean(article.headline, source: article.source)
            let sentences =
                read.contains(article.id)
                ? text.sentences(
                    PageFurniture.clean(
                        String(article.body.prefix(configuration.maxBodyCharactersRead)), published: article.publishedAt))
                : []
            articles.append(
                InsightArticle(
                    article: article, sourceKey: StoryAnalyzer.sourceKey(article.source), authority: authority(of: article),
                    headline: headline, headlineTerms: text.terms(headline), sentences: sentences,
                    sentenceTerms: sentences.map { text.terms($0) }, isOpinion: OpinionPiece.isOpinion(article),
                    isRead: read.contains(article.id)))
        }
        // Independent voices: one per source name, and syndicated copies (same content hash
        // under different names) merged into one.
        var parent = Array(articles.indices)
        func find(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        var firstBySource: [String: Int] = [:]
        var firstByHash: [String: Int] = [:]
        for (i, features) in articles.enumerated() {
            if let j = firstBySource[features.sourceKey] {
                parent[find(i)] = find(j)
            } else {
                firstBySource[features.sourceKey] = i
            }
            let hash = features.article.contentHash
            if !hash.isEmpty {
                if let j = firstByHash[hash] { parent[find(i)] = find(j) } else { firstByHash[hash] = i }
            }
        }
        var voiceOfRoot: [Int: Int] = [:]
        for i in articles.indices {
            let root = find(i)
            if voiceOfRoot[root] == nil { voiceOfRoot[root] = voiceOfRoot.count }
            articles[i].voice = voiceOfRoot[root]!
        }
        return PreparedStory(articles: articles, voiceCount: voiceOfRoot.count, now: now)
    }
}

/// One story's articles with their text features, earliest first (ties by id).
struct PreparedStory {
    var articles: [InsightArticle]
    /// Independent sources (see `StoryAnalyzer.prepare`).
    var voiceCount: Int
    var now: Date

    /// Distinct source names, in order of first report.
    var sourceNames: [String] {
        var seen = Set<String>()
        var names: [String] = []
        for a in articles where seen.insert(a.sourceKey).inserted { names.append(a.article.source) }
        return names
    }
}

struct InsightArticle {
    var article: StoryArticle
    var sourceKey: String
    var authority: Int
    /// The headline without BREAKING/LIVE markers or a trailing " - Source".
    var headline: String
    var headlineTerms: [String]
    var sentences: [String]
    var sentenceTerms: [[String]]
    /// A columnist's or an editorial board's piece (`OpinionPiece`).
    var isOpinion = false
    var voice = 0
    /// Among the articles whose text the analysis reads (`StoryAnalyzer.articlesRead`).
    var isRead = true

    var bodyTerms: [String] { sentenceTerms.flatMap { $0 } }
}

struct SubjectKeyword: Sendable {
    var phrase: String
    var terms: [String]
    var weight: Double
}

/// Whole-word, multi-word matching of home-region names.
struct PlaceMatcher: Sendable {
    private let byFirstWord: [String: [[String]]]

    init(places: [String], text: TextAnalyzer) {
        var index: [String: [[String]]] = [:]
        for place in Set(places).sorted() {
            let words = PlaceMatcher.tokens(place, text: text)
            guard let first = words.first else { continue }
            index[first, default: []].append(words)
        }
        byFirstWord = index
    }

    static func tokens(_ string: String, text: TextAnalyzer) -> [String] {
        text.words(string).map { word in
            var w = word.lowercased()
            for suffix in ["'s", "’s"] where w.hasSuffix(suffix) { w.removeLast(2) }
            return w
        }
    }

    /// The distinct place names mentioned in `string`.
    func matches(in string: String, text: TextAnalyzer) -> Set<String> {
        let words = PlaceMatcher.tokens(string, text: text)
        var found = Set<String>()
        for i in words.indices {
            guard let candidates = byFirstWord[words[i]] else { continue }
            for phrase in candidates where i + phrase.count <= words.count {
                if Array(words[i..<(i + phrase.count)]) == phrase { found.insert(phrase.joined(separator: " ")) }
            }
        }
        return found
    }
}

enum HeadlineText {
    /// Markers that say how a headline is presented, not what happened.
    static let presentationPrefixes = [
        "breaking news", "breaking", "just in", "developing", "update", "updated", "urgent", "live updates", "live",
        "watch", "video", "photos", "listen", "exclusive", "the latest",
    ]

    /// Drops a leading marker ("BREAKING: ", "LIVE - ") and a trailing " - Source" / " | Source".
    static func clean(_ headline: String, source: String) -> String {
        var result = headline.trimmingCharacters(in: .whitespacesAndNewlines)
        if let marker = leadingMarker(result) {
            result = String(result.dropFirst(marker)).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // A trailing presentation tag: "(video)", "[PHOTOS]", "(VIDEO, PHOTOS)", " - video".
        let tag = trailingTag.firstMatch(in: result, range: NSRange(result.startIndex..., in: result))
        if let tag, let range = Range(tag.range, in: result), tag.range.location > 0 {
            result = String(result[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
        }
        let lowerSource = source.lowercased().trimmingCharacters(in: .whitespaces)
        for separator in [" - ", " | ", " – ", " — "] {
            if !lowerSource.isEmpty, result.lowercased().hasSuffix(separator + lowerSource) {
                result = String(result.dropLast(separator.count + lowerSource.count))
            }
        }
        return result.isEmpty ? headline.trimmingCharacters(in: .whitespacesAndNewlines) : result
    }

    private static let trailingTag = try! NSRegularExpression(
        pattern:
            #"\s*(?:[(\[](?:videos?|photos?|pictures|watch|audio|gallery|live)(?:\s*[,/&+]\s*(?:videos?|photos?|pictures|audio))*[)\]]|\s[-|–—]\s*(?:videos?|photos?|watch|audio|gallery))\s*$"#,
        options: [.caseInsensitive])

    /// The length of a leading presentation marker followed by `:`/`-`/`|`, if any.
    static func leadingMarker(_ headline: String) -> Int? {
        let lower = headline.lowercased()
        for prefix in presentationPrefixes where lower.hasPrefix(prefix) {
            let rest = lower.dropFirst(prefix.count)
            let spaces = rest.prefix(while: { $0 == " " }).count
            let afterSpaces = rest.dropFirst(spaces)
            if let c = afterSpaces.first, [":", "-", "|", "–", "—"].contains(c) {
                return prefix.count + spaces + 1
            }
        }
        return nil
    }
}
