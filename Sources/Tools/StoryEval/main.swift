import Foundation
import Jarvis
import SentenceEmbedding

// Offline quality checks of Jarvis's story intelligence on labelled data, one JSON object a line:
//
//   story-eval topics  [--resources DIR] < articles.jsonl   {"title","text","vector"?} → {"topic","modelTopic",
//                                                             "probabilities"}; with the article's meaning vector
//                                                             the meaning model is mixed in, as the server does
//   story-eval story-topics [--resources DIR] < events.jsonl {"event","articles":[{"title","text","vector"?}]} →
//                                                             {"event","topic"}: the story's topic as the server
//                                                             classifies a story of these articles
//   story-eval embed   < articles.jsonl                     {"title","text"} → {"vector":[Float]}: the meaning vector the
//                                                             server stores for the article (same encoder, same text)
//   story-eval embed --identifier                           the encoder's identifier the server stores vectors under
//   story-eval embed --branch FILE [--identifier]            the same for an encoder branch's vectors (topic or event)
//   story-eval insight [--resources DIR] < events.jsonl     {"event","articles":[{"title","text","source",
//                                                             "published"?,"url"?}]} → {"event","headline","summary","consensus",
//                                                             "conflict"}
//   story-eval summary-words < events.jsonl                 the same events with "reference" (an editor's summary) →
//                                                             {"event","words":{term:[feature]},"reference":[term]}: what
//                                                             scripts/train-summary-words.py fits the summary's word model on
//   story-eval headline-features < events.jsonl             the same events → {"event","headlines":[{"headline","features"}]}:
//                                                             what scripts/train-headlines.py fits the headline model on
//
// The splitting and the scoring live in scripts/eval-topics.py and scripts/eval-summaries.py; this binary
// runs the shipped Swift code on what they send, so the figures are the product's, not a re-implementation's.

struct Article: Decodable {
    var title: String
    var text: String
    /// The article's meaning vector (`embed`), for `topics`; without it the TF-IDF model decides alone.
    var vector: [Float]?
    var source: String?
    var published: String?
    /// The article's address, for `insight` (an opinion section marks an opinion piece).
    var url: String?
}

struct Event: Decodable {
    var event: String
    var articles: [Article]
    /// An editor's summary of the event, for `summary-words`.
    var reference: String?

