import Foundation

/// Assigns one of the app's four topics to an article or a story.
///
/// A multinomial logistic regression over sublinear tf-idf of stems and stem bigrams (`TopicTokenizer`),
/// trained on real labelled news by `scripts/train-topics.py` and shipped as weights
/// (`Resources/jarvis/topics/model.json`); nothing is trained at start-up. On top, the regional rule: the
/// model may only answer `africa` when African places make up at least `minAfricanShare` of the places the
/// headline and lead name (`TopicPlaces`), so a British or American story that mentions Africa stays with its
/// subject; when they make up `mainAfricanShare`, the story is about Africa and is `africa` whatever its subject.
/// The feed's topic hint is not used: no labelled data says what it is worth.
///
/// When an article has the encoder's meaning vector (stored by clustering) and the model file has a `meaning`
/// part, the TF-IDF scores are mixed with a second logistic model's on that vector (`TopicMeaningModel`), per
/// article, before the regional rule; without a vector (no encoder, an older article) the TF-IDF model decides
/// alone. Immutable once loaded, so one instance serves every thread.
public struct TopicClassifier: Sendable {
    /// Per feature: its idf, then one weight per topic in `topics` order.
    private let vocabulary: [String: [Double]]
    private let bias: [Double]
    let topics: [Topic]
    private let titleRepeat: Int
    let minAfricanShare: Double
    /// African places at least this share of the headline's and lead's places: the story is about Africa.
    let mainAfricanShare: Double
    let places: TopicPlaces
    let meaning: TopicMeaningModel?
    private let tokenizer = TopicTokenizer()

    private struct ModelFile: Decodable {
        var format: Int
        var topics: [String]
        var titleRepeat: Int
        var minAfricanShare: Double
        var mainAfricanShare: Double
        var bias: [Double]
        var vocabulary: [String: [Double]]
        var meaning: TopicMeaningModel?
    }

