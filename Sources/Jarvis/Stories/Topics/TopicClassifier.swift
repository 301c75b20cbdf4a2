import Foundation

/// Assigns one of the app's four topics to an article or a story.
///
/// A linear model over stemmed terms and bigrams (headline terms counted `headlineWeight` times),
/// plus the feed's topic hint and the regional rule (an African place named in the headline makes
/// `africa` likelier). Two trainers fill the same weights: multinomial Naive Bayes with Lidstone
/// smoothing (the default, chosen by cross-validation; see Resources/jarvis/topics/README.md) and an
/// L2-regularised softmax regression. Immutable once trained, so one instance serves every thread.
public struct TopicClassifier: Sendable, Codable {
    public enum Method: String, Sendable, Codable {
        case naiveBayes, logisticRegression
    }

    public enum StoryAggregation: String, Sendable, Codable {
        case sumLogPosterior, meanPosterior
    }

    public struct Configuration: Sendable, Codable, Equatable, CustomStringConvertible {
        public var method: Method = .naiveBayes
        /// Headline terms count this many times (headlines carry the subject most densely).
        public var headlineWeight: Double = 3
        /// Adjacent stemmed-term pairs as extra features ("central bank", "interest rate").
        public var bigrams = false
        /// Term counts enter as 1 + ln(count) (sublinear tf), so a word repeated in a long article or
        /// multiplied by the headline weight does not outvote several different words.
        public var sublinearTF = true
        /// Naive Bayes: terms seen in fewer training texts than this are dropped (names, one-off
        /// template fillers), so the model leans on words that recur across stories.
        public var minDocumentFrequency = 1
        /// Lidstone smoothing for Naive Bayes term likelihoods.
        public var smoothing: Double = 0.1
        /// Naive Bayes: how many "terms" the feed hint is worth, as a factor on log P(hint | topic).
        public var hintWeight: Double = 1
        /// Naive Bayes: log-odds added to `africa` when the headline names an African place.
        public var regionalBoost: Double = 12
        /// Naive Bayes: the same for the body (weaker: global stories mention Africa in passing).
        public var regionalBodyBoost: Double = 2
        /// Naive Bayes: the body boost counts once per African place named (up to 3) instead of once.
        public var countBodyPlaces = true
        /// Logistic regression: L2 penalty and passes over the data.
        public var l2: Double = 1e-4
        public var epochs = 40
        /// Scores are divided by this before the softmax that gives confidences and story votes:
        /// Naive Bayes sums many correlated term log-likelihoods and is overconfident without it.
        public var temperature: Double = 8
        /// How a story's articles are combined: summed log-posteriors, or the mean of the tempered
        /// posteriors (every article one equal vote, so one long or extreme article cannot dominate).
        public var storyAggregation: StoryAggregation = .meanPosterior

        public init() {}

        public static let naiveBayes = Configuration()
        public static var logisticRegression: Configuration {
            var c = Configuration()
            c.method = .logisticRegression
            c.headlineWeight = 1
            c.bigrams = false
            c.l2 = 1e-2
            c.temperature = 1
            return c
        }

        public var description: String {
            let common = ", tf \(sublinearTF ? "log" : "raw"), minDF \(minDocumentFrequency), T \(temperature), "
                + "story \(storyAggregation.rawValue)"
            return switch method {
            case .naiveBayes:
                "NB(headline×\(headlineWeight), bigrams \(bigrams), α \(smoothing), hint×\(hintWeight), "
                    + "region +\(regionalBoost)/+\(regionalBodyBoost)\(countBodyPlaces ? "×mentions" : "")\(common))"
            case .logisticRegression:
                "LR(headline×\(headlineWeight), bigrams \(bigrams), l2 \(l2), epochs \(epochs)\(common))"
            }
        }
    }

    public let configuration: Configuration
    /// Per feature, one weight per topic in `Topic.allCases` order.
    let termWeights: [String: [Double]]
    let bias: [Double]
    let hintWeights: [String: [Double]]
    let headlinePlaceWeights: [Double]
    let bodyPlaceWeights: [Double]
    private let analyzer = TextAnalyzer()

    enum CodingKeys: String, CodingKey {
        case configuration, termWeights, bias, hintWeights, headlinePlaceWeights, bodyPlaceWeights
    }

    static let topics = Topic.allCases
    static let africaIndex = Topic.allCases.firstIndex(of: .africa)!

    init(configuration: Configuration, termWeights: [String: [Double]], bias: [Double], hintWeights: [String: [Double]],
         headlinePlaceWeights: [Double], bodyPlaceWeights: [Double]) {
        self.configuration = configuration
        self.termWeights = termWeights
        self.bias = bias
        self.hintWeights = hintWeights
        self.headlinePlaceWeights = headlinePlaceWeights
        self.bodyPlaceWeights = bodyPlaceWeights
    }

    // MARK: Training

    /// Trains with the default configuration (Naive Bayes, chosen by cross-validation).
    public static func train(on corpus: [LabelledText]) -> TopicClassifier {
        train(on: corpus, configuration: .naiveBayes)
    }

