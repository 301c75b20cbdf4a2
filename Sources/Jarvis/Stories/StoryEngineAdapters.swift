import Foundation

extension StoryClusterer: StoryClusteringEngine {
    public var openWindow: TimeInterval { configuration.storyWindow }
}

extension StoryAnalyzer: StoryAnalyzing {
    public func articlesRead(_ articles: [StoryArticle]) -> Set<String> {
        StoryAnalyzer.articlesRead(articles, limit: configuration.maxArticlesRead)
    }
}

extension TopicClassifier: TopicClassifying {
    public func topic(of articles: [StoryArticle], meaning: [String: [Float]]) -> Topic {
        classify(story: articles, meaning: meaning)
    }
}