    public struct LoadError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "topic model \(path): \(reason)" }
    }

    /// Loads the model and the gazetteer from a `Resources/jarvis` directory.
    public static func bundled(resourcesDirectory: String) throws -> TopicClassifier {
        let directory = resourcesDirectory + "/topics/"
        func read(_ name: String) throws -> Data {
            do { return try Data(contentsOf: URL(fileURLWithPath: directory + name)) } catch {
                throw LoadError(path: directory + name, reason: "\(error)")
            }
        }
        return try TopicClassifier(model: read("model.json"), places: read("places.json"), path: directory)
    }

    /// The encoder branch tuned with this model (`EncoderBranch`), whose vectors the `meaning` part reads when its
    /// `encoder` names it: the server loads it into the sentence encoder when the file is there.
    public static func branchPath(resourcesDirectory: String) -> String {
        resourcesDirectory + "/topics/topic-branch.safetensors"
    }

    init(model: Data, places: Data, path: String = "") throws {
        let file: ModelFile
        do {
            file = try JSONDecoder().decode(ModelFile.self, from: model)
            self.places = try JSONDecoder().decode(TopicPlaces.self, from: places)
        } catch {
            throw LoadError(path: path, reason: "\(error)")
        }
        guard file.format == 1 else { throw LoadError(path: path, reason: "unknown format \(file.format)") }
        let topics = file.topics.compactMap(Topic.init(rawValue:))
        guard topics.count == file.topics.count, Set(topics).count == Topic.allCases.count,
            file.bias.count == topics.count,
            file.vocabulary.values.allSatisfy({ $0.count == topics.count + 1 }),
            file.meaning.map({ $0.isConsistent && $0.bias.count == topics.count && $0.weights.count == topics.count })
                ?? true
        else {
            throw LoadError(path: path, reason: "topics, bias and weights do not match")
        }
        self.topics = topics
        bias = file.bias
        vocabulary = file.vocabulary
        titleRepeat = max(file.titleRepeat, 1)
        minAfricanShare = file.minAfricanShare
        mainAfricanShare = file.mainAfricanShare
        meaning = file.meaning
    }

    /// The encoder whose vectors `meaning:` arguments must come from; nil when the model has no meaning part.
    public var meaningEncoder: String? { meaning?.encoder }

    /// The model's probabilities before the regional rule. `meaning`: the article's vector from `meaningEncoder`
    /// (nil, or one that does not fit: TF-IDF alone). Matches the training script's `model_probabilities` (the
    /// parity test holds both to 1e-6).
    public func modelProbabilities(headline: String, body: String, meaning vector: [Float]? = nil) -> [Topic: Double] {
        var weighted: [(weights: [Double], value: Double)] = []
        var norm = 0.0
        // In a fixed order: a dictionary's order differs between calls, and so would the sums' last bits.
        let counts = tokenizer.counts(title: headline, text: body, titleRepeat: titleRepeat).sorted { $0.key < $1.key }
        for (feature, count) in counts {
            guard let row = vocabulary[feature] else { continue }
            let value = (1 + log(Double(count))) * row[0]
            weighted.append((row, value))
            norm += value * value
        }
        norm = norm.squareRoot()
        var scores = bias
        if norm > 0 {
            for (row, value) in weighted {
                for i in scores.indices { scores[i] += row[i + 1] * value / norm }
            }
        }
        if let vector, let meaning, let mixed = meaning.mix(scores, vector: vector) { scores = mixed }
        let top = scores.max() ?? 0
        let exps = scores.map { exp($0 - top) }
        let sum = exps.reduce(0, +)
        return Dictionary(uniqueKeysWithValues: zip(topics, exps.map { $0 / sum }))
    }

    /// Per-topic probabilities after the regional rule: `africa` is 0 unless African places are at least
    /// `minAfricanShare` of the places named up front, and certain (1) when they are `mainAfricanShare` of them.
    public func probabilities(headline: String, body: String, meaning: [Float]? = nil) -> [Topic: Double] {
        var p = modelProbabilities(headline: headline, body: body, meaning: meaning)
        let share = places.africanShare(title: headline, text: body)
        if share >= mainAfricanShare {
            return Dictionary(uniqueKeysWithValues: Topic.allCases.map { ($0, $0 == .africa ? 1.0 : 0.0) })
        }
        if share < minAfricanShare, let africa = p[.africa], africa < 1 {
            p[.africa] = 0
            for (topic, value) in p where topic != .africa { p[topic] = value / (1 - africa) }
        }
        return p
    }

    /// The topic of one article, with its probability.
    public func classify(headline: String, body: String, meaning: [Float]? = nil) -> (topic: Topic, confidence: Double) {
        let p = probabilities(headline: headline, body: body, meaning: meaning)
        let best = Self.likeliest(p)
        return (best, p[best] ?? 0)
    }

    /// The topic of a story: each article votes for its likeliest topic (after the regional rule), the most votes
    /// win, and a tie goes to the higher mean probability. One confident article cannot outvote the others (a
    /// bond-market report among three reports of a confidence vote); a story of two articles that disagree is
    /// decided by their mean. Each article is mixed with its own meaning vector (`meaning`, by article id) when it
    /// has one, as the model was cross-validated. No articles: `politics`, the commonest topic.
    public func classify(story articles: [StoryArticle], meaning: [String: [Float]] = [:]) -> Topic {
        guard !articles.isEmpty else { return .politics }
        var votes: [Topic: Int] = [:]
        var total: [Topic: Double] = [:]
        for article in articles {
            let p = probabilities(headline: article.headline, body: article.body, meaning: meaning[article.id])
            for (topic, value) in p { total[topic, default: 0] += value }
            votes[Self.likeliest(p), default: 0] += 1
        }
        return Topic.allCases.max {
            (votes[$0] ?? 0, total[$0] ?? 0, $1.order) < (votes[$1] ?? 0, total[$1] ?? 0, $0.order)
        }!
    }

    /// The most probable topic; ties go to the earlier topic in `allCases`.
    static func likeliest(_ p: [Topic: Double]) -> Topic {
        Topic.allCases.max { (p[$0] ?? 0, $1.order) < (p[$1] ?? 0, $0.order) }!
    }
}

extension Topic {
    /// Ties go to the earlier topic in `allCases`.
    fileprivate var order: Int { Topic.allCases.firstIndex(of: self)! }
}
