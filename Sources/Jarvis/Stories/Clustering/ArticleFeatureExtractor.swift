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

    /// Names the branch vectors (the topic model's) the embedder makes alongside; nil without a branch.
    public var branchModel: String? { embedder?.branchIdentifier }

    /// Features of several articles, in order; their embeddings are computed together (cheaper
    /// per article), except those found in `stored` (by article id, if of the right width).
    public func callAsFunction(_ articles: [StoryArticle], stored: [String: [Float]] = [:]) -> [ArticleFeatures] {
        prepared(articles, stored: stored).map(\.features)
    }

    /// Names the headline embeddings (stored beside the article's embedding); nil without an embedder.
    public var headlineModel: String? { embedder.map { $0.identifier + "/headline" } }

    /// Every kind of vector this extractor makes (embedding, headline, branch), by the model name it is stored under.
    public var vectorModels: [String] { [embeddingModel, headlineModel, branchModel].compactMap { $0 } }

    /// Features as `callAsFunction`, and the branch vector of each article whose embedding was computed here
    /// (empty for one found in `stored`, or without a branch): the same pass makes both. Headline embeddings
    /// found in `storedHeadlines` are reused; the others are computed in one batch.
    public func prepared(
        _ articles: [StoryArticle], stored: [String: [Float]] = [:], storedHeadlines: [String: [Float]] = [:]
    ) -> [PreparedArticle] {
        func fitting(_ vector: [Float]?) -> [Float]? { vector.flatMap { $0.count == embedder?.dimension ? $0 : nil } }
        var embeddings: [[Float]?] = articles.map { fitting(stored[$0.id]) }
        var headlines: [[Float]?] = articles.map { fitting(storedHeadlines[$0.id]) }
        var branches = [[Float]](repeating: [], count: articles.count)
        if let embedder {
            let missing = articles.indices.filter { embeddings[$0] == nil }
            // Without a branch this is the plain embedding pass, with empty branch vectors.
            let texts = missing.map { ArticleFeatures.embeddingText(of: articles[$0]) }
            for (index, pair) in zip(missing, embedder.embedWithBranch(texts)) {
                embeddings[index] = pair.vector
                branches[index] = pair.branch
            }
            let missingHeadlines = articles.indices.filter { headlines[$0] == nil && !articles[$0].headline.isEmpty }
            for (index, vector) in zip(missingHeadlines, embedder.embed(missingHeadlines.map { articles[$0].headline })) {
                headlines[index] = vector
            }
        }
        return articles.indices.map { i in
            PreparedArticle(
                features: ArticleFeatures(
                    article: articles[i], analyzer: analyzer, configuration: configuration, embedding: embeddings[i] ?? [],
                    headlineEmbedding: headlines[i] ?? []),
                branchVector: branches[i])
        }
    }
}

/// An article's clustering features and, when the encoder has a branch, its branch vector (the topic
/// model's input, stored beside the embedding; not kept by the clusterer).
public struct PreparedArticle: Sendable {
    public var features: ArticleFeatures
    public var branchVector: [Float]
}