    /// The event's articles as the server stores them; undated ones a minute apart in the order given.
    func storyArticles(epoch: Date, dates: ISO8601DateFormatter) -> [StoryArticle] {
        articles.enumerated().map { i, a in
            let published = a.published.flatMap { dates.date(from: $0) } ?? epoch.addingTimeInterval(Double(i) * 60)
            return StoryArticle(
                id: "\(event)-\(i)", feedId: nil, source: a.source ?? "Source \(i + 1)",
                sourceAuthority: nil, topicHint: nil, region: nil, headline: a.title, body: a.text,
                publishedAt: published, firstSeenAt: published, isBreakingFlag: false,
                canonicalUrl: a.url, contentHash: "")
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(64)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    fail("usage: story-eval topics|embed|insight|summary-words|headline-features [--resources DIR] < input.jsonl")
}
arguments.removeFirst()
var resources = FileManager.default.currentDirectoryPath + "/Resources/jarvis"
if let i = arguments.firstIndex(of: "--resources"), i + 1 < arguments.count { resources = arguments[i + 1] }

let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
let decoder = JSONDecoder()
let dates = ISO8601DateFormatter()

func emit(_ object: some Encodable) {
    guard var data = try? encoder.encode(object) else { fail("cannot encode output") }
    data.append(0x0A)
    FileHandle.standardOutput.write(data)
}

func lines(_ body: (Data, Int) throws -> Void) rethrows {
    var number = 0
    while let line = readLine(strippingNewline: true) {
        number += 1
        if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
        try body(Data(line.utf8), number)
    }
}

/// Each line's event with its articles as the server stores them, and the moment it is analysed: an hour after
/// its newest report (undated events start at a fixed epoch, so runs are reproducible).
@MainActor func events(_ body: (Event, [StoryArticle], Date) -> Void) {
    let epoch = Date(timeIntervalSince1970: 1_600_000_000)
    lines { data, number in
        guard let event = try? decoder.decode(Event.self, from: data) else { fail("line \(number): not an event") }
        let articles = event.storyArticles(epoch: epoch, dates: dates)
        body(event, articles, (articles.map(\.publishedAt).max() ?? epoch).addingTimeInterval(3600))
    }
}

switch command {
case "topics":
    let classifier: TopicClassifier
    do { classifier = try TopicClassifier.bundled(resourcesDirectory: resources) } catch { fail("\(error)") }
    struct Output: Encodable {
        var topic: String
        var modelTopic: String
        var probabilities: [String: Double]
    }
    lines { data, number in
        guard let article = try? decoder.decode(Article.self, from: data) else { fail("line \(number): not an article") }
        let model = classifier.modelProbabilities(headline: article.title, body: article.text, meaning: article.vector)
        let modelTopic = Topic.allCases.max { (model[$0] ?? 0) < (model[$1] ?? 0) }!
        let p = classifier.probabilities(headline: article.title, body: article.text, meaning: article.vector)
        emit(
            Output(
                topic: classifier.classify(headline: article.title, body: article.text, meaning: article.vector).topic
                    .rawValue,
                modelTopic: modelTopic.rawValue,
                probabilities: Dictionary(uniqueKeysWithValues: p.map { ($0.key.rawValue, $0.value) })))
    }
case "story-topics":
    let classifier: TopicClassifier
    do { classifier = try TopicClassifier.bundled(resourcesDirectory: resources) } catch { fail("\(error)") }
    struct Output: Encodable {
        var event: String
        var topic: String
    }
    lines { data, number in
        guard let event = try? decoder.decode(Event.self, from: data) else { fail("line \(number): not an event") }
        let now = Date()
        let articles = event.articles.enumerated().map { i, a in
            StoryArticle(
                id: "\(i)", feedId: nil, source: a.source ?? "source \(i)", sourceAuthority: nil, topicHint: nil,
                region: nil, headline: a.title, body: a.text, publishedAt: now, firstSeenAt: now, isBreakingFlag: false,
                canonicalUrl: nil, contentHash: "\(i)")
        }
        var meaning: [String: [Float]] = [:]
        for (i, a) in event.articles.enumerated() { meaning["\(i)"] = a.vector }
        emit(Output(event: event.event, topic: classifier.classify(story: articles, meaning: meaning).rawValue))
    }
case "embed":
    // --branch FILE: the vectors of that encoder branch (the topic model's or the event one) instead of the embedding.
    var branch: String?
    if let i = arguments.firstIndex(of: "--branch") {
        guard i + 1 < arguments.count else { fail("--branch needs a file") }
        branch = arguments[i + 1]
    }
    let model: SentenceEncoder
    do { model = try SentenceEncoder(directory: SentenceEncoder.defaultDirectory, branches: branch.map { [$0] } ?? []) } catch {
        fail("sentence model not loaded (\(error)); run scripts/setup.sh")
    }
    if arguments.contains("--identifier") {
        print(model.branchIdentifiers.first ?? model.identifier)
        exit(0)
    }
    // The server's path: ArticleFeatureExtractor embeds the text it builds from headline and lead.
    let extractor = ArticleFeatureExtractor(configuration: ClusteringConfiguration(), embedder: model)
    struct Output: Encodable { var vector: [Float] }
    var batch: [StoryArticle] = []
    func flush() {
        for prepared in extractor.prepared(batch) {
            emit(Output(vector: branch == nil ? prepared.features.embedding : prepared.branchVectors.first ?? []))
        }
        batch.removeAll(keepingCapacity: true)
    }
    let epoch = Date(timeIntervalSince1970: 1_600_000_000)
    lines { data, number in
        guard let a = try? decoder.decode(Article.self, from: data) else { fail("line \(number): not an article") }
        batch.append(
            StoryArticle(
                id: "\(number)", feedId: nil, source: "", sourceAuthority: nil, topicHint: nil, region: nil,
                headline: a.title, body: a.text, publishedAt: epoch, firstSeenAt: epoch, isBreakingFlag: false,
                canonicalUrl: a.url, contentHash: ""))
        if batch.count == 32 { flush() }
    }
    flush()
case "insight":
    let analyzer = StoryAnalyzer()
    struct Output: Encodable {
        var event: String
        var headline: String
        var summary: String
        var consensus: String?
        var conflict: String?
    }
    events { event, articles, now in
        let insight = analyzer.analyze(articles, topic: .politics, now: now)
        emit(
            Output(
                event: event.event, headline: insight.headline, summary: insight.summary,
                consensus: insight.consensus, conflict: insight.conflict))
    }
case "summary-words":
    let analyzer = StoryAnalyzer()
    let text = TextAnalyzer()
    struct Output: Encodable {
        var event: String
        var words: [String: [Double]]
        var reference: [String]
    }
    events { event, articles, now in
        emit(
            Output(
                event: event.event, words: analyzer.summaryWordFeatures(articles, now: now),
                reference: text.terms(event.reference ?? "")))
    }
case "headline-features":
    let analyzer = StoryAnalyzer()
    struct Headline: Encodable {
        var headline: String
        var features: [Double]
    }
    struct Output: Encodable {
        var event: String
        var headlines: [Headline]
    }
    events { event, articles, now in
        let headlines = analyzer.headlineFeatures(articles, now: now).map { Headline(headline: $0, features: $1) }
        emit(Output(event: event.event, headlines: headlines))
    }
default:
    fail("unknown command \(command): topics|embed|insight|summary-words|headline-features")
}
