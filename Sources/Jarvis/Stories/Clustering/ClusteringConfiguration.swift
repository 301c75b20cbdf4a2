import Foundation

/// Every threshold and bound of `StoryClusterer`, in one value so an evaluation can tune them.
///
/// The defaults were measured on the labelled set in `Tests/JarvisTests/ClusterTests.swift`
/// (B-cubed F1 reported there) and on the synthetic benchmark (`make bench-stories`).
public struct ClusteringConfiguration: Sendable, Equatable {
    // MARK: Features

    /// A title term counts this many times a body occurrence: titles say what the story is.
    public var titleWeight: Double = 2.0
    /// Only the body's first characters are analysed: the lead carries the event; long bodies
    /// add background that blurs stories together and costs time.
    public var bodyCharacterLimit: Int = 2_500

    /// Background IDF prior (see `BackgroundVocabulary`): pseudo-documents seen before the
    /// first article, and the share of them that contain each common news word.
    public var backgroundDocuments: Double = 200
    public var backgroundShare: Double = 0.2

    // MARK: Similarity

    /// Weights of the three similarity parts (renormalised over the parts the article has:
    /// an article without entities is judged on text and numbers alone).
    public var textWeight: Double = 0.65
    public var entityWeight: Double = 0.25
    public var numberWeight: Double = 0.10
    /// The entity part mixes two shares: of the article's entities found in the story (1 - this),
    /// and of the story's entity mass (per article naming each) that the article names (this).
    public var entityStoryShare: Double = 0.5
    /// Countries and regions are where an event happens, not which event it is (one country is in
    /// the news for many events at once): as entities they weigh this share of their IDF.
    public var placeEntityWeight: Double = 0.3
    /// Time proximity multiplies the similarity: `floor + (1 - floor) * exp(-hours / decay)`,
    /// where hours is the distance from the article to the story's span. Beyond `storyWindow`
    /// a story is not a candidate at all.
    public var timeDecayHours: Double = 24
    public var timeFloor: Double = 0.6
    /// A story whose latest article is older than this (relative to the article, or to the
    /// newest article seen, for eviction) leaves the index: stories grow for days, not weeks.
    public var storyWindow: TimeInterval = 4 * 86_400

    /// Anchors: the article's `anchorEntities` rarest entities (highest IDF) say which event it is
    /// about (the company, the person, the country); the share of their IDF mass the story has
    /// too is a fourth part with weight `anchorWeight`. When the story has none of them, the
    /// similarity is multiplied by `anchorMissFactor` (same topic, other actors: another event).
    public var anchorEntities: Int = 5
    public var anchorWeight: Double = 0
    public var anchorMissFactor: Double = 0.8

    /// When both the article and the story carry figures and share none of them, the similarity
    /// is multiplied by this (a €200m fine and a €500m fine are two fines).
    public var quantityMissFactor: Double = 1

    /// Meaning (sentence embeddings, when the clusterer has an embedder): the cosine of the
    /// article's embedding and the story's mean embedding, rescaled so that `semanticFloor` and
    /// below count 0 and 1 counts 1, is a part of the similarity with this weight. Different
    /// words for one event ("bullion" / "gold", "quits" / "resigns") meet here.
    public var semanticWeight: Double = 1.5
    public var semanticFloor: Double = 0.2
    /// Stories nearest in meaning that are scored too, whatever their postings say.
    public var semanticCandidates: Int = 8
    public var semanticScanLimit: Int = 4_096

    // MARK: Decisions

    /// An article joins its most similar story when the similarity reaches this (words,
    /// entities and figures), or `semanticJoinThreshold` when meaning is part of the similarity.
    public var joinThreshold: Double = 0.19
    public var semanticJoinThreshold: Double = 0.27
    /// A second story at least this similar to the article is merged into the first when
    /// their centroids are at least `mergeCentroidThreshold` alike (text cosine).
    public var mergeThreshold: Double = 0.22
    public var mergeCentroidThreshold: Double = 0.25
    /// ... or when their mean embeddings are at least this alike (cosine).
    public var mergeSemanticThreshold: Double = 0.7
    /// With meaning in the similarity, a clear winner joins below the threshold: at least
    /// `clearWinnerShare` of it, and `clearWinnerRatio` times the second-best story's score (0
    /// turns the rule off). Words alone are too noisy for it.
    public var clearWinnerShare: Double = 0.7
    public var clearWinnerRatio: Double = 2
    /// Near-identical texts (syndicated copies): SimHash Hamming distance at most this,
    /// for articles with at least `syndicationMinimumTerms` distinct terms.
    public var syndicationMaxDistance: Int = 3
    public var syndicationMinimumTerms: Int = 8

    // MARK: Index bounds (cost per article)

    /// The article's most informative features (tf-idf) used to look up candidate stories.
    public var queryFeatures: Int = 16
    /// Features under which a story is posted when an article joins it.
    public var postedFeatures: Int = 20
    /// Stories kept per posting list (most recently updated first).
    public var postingCap: Int = 48
    /// Candidate stories scored in full per article (best posting hits first).
    public var maxCandidates: Int = 40
    /// Terms kept in a story's centroid (highest tf-idf mass).
    public var centroidTerms: Int = 160
    /// Headline terms kept in a story's headline centroid.
    public var centroidTitleTerms: Int = 48
    /// Entities and numbers kept per story.
    public var centroidEntities: Int = 64
    /// The learned join decision compares an article with a story's latest this many articles
    /// (the best pair decides), so the cost per candidate is bounded whatever the story's size.
    public var joinMembers: Int = 8
    /// The encoder branch (`TextEmbedder.branchIdentifiers`) whose vectors the learned join's event features
    /// compare; nil: none. `StoryClusterer` sets it to the one its join model was trained on.
    public var eventVectorModel: String?
    /// A story still holding its one article is offered to the stories around it again this long after
    /// that article (stream time: the newest article seen), once per entry, while it stays alone: a report
    /// that arrived before its event's story took shape (a feature-style opening, an early fragment) gets
    /// the same decision against what was written since (`StoryClusterer.reconsiderLoneArticles`). Empty: never.
    public var reofferAfter: [TimeInterval] = [3 * 3600, 12 * 3600, 30 * 3600]
    /// Articles between sweeps that drop stale stories out of the index.
    public var sweepInterval: Int = 4_096

    public init() {}
}
