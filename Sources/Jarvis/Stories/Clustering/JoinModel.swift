import Foundation

/// The learned same-event decision: a logistic regression over `JoinFeatures` that gives the
/// probability that an article reports the event of a candidate story.
///
/// Trained by `scripts/train-clustering.py` on article↔story pairs of real, human-grouped events
/// (the train split of the shared news-events set), its join threshold chosen on the validation
/// split; shipped as `Resources/jarvis/clustering/join-model.json`. The file also carries a few
/// made-up articles with the feature values and probability they had at training time, so a test
/// can tell when the serving features drifted from what the weights were learned on.
public struct JoinModel: Sendable, Equatable, Codable {
    /// Feature names in vector order (`JoinFeatures.names`).
    public var features: [String]
    /// Standardisation: x' = (x - mean) / scale, then w · x' + bias.
    public var mean: [Double]
    public var scale: [Double]
    public var weights: [Double]
    public var bias: Double
    /// An article joins its most probable story at this probability or above.
    public var threshold: Double
    /// A second story this probable is merged with the first (when their centroids agree too).
    public var mergeThreshold: Double
    /// The encoder branch whose vectors `event_max` and `event_mean` compare (`TextEmbedder.branchIdentifiers`);
    /// the clusterer uses the model only with an embedder that makes them.
    public var eventEncoder: String?

    public init(
        features: [String], mean: [Double], scale: [Double], weights: [Double], bias: Double,
        threshold: Double, mergeThreshold: Double, eventEncoder: String? = nil
    ) {
        self.features = features
        self.mean = mean
        self.scale = scale
        self.weights = weights
        self.bias = bias
        self.threshold = threshold
        self.mergeThreshold = mergeThreshold
        self.eventEncoder = eventEncoder
    }

    public enum LoadError: Error, Equatable {
        /// The file names features this build does not compute, or its arrays disagree in length.
        case incompatible(String)
    }

    /// Reads and checks a model file.
    public static func load(path: String) throws -> JoinModel {
        let model = try JSONDecoder().decode(JoinModel.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        try model.validate()
        return model
    }

    /// The shipped model's place under a resources directory.
    public static func bundledPath(resourcesDirectory: String) -> String {
        resourcesDirectory + "/clustering/join-model.json"
    }

    /// The shipped event branch (`eventEncoder` names its vectors), written with the model.
    public static func eventBranchPath(resourcesDirectory: String) -> String {
        resourcesDirectory + "/clustering/event-branch.safetensors"
    }

    func validate() throws {
        let n = features.count
        guard mean.count == n, scale.count == n, weights.count == n else {
            throw LoadError.incompatible("feature, mean, scale and weight counts differ")
        }
        guard features == JoinFeatures.names else {
            throw LoadError.incompatible("features \(features) are not this build's \(JoinFeatures.names)")
        }
        guard scale.allSatisfy({ $0 > 0 && $0.isFinite }), weights.allSatisfy(\.isFinite), bias.isFinite else {
            throw LoadError.incompatible("non-finite weight or non-positive scale")
        }
    }

    /// P(same event | features).
    public func probability(_ features: JoinFeatures) -> Double {
        let x = features.vector
        var z = bias
        for i in weights.indices { z += weights[i] * (x[i] - mean[i]) / scale[i] }
        return 1 / (1 + exp(-z))
    }
}

/// What the join decision looks at for one article and one candidate story. Every value is a
/// number in a small range; `vector` orders them as `names`.
///
/// Nothing here measures the story's size: the labelled events the model learns from have two or
/// three articles each, so a size feature learns that a story of three is full — and real stories
/// run to dozens of reports.
public struct JoinFeatures: Sendable, Equatable {
    /// TF-IDF cosine of the article's terms (title counted twice) and the story's centroid.
    public var textCosine: Double = 0
    /// IDF-weighted cosine of the article's headline terms and the story's headline centroid.
    public var titleCosine: Double = 0
    /// Cosine of the article's sentence embedding and the story's mean embedding (0 without one).
    public var meaningCosine: Double = 0
    /// IDF-weighted share of the article's entities the story names too.
    public var entityArticleShare: Double = 0
    /// IDF-weighted share of the story's entity mass (per naming article) the article names.
    public var entityStoryShare: Double = 0
    /// Share of the article's rarest entities (anchors) the story names.
    public var anchorShare: Double = 0
    /// 1 when the story names none of the anchors and the article lacks the story's main entity.
    public var anchorMiss: Double = 0
    /// 1 when both name places and share none (an event happens somewhere).
    public var placeConflict: Double = 0
    /// 1 when both name organisations or people (non-place entities of two words or more) and share none.
    public var actorConflict: Double = 0
    /// IDF-weighted share of the article's figures the story reports.
    public var quantityShare: Double = 0
    /// 1 when both report figures and share none.
    public var quantityMiss: Double = 0
    public var hasEntities: Double = 0
    public var hasQuantities: Double = 0
    /// log(1 + hours between the article and the story's span) / log(1 + 96).
    public var timeGap: Double = 0
    /// 1 for an article of fewer than 40 distinct terms (a headline and a lead).
    public var shortArticle: Double = 0
    /// The highest meaning cosine and headline cosine between the article and one of the story's
    /// latest articles: a story whose wording drifts over days still meets a new report through
    /// its latest ones, where its centroid has moved less.
    public var meaningMax: Double = 0
    public var titleMax: Double = 0
    /// The hand-weighted similarity (`ClusteringConfiguration`: words, entities, figures and
    /// meaning, decayed with time), and how far it and the meaning cosine stand above the best other
    /// candidate's, or above a floor (a lone candidate is no clear winner by default): one story
    /// plainly closer than every other is where the article belongs, even in other words than its
    /// reports so far.
    public var handScore: Double = 0
    public var handMargin: Double = 0
    public var meaningMargin: Double = 0
    /// The highest and the mean cosine of the article's headline embedding and those of the story's latest
    /// articles: headlines state the news even when a lead opens on a scene.
    public var headlineMax: Double = 0
    public var headlineMean: Double = 0
    /// The highest and the mean cosine of the article's event vector and those of the story's latest articles:
    /// the encoder branch tuned so that reports of one event meet and same-day reports of others part
    /// (`ArticleFeatures.eventEmbedding`).
    public var eventMax: Double = 0
    public var eventMean: Double = 0

    public init() {}

    public static let names = [
        "text_cosine", "title_cosine", "meaning_cosine", "entity_article_share", "entity_story_share",
        "anchor_share", "anchor_miss", "place_conflict", "actor_conflict", "quantity_share", "quantity_miss",
        "has_entities", "has_quantities", "time_gap", "short_article", "meaning_max", "title_max",
        "text_x_meaning", "title_x_meaning", "hand_score", "hand_margin", "meaning_margin", "headline_max",
        "headline_mean", "event_max", "event_mean",
    ]

    /// The values in `names` order (the two last are products, so a linear model can weigh words
    /// and meaning agreeing more than either alone).
    public var vector: [Double] {
        [
            textCosine, titleCosine, meaningCosine, entityArticleShare, entityStoryShare,
            anchorShare, anchorMiss, placeConflict, actorConflict, quantityShare, quantityMiss,
            hasEntities, hasQuantities, timeGap, shortArticle, meaningMax, titleMax,
            textCosine * meaningCosine, titleCosine * meaningCosine, handScore, handMargin, meaningMargin, headlineMax,
            headlineMean, eventMax, eventMean,
        ]
    }
}