    public static func train(on corpus: [LabelledText], configuration: Configuration) -> TopicClassifier {
        let analyzer = TextAnalyzer()
        let examples = corpus.map { item in
            (features: TopicFeatures(headline: item.headline, body: item.body, feedHint: item.feedHint,
                                     configuration: configuration, analyzer: analyzer),
             label: topics.firstIndex(of: item.topic)!)
        }
        switch configuration.method {
        case .naiveBayes: return NaiveBayesTrainer(configuration: configuration).train(examples)
        case .logisticRegression: return SoftmaxRegressionTrainer(configuration: configuration).train(examples)
        }
    }

    // MARK: Classification

    /// The topic of one article, with the model's (tempered) probability for it.
    public func classify(headline: String, body: String, feedHint: String?) -> (topic: Topic, confidence: Double) {
        let posterior = softmax(scores(headline: headline, body: body, feedHint: feedHint))
        let best = posterior.indices.max { posterior[$0] < posterior[$1] }!
        return (Self.topics[best], posterior[best])
    }

    /// Per-topic probabilities for one article, in `Topic.allCases` order.
    public func probabilities(headline: String, body: String, feedHint: String?) -> [Topic: Double] {
        let posterior = softmax(scores(headline: headline, body: body, feedHint: feedHint))
        return Dictionary(uniqueKeysWithValues: zip(Self.topics, posterior))
    }

    /// The topic of a story: every article votes with its log-posterior (so a long, clear article
    /// counts more than a one-line brief, and no single article's certainty can exceed log 1 = 0),
    /// each with its own feed's hint. A story without articles gets the prior's favourite.
    public func classify(story articles: [StoryArticle]) -> Topic {
        var total = [Double](repeating: 0, count: Self.topics.count)
        for article in articles {
            let logPosterior = logSoftmax(scores(headline: article.headline, body: article.body, feedHint: article.topicHint))
            switch configuration.storyAggregation {
            case .sumLogPosterior: for i in total.indices { total[i] += logPosterior[i] }
            case .meanPosterior: for i in total.indices { total[i] += exp(logPosterior[i]) }
            }
        }
        if articles.isEmpty { total = bias }
        return Self.topics[total.indices.max { total[$0] < total[$1] }!]
    }

    /// Raw linear scores (log-space), one per topic.
    func scores(headline: String, body: String, feedHint: String?) -> [Double] {
        scores(TopicFeatures(headline: headline, body: body, feedHint: feedHint, configuration: configuration,
                             analyzer: analyzer))
    }

    func scores(_ features: TopicFeatures) -> [Double] {
        var score = bias
        let scale = configuration.method == .logisticRegression ? SoftmaxRegressionTrainer.norm(features.terms) : 1
        for (term, value) in features.terms {
            guard let weights = termWeights[term] else { continue }
            for i in score.indices { score[i] += value / scale * weights[i] }
        }
        if let weights = hintWeights[features.hint] {
            for i in score.indices { score[i] += weights[i] }
        }
        if features.africanPlaceInHeadline {
            for i in score.indices { score[i] += headlinePlaceWeights[i] }
        }
        if features.africanPlaceInBody {
            // Naive Bayes: the boost grows with the number of mentions (capped); the regression learned
            // its weight for the flag alone.
            let mentions = configuration.method == .naiveBayes && configuration.countBodyPlaces
                ? Double(features.africanPlacesInBody) : 1
            for i in score.indices { score[i] += mentions * bodyPlaceWeights[i] }
        }
        return score
    }

    private func logSoftmax(_ scores: [Double]) -> [Double] {
        let scaled = scores.map { $0 / configuration.temperature }
        let top = scaled.max() ?? 0
        let logSum = top + log(scaled.reduce(0) { $0 + exp($1 - top) })
        return scaled.map { $0 - logSum }
    }

    private func softmax(_ scores: [Double]) -> [Double] { logSoftmax(scores).map(exp) }

    // MARK: Corpus and persistence

    /// Reads a JSON-lines corpus; blank lines and lines starting with `//` are skipped.
    public static func loadCorpus(path: String) throws -> [LabelledText] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let decoder = JSONDecoder()
        var items: [LabelledText] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("//") { continue }
            do {
                items.append(try decoder.decode(LabelledText.self, from: Data(trimmed.utf8)))
            } catch {
                throw TopicCorpusError(path: path, line: number + 1, reason: "\(error)")
            }
        }
        return items
    }

    /// Path of the bundled corpus under a `Resources/jarvis` directory.
    public static func bundledCorpusPath(resourcesDirectory: String) -> String {
        resourcesDirectory + "/topics/corpus.jsonl"
    }

    /// Trains on the whole bundled corpus (about 1,000 items; well under a second, see the README).
    public static func trainedFromBundledCorpus(resourcesDirectory: String) throws -> TopicClassifier {
        train(on: try loadCorpus(path: bundledCorpusPath(resourcesDirectory: resourcesDirectory)))
    }

    /// The trained model as JSON (weights, configuration), for shipping a model without its corpus.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    public static func load(jsonData: Data) throws -> TopicClassifier {
        try JSONDecoder().decode(TopicClassifier.self, from: jsonData)
    }
}
