import Foundation
import SentenceEmbedding
import Synchronization

/// `StoryClusterer` as the service's clustering engine: a new story takes the id the service
/// proposes (the article's provisional story), so ids stay stable from the first store.
public final class ClusteringEngine: StoryClusteringEngine {
    private let clusterer: StoryClusterer
    private let proposal: Proposal

    /// The next id to hand out, once; afterwards random ids (for the rare collision redraw).
    final class Proposal: @unchecked Sendable {
        // Touched only by the owning engine, which its caller serialises.
        var next: String?
        func take() -> String? {
            defer { next = nil }
            return next
        }
    }

    public init(
        configuration: ClusteringConfiguration = .init(), embedder: (any TextEmbedder)? = nil,
        joinModel: JoinModel? = nil
    ) {
        let proposal = Proposal()
        self.proposal = proposal
        clusterer = StoryClusterer(
            configuration: configuration, embedder: embedder, joinModel: joinModel,
            makeStoryId: { proposal.take() ?? StoryClusterer.randomStoryId() })
    }

    public var extractor: ArticleFeatureExtractor { clusterer.extractor }

    public func assign(_ article: StoryArticle, features: ArticleFeatures, proposedStoryId: String) -> StoryAssignment {
        proposal.next = proposedStoryId
        defer { proposal.next = nil }
        switch clusterer.assign(article, features: features) {
        case .newStory(let id): return .newStory(id)
        case .joined(let id, _): return .joined(id)
        case .joinedAndMerged(let survivor, let absorbed, _): return .joinedAndMerged(survivor: survivor, absorbed: absorbed)
        }
    }

    public func restore(_ article: StoryArticle, features: ArticleFeatures, storyId: String) {
        clusterer.restore(article: article, features: features, storyId: storyId)
    }

    public func forget(storyId: String) { clusterer.remove(storyId: storyId) }

    public var openWindow: TimeInterval { clusterer.configuration.storyWindow }
}

extension StoryAnalyzer: StoryAnalyzing {}

extension TopicClassifier: TopicClassifying {
    public func topic(of articles: [StoryArticle]) -> Topic { classify(story: articles) }
}
