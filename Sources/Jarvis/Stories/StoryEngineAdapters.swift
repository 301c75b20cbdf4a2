import Foundation

extension StoryClusterer: StoryClusteringEngine {
    public var openWindow: TimeInterval { configuration.storyWindow }
}

extension StoryAnalyzer: StoryAnalyzing {}

extension TopicClassifier: TopicClassifying {
    public func topic(of articles: [StoryArticle], meaning: [String: [Float]]) -> Topic {
        classify(story: articles, meaning: meaning)
    }
}
