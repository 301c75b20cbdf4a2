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
        let reused = embedding.flatMap { $0.count == embedder?.dimension ? $0 : nil }
        return ArticleFeatures(article: article, analyzer: analyzer, configuration: configuration, embedder: embedder, embedding: reused)
    }
}
