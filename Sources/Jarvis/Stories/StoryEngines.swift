import Foundation

/// Where an article goes (`StoryClusterer.assign`), as the service applies it. `newStory` reuses
/// the id the caller proposed (the article's provisional story), so ids never change under the
/// app's feet.
public enum StoryAssignment: Sendable, Equatable {
    case newStory(String)
    case joined(String)
    /// The article bridged stories that are one: the absorbed ones are merged into `survivor`.
    case joinedAndMerged(survivor: String, absorbed: [String])

    public var storyId: String {
        switch self {
        case .newStory(let id), .joined(let id): id
        case .joinedAndMerged(let survivor, _): survivor
        }
    }
}

/// Online clustering, owned and serialised by `StoryService`.
public protocol StoryClusteringEngine: AnyObject {
    /// Reads articles for `assign`/`restore`: pure and thread-safe, so the service prepares a
    /// whole batch in parallel before its serial decisions.
    var extractor: ArticleFeatureExtractor { get }
    /// A new story takes `proposedStoryId` when it is free (the article's provisional story).
    func assign(_ article: StoryArticle, features: ArticleFeatures, proposedStoryId: String?) -> StoryAssignment
    func restore(article: StoryArticle, features: ArticleFeatures, storyId: String)
    /// Lone stories offered again to the others after the latest `assign`s; the merges made, each lone
    /// story absorbed or absorbing (`StoryClusterer.reconsiderLoneArticles`).
    func reconsiderLoneArticles() -> [(survivor: String, absorbed: String)]
    /// Drops a story (gone stale) from the index.
    func remove(storyId: String)
    /// How far back from the newest article a story can still be joined: only those articles are
    /// reloaded into the index at start-up.
    var openWindow: TimeInterval { get }
}

extension StoryClusteringEngine {
    public var openWindow: TimeInterval { ClusteringConfiguration().storyWindow }
}

public protocol TopicClassifying: Sendable {
    /// The encoder whose stored article vectors `topic(of:meaning:)` reads; nil: it reads none.
    var meaningEncoder: String? { get }
    /// `meaning`: the articles' stored vectors from `meaningEncoder`, by article id (any may be missing).
    func topic(of articles: [StoryArticle], meaning: [String: [Float]]) -> Topic
}

extension TopicClassifying {
    public var meaningEncoder: String? { nil }
}

public protocol StoryAnalyzing: Sendable {
    func analyze(_ articles: [StoryArticle], topic: Topic, now: Date) -> StoryInsight
    /// The signal score alone, for the periodic rescore of every live story (the full analysis by default).
    func score(_ articles: [StoryArticle], topic: Topic, now: Date) -> ScoreBreakdown
    /// The ids of the articles whose body the analysis reads, chosen from their headlines and facts alone (every
    /// article by default): the store loads only these bodies.
    func articlesRead(_ articles: [StoryArticle]) -> Set<String>
}

extension StoryAnalyzing {
    public func score(_ articles: [StoryArticle], topic: Topic, now: Date) -> ScoreBreakdown {
        analyze(articles, topic: topic, now: now).score
    }

    public func articlesRead(_ articles: [StoryArticle]) -> Set<String> { Set(articles.map(\.id)) }
}
