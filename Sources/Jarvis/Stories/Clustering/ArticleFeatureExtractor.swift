import SentenceEmbedding

/// Computes `ArticleFeatures` the way one clusterer compares them: pure and `Sendable`, so a
/// batch can be prepared in parallel, off the clusterer's serial path. The sentence embedding is
/// the expensive part (milliseconds an article); one stored earlier can be passed back in.
public struct ArticleFeatureExtractor: Sendable {
    public let configuration: ClusteringConfiguration
    public let embedder: (any TextEmbedder)?
    private let analyzer = TextAnalyzer()

    public init(configuration: ClusteringConfiguration, embedder: (any TextEmbedder)?) {
        self.configuration = configuration
        self.embedder = embedder
    }

    /// Names the embeddings this extractor makes (stored ones are reused only under the same
    /// name); nil without an embedder.
    public var embeddingModel: String? { embedder?.identifier }

    public func callAsFunction(_ article: StoryArticle, embedding: [Float]? = nil) -> ArticleFeatures {
        self([article], stored: embedding.map { [article.id: $0] } ?? [:])[0]
    }

    /// Features of several articles, in order; their embeddings are computed together (cheaper
    /// per article), except those found in `stored` (by article id, if of the right width).
    public func callAsFunction(_ articles: [StoryArticle], stored: [String: [Float]] = [:]) -> [ArticleFeatures] {
        var embeddings: [[Float]?] = articles.map { article in
            stored[article.id].flatMap { $0.count == embedder?.dimension ? $0 : nil }
        }
        if let embedder {
            let missing = articles.indices.filter { embeddings[$0] == nil }
            let vectors = embedder.embed(missing.map { ArticleFeatures.embeddingText(of: articles[$0]) })
            for (index, vector) in zip(missing, vectors) { embeddings[index] = vector }
        }
        return articles.indices.map { i in
            ArticleFeatures(
                article: articles[i], analyzer: analyzer, configuration: configuration, embedding: embeddings[i] ?? [])
        }
    }
}
