import Foundation
import SentenceEmbedding
import Testing

@testable import Jarvis

/// The shipped topic model on our own labelled story set (`Resources/jarvis/eval`): the two in-process figures
/// `make eval-topics` prints for it (docs/results.md), articles alone and each true event classified as one story
/// with every article counted. The set is generated and unlike the real news the model learned from: these guard
/// against a regression, they do not measure generalisation (the real-news figure needs /work/shared/data and is
/// reproduced by `make eval-topics`). Without vectors the text model decides alone (the server without its encoder);
/// with each article's meaning vector, made as the server makes it, the meaning model is mixed in.
@Suite struct TopicEvalSetTests {
    /// (articles, true topic per article id).
    static func labelledArticles() throws -> ([StoryArticle], [String: Topic]) {
        let (articles, _) = try ClusteringEvalTests.loadEval()
        let topics = try StoryEvalLabels.load().topicOfArticle.compactMapValues { Topic(rawValue: $0) }
        return (articles, topics)
    }

    @Test func everyArticleHasAKnownTopic() throws {
        let (articles, topics) = try Self.labelledArticles()
        #expect(articles.count == 184)
        #expect(articles.allSatisfy { topics[$0.id] != nil })
    }

    /// Measured 0.652 (120 / 184, 2026-12-03, the model trained with lead copies and event articles); the floor allows one
    /// article less.
    @Test func articlesAloneStayAtTheMeasuredAccuracy() throws {
        let classifier = try #require(TopicModelFiles.classifier)
        let (articles, topics) = try Self.labelledArticles()
        let right = articles.filter { classifier.classify(headline: $0.headline, body: $0.body).topic == topics[$0.id] }.count
        let accuracy = Double(right) / Double(articles.count)
        print("topics on Resources/jarvis/eval, articles alone: \(right) / \(articles.count) = \(accuracy)")
        #expect(accuracy >= 0.646)
    }

    /// Measured 0.712 per article (131 / 184, 2026-12-03) with each true event as one story, as the story service
    /// classifies; the floor allows one article less.
    @Test func trueEventsAsStoriesStayAtTheMeasuredAccuracy() throws {
        let classifier = try #require(TopicModelFiles.classifier)
        let (articles, topics) = try Self.labelledArticles()
        let (_, truth) = try ClusteringEvalTests.loadEval()
        let events = Dictionary(grouping: articles) { truth[$0.id]! }
        var right = 0
        for members in events.values {
            let topic = classifier.classify(story: members)
            right += members.filter { topics[$0.id] == topic }.count
        }
        let accuracy = Double(right) / Double(articles.count)
        print("topics on Resources/jarvis/eval, true events as stories: \(right) / \(articles.count) = \(accuracy)")
        #expect(accuracy >= 0.706)
    }

    /// The encoder as the server loads it: with the shipped topic branch.
    static let branchedEncoder: SentenceEncoder? = try? SentenceEncoder(
        directory: TestPaths.repository.appendingPathComponent("third_party/sentence-model").path,
        branches: [TopicClassifier.branchPath(resourcesDirectory: TopicModelFiles.resourcesDirectory)])

    /// The vectors the shipped meaning part reads are the ones the server makes with the shipped branch.
    @Test func theMeaningPartReadsTheShippedBranch() throws {
        let classifier = try #require(TopicModelFiles.classifier)
        let encoder = try #require(Self.branchedEncoder)
        #expect(classifier.meaningEncoder != nil && classifier.meaningEncoder == encoder.branchIdentifiers.first)
    }

    /// Each article's meaning vector as the server stores it (its feature extractor, the encoder with the shipped
    /// topic branch): the branch's vector.
    static func meaningVectors(_ articles: [StoryArticle]) throws -> [String: [Float]] {
        let extractor = ArticleFeatureExtractor(configuration: .init(), embedder: try #require(Self.branchedEncoder))
        return Dictionary(
            uniqueKeysWithValues: zip(articles.map(\.id), extractor.prepared(articles).map { $0.branchVectors.first ?? [] }))
    }

    /// With the topic branch's vectors: measured 0.679 articles alone (125 / 184, 2026-12-04; `make eval-topics`) and
    /// 0.755 as true events (139 / 184, 2026-12-05, a story's topic by its articles' vote; 134 by their mean
    /// probability); the floors allow one article less.
    @Test func withMeaningVectorsTheyStayAtTheMeasuredAccuracy() throws {
        let classifier = try #require(TopicModelFiles.classifier)
        let (articles, topics) = try Self.labelledArticles()
        let vectors = try Self.meaningVectors(articles)
        let alone = articles.filter {
            classifier.classify(headline: $0.headline, body: $0.body, meaning: vectors[$0.id]).topic == topics[$0.id]
        }.count
        let (_, truth) = try ClusteringEvalTests.loadEval()
        var asStories = 0
        for members in Dictionary(grouping: articles, by: { truth[$0.id]! }).values {
            let topic = classifier.classify(story: members, meaning: vectors)
            asStories += members.filter { topics[$0.id] == topic }.count
        }
        print("topics on Resources/jarvis/eval with meaning vectors: \(alone) / \(asStories) of \(articles.count)")
        #expect(Double(alone) / Double(articles.count) >= 0.674)
        #expect(Double(asStories) / Double(articles.count) >= 0.750)
    }
}
