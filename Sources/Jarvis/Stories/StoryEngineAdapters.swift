import Foundation

extension StoryClusterer: StoryClusteringEngine {
    public var openWindow: TimeInterval { configuration.storyWindow }
}

extension StoryAnalyzer: StoryAnalyzing {}

extension TopicClassifier: TopicClassifying {
    public func topic(of articles: [StoryArticle]) -> Topic { classify(story: articles) }
}
