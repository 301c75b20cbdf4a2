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
        var stored = StoredVectors()
        if let embedding, let model = embeddingModel { stored[model] = [article.id: embedding] }
        return self([article], stored: stored)[0]
    }

    /// Names the vectors of the encoder's branches (`TextEmbedder.branchIdentifiers`: the topic model's, the
    /// event features'), in the order `PreparedArticle.branchVectors` holds them; empty without branches.
    public var branchModels: [String] { embedder?.branchIdentifiers ?? [] }

    /// Features of several articles, in order; their embeddings are computed together (cheaper
    /// per article), except those found in `stored`.
    public func callAsFunction(_ articles: [StoryArticle], stored: StoredVectors = [:]) -> [ArticleFeatures] {
        prepared(articles, stored: stored).map(\.features)
    }

    /// Names the headline embeddings (stored beside the article's embedding); nil without an embedder.
    public var headlineModel: String? { embedder.map { $0.identifier + "/headline" } }

    /// Every kind of vector this extractor makes (embedding, headline, branches), by the model name it is stored under.
    public var vectorModels: [String] { [embeddingModel, headlineModel].compactMap { $0 } + branchModels }

    /// The branch whose vectors are the articles' event vectors, by position in `branchModels`.
    private var eventBranch: Int? { configuration.eventVectorModel.flatMap(branchModels.firstIndex(of:)) }

    /// Features as `callAsFunction`, and each article's branch vectors where the encoder ran for it: the same
    /// pass makes the embedding and every branch's vector. An article is embedded again when its embedding
    /// or its event vector is not in `stored` (vectors of the wrong width do not count); headline embeddings
    /// missing from `stored` are computed in one batch.
    public func prepared(_ articles: [StoryArticle], stored: StoredVectors = [:]) -> [PreparedArticle] {
        func fitting(_ model: String?, _ id: String) -> [Float]? {
            model.flatMap { stored[$0]?[id] }.flatMap { $0.count == embedder?.dimension ? $0 : nil }
        }
        let eventModel = eventBranch.map { branchModels[$0] }
        var embeddings: [[Float]?] = articles.map { fitting(embeddingModel, $0.id) }
        var headlines: [[Float]?] = articles.map { fitting(headlineModel, $0.id) }
        var events: [[Float]?] = articles.map { fitting(eventModel, $0.id) }
        var branches = [[[Float]]](repeating: [], count: articles.count)
        if let embedder {
            let missing = articles.indices.filter { embeddings[$0] == nil || (eventModel != nil && events[$0] == nil) }
            // Without branches this is the plain embedding pass, with no branch vectors.
            let texts = missing.map { ArticleFeatures.embeddingText(of: articles[$0]) }
            for (index, out) in zip(missing, embedder.embedWithBranches(texts)) {
                if embeddings[index] == nil { embeddings[index] = out.vector }
                if let eventBranch, events[index] == nil, eventBranch < out.branches.count {
                    events[index] = out.branches[eventBranch]
                }
                branches[index] = out.branches
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
                    headlineEmbedding: headlines[i] ?? [], eventEmbedding: events[i] ?? []),
                branchVectors: branches[i])
        }
    }
}

/// Vectors stored earlier, by model name (`ArticleFeatureExtractor.vectorModels`), then article id.
public typealias StoredVectors = [String: [String: [Float]]]

/// An article's clustering features and, where the encoder ran for it, its vector from each of the encoder's
/// branches (`ArticleFeatureExtractor.branchModels` order; empty otherwise), stored beside the embedding: the
/// topic model reads its branch's from there.
public struct PreparedArticle: Sendable {
    public var features: ArticleFeatures
    public var branchVectors: [[Float]]
}
