// StoryPairs: the clusterer's side of learning the same-event decision (scripts/train-clustering.py).
//
//   StoryPairs pairs EVAL.json OUT.jsonl [--cache FILE]
//       Replays the labelled set in time order with every article put into its true event
//       (restore), and writes one line per article and candidate story the index finds:
//       {"article", "story", "same": 0|1, "x": [JoinFeatures.vector]}. These are the pairs the
//       model learns from, computed by the same code that serves (no second implementation to drift).
//   StoryPairs stream EVAL.json [--model FILE | --no-model] [--thresholds 0.3,0.4,...] [--cache FILE]
//       Clusters the set as a stream (assign, time order) and prints B-cubed P/R/F1 per threshold,
//       one JSON line each: how the threshold is chosen on the validation split.
//   --body-chars N (both modes): each body cut to about N characters first, at a sentence end when
//       one falls in the second half of the cut, else at a word — the length of a feed's description,
//       to measure (and train on) what clustering gets when no page was fetched.
//
//   --as-clustered MODEL (pairs): the stream is clustered by MODEL instead of restored into its true events, and a
//       pair is positive when the candidate story's most frequent event is the article's: the situations the
//       model meets when it serves (an event already split in two, a story already holding another event),
//       which a replay of the truth never shows it.
//   --assignments FILE (stream): writes each article's event and the story it ended in, one JSON line
//       each, for the last threshold: what error analysis on a development split reads.
//   --reoffer-hours H,H,... (stream): when lone stories are offered again (`ClusteringConfiguration.reofferAfter`;
//       empty: never). --reoffer-at-end: offered once the whole stream is in instead of after each article (the
//       service offered them after each batch at first). --by-feed: each outlet's articles as one batch (oldest
//       first), outlet after outlet, as when feeds are added one at a time.
//       --late-outlets N: the last N outlets of the set's list come as one batch after all the others (a server whose
//       last feeds were fetched while the first batch was being clustered).
//   --window-days D (stream): `ClusteringConfiguration.storyWindow` in days (how long a quiet story stays a candidate).
//   --event-branch FILE (both modes): the encoder branch whose vectors the event features compare
//       (pairs: none unless given; stream: the shipped one when the model names an event branch).
//
// EVAL.json is the eval format (Resources/jarvis/eval/FORMAT.md), e.g. from scripts/news_events.py.
// Embeddings and event vectors (the slow part) are cached in --cache, keyed by the articles' ids and
// texts and the event branch.
import Foundation
import Jarvis
import SentenceEmbedding
import StableHash

struct EvalSet: Decodable {
    struct Outlet: Decodable {
        var id: String
        var name: String
    }
    struct Article: Decodable {
        var id: String, outlet: String, event: String, headline: String, body: String, publishedAt: String, link: String
    }
    var outlets: [Outlet]
    var articles: [Article]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("StoryPairs: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    fail(
        "usage: StoryPairs pairs EVAL.json OUT.jsonl [--cache FILE] [--event-branch FILE] | stream EVAL.json [--model FILE|--no-model] [--thresholds T,T] [--cache FILE] [--event-branch FILE] (more options: see the source's header)"
    )
}
let mode = arguments.removeFirst()
let evalPath = arguments.removeFirst()
var outPath: String?
if mode == "pairs" {
    guard !arguments.isEmpty else { fail("pairs needs OUT.jsonl") }
    outPath = arguments.removeFirst()
}
var cachePath: String?
var modelPath: String? = JoinModel.bundledPath(resourcesDirectory: FileManager.default.currentDirectoryPath + "/Resources/jarvis")
var thresholds: [Double?] = [nil]
var bodyCharacters: Int?
var eventBranch: String?
var assignmentsPath: String?
var clusteringModelPath: String?
var reofferHours: [Double]?
var reofferAtEnd = false
var byFeed = false
var lateOutlets = 0
var windowDays: Double?
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    switch option {
    case "--cache": cachePath = arguments.isEmpty ? nil : arguments.removeFirst()
    case "--model": modelPath = arguments.isEmpty ? nil : arguments.removeFirst()
    case "--no-model": modelPath = nil
    case "--event-branch": eventBranch = arguments.isEmpty ? nil : arguments.removeFirst()
    case "--assignments": assignmentsPath = arguments.isEmpty ? nil : arguments.removeFirst()
    case "--as-clustered": clusteringModelPath = arguments.isEmpty ? nil : arguments.removeFirst()
    case "--reoffer-hours":
        reofferHours = (arguments.isEmpty ? "" : arguments.removeFirst()).split(separator: ",").compactMap { Double($0) }
    case "--reoffer-at-end": reofferAtEnd = true
    case "--by-feed": byFeed = true
    case "--late-outlets": lateOutlets = Int(arguments.isEmpty ? "" : arguments.removeFirst()) ?? 0
    case "--window-days": windowDays = Double(arguments.isEmpty ? "" : arguments.removeFirst())
    case "--body-chars": bodyCharacters = Int(arguments.isEmpty ? "" : arguments.removeFirst())
    case "--thresholds": thresholds = (arguments.isEmpty ? "" : arguments.removeFirst()).split(separator: ",").map { Double($0) }
    default: fail("unknown option \(option)")
    }
}

let set: EvalSet
do { set = try JSONDecoder().decode(EvalSet.self, from: Data(contentsOf: URL(fileURLWithPath: evalPath))) } catch {
    fail("cannot read \(evalPath): \(error)")
}
/// The body as a feed's description of it: about `limit` characters, ending at a sentence when it can.
func teaser(_ body: String, limit: Int) -> String {
    guard body.count > limit else { return body }
    let cut = body.prefix(limit)
    if let end = cut.lastIndex(where: { ".!?".contains($0) }), cut.distance(from: cut.startIndex, to: end) >= limit / 2 {
        return String(cut[...end])
    }
    return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)])
}

let outletNames = Dictionary(set.outlets.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
let iso = ISO8601DateFormatter()
let ordered = set.articles.map { a -> (StoryArticle, String) in
    guard let date = iso.date(from: a.publishedAt) else { fail("bad publishedAt \(a.publishedAt)") }
    let body = bodyCharacters.map { teaser(a.body, limit: $0) } ?? a.body
    let article = StoryArticle(
        id: a.id, feedId: nil, source: outletNames[a.outlet] ?? a.outlet, sourceAuthority: nil,
        topicHint: nil, region: nil, headline: a.headline, body: body, publishedAt: date,
        firstSeenAt: date, isBreakingFlag: false, canonicalUrl: ArticleIdentity.canonicalURL(a.link),
        contentHash: ArticleIdentity.contentHash(headline: a.headline, body: body))
    return (article, a.event)
}.sorted { $0.0.publishedAt != $1.0.publishedAt ? $0.0.publishedAt < $1.0.publishedAt : $0.0.id < $1.0.id }

// Pairs are the model's input: they never depend on a model.
let model: JoinModel?
do { model = mode == "stream" ? try modelPath.map { try JoinModel.load(path: $0) } : nil } catch {
    fail("cannot load the join model \(modelPath ?? ""): \(error)")
}
if eventBranch == nil, model?.eventEncoder != nil {
    eventBranch = JoinModel.eventBranchPath(resourcesDirectory: FileManager.default.currentDirectoryPath + "/Resources/jarvis")
}
let encoder: SentenceEncoder
do {
    encoder = try SentenceEncoder(directory: SentenceEncoder.defaultDirectory, branches: eventBranch.map { [$0] } ?? [])
} catch {
    fail("sentence model or event branch not loaded (\(error)); run scripts/setup.sh")
}
if let wanted = model?.eventEncoder, !encoder.branchIdentifiers.contains(wanted) {
    fail("the model reads event vectors of \(wanted); give its branch with --event-branch")
}
var pairConfiguration = ClusteringConfiguration()
pairConfiguration.eventVectorModel = encoder.branchIdentifiers.first
let extractor = StoryClusterer(configuration: pairConfiguration, embedder: encoder).extractor

/// Embeddings and event vectors for every article (by model, as `StoredVectors`), from the cache when it
/// was written for these very texts and this branch.
@MainActor func embeddings() -> StoredVectors {
    let models = [extractor.embeddingModel!] + extractor.branchModels
    var hasher = FNV1a64()
    for model in models { hasher.add((model + "\u{2}").utf8) }
    for (article, _) in ordered { hasher.add((article.id + "\u{1}" + article.headline + "\u{1}" + article.body).utf8) }
    let key = hasher.value
    let dimension = encoder.dimension
    if let cachePath, let data = try? Data(contentsOf: URL(fileURLWithPath: cachePath)),
        data.count == 8 + ordered.count * models.count * dimension * 4,
        data.prefix(8).withUnsafeBytes({ $0.loadUnaligned(as: UInt64.self) }) == key
    {
        var result = StoredVectors()
        data.dropFirst(8).withUnsafeBytes { raw in
            let floats = raw.bindMemory(to: Float.self)
            for (i, (article, _)) in ordered.enumerated() {
                for (m, model) in models.enumerated() {
                    let start = (i * models.count + m) * dimension
                    result[model, default: [:]][article.id] = Array(floats[start..<(start + dimension)])
                }
            }
        }
        return result
    }
    var result = StoredVectors()
    var data = withUnsafeBytes(of: key) { Data($0) }
    let started = Date()
    for start in stride(from: 0, to: ordered.count, by: 64) {
        let chunk = ordered[start..<min(ordered.count, start + 64)].map(\.0)
        for (article, features) in zip(chunk, extractor(chunk)) {
            let vectors = [features.embedding] + (extractor.branchModels.isEmpty ? [] : [features.eventEmbedding])
            for (model, vector) in zip(models, vectors) {
                result[model, default: [:]][article.id] = vector
                vector.withUnsafeBytes { data.append(contentsOf: $0) }
            }
        }
        if start % 1024 == 0 {
            FileHandle.standardError.write(
                Data("embedded \(start)/\(ordered.count) (\(Int(Date().timeIntervalSince(started))) s)\n".utf8))
        }
    }
    if let cachePath { try? data.write(to: URL(fileURLWithPath: cachePath)) }
    return result
}

let stored = embeddings()
let features = ordered.map { extractor([$0.0], stored: stored)[0] }

switch mode {
case "pairs":
    let clusteringModel: JoinModel?
    do { clusteringModel = try clusteringModelPath.map { try JoinModel.load(path: $0) } } catch {
        fail("cannot load the join model \(clusteringModelPath ?? ""): \(error)")
    }
    let clusterer = StoryClusterer(configuration: pairConfiguration, embedder: encoder, joinModel: clusteringModel)
    var eventsOfStory: [String: [String: Int]] = [:]
    func mainEvent(_ story: String) -> String? {
        eventsOfStory[story]?.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
    }
    var lines: [String] = []
    var followers = 0
    var found = 0
    var seen = Set<String>()
    for ((article, event), f) in zip(ordered, features) {
        let candidates = clusterer.joinCandidates(for: article, features: f)
        if seen.contains(event) {
            followers += 1
            if candidates.contains(where: { $0.storyId == event }) { found += 1 }
        }
        for (story, join) in candidates {
            let x = join.vector.map { String(format: "%.6g", $0) }.joined(separator: ",")
            let same = clusteringModel == nil ? story == event : mainEvent(story) == event
            lines.append(
                "{\"article\":\"\(article.id)\",\"event\":\"\(event)\",\"story\":\"\(story)\",\"same\":\(same ? 1 : 0),\"x\":[\(x)]}"
            )
        }
        if clusteringModel == nil {
            clusterer.restore(article: article, features: f, storyId: event)
        } else {
            let assignment = clusterer.assign(article, features: f)
            if case .joinedAndMerged(let survivor, let absorbed) = assignment {
                for story in absorbed {
                    for (e, n) in eventsOfStory.removeValue(forKey: story) ?? [:] {
                        eventsOfStory[survivor, default: [:]][e, default: 0] += n
                    }
                }
            }
            eventsOfStory[assignment.storyId, default: [:]][event, default: 0] += 1
        }
        seen.insert(event)
    }
    do { try (lines.joined(separator: "\n") + "\n").write(toFile: outPath!, atomically: true, encoding: .utf8) } catch {
        fail("cannot write \(outPath!): \(error)")
    }
    print(
        "{\"pairs\":\(lines.count),\"articles\":\(ordered.count),\"followers\":\(followers),\"trueStoryAmongCandidates\":\(found)}"
    )
case "stream":
    var gold: [String: Set<String>] = [:]
    for (article, event) in ordered { gold[event, default: []].insert(article.id) }
    let eventOf = Dictionary(uniqueKeysWithValues: ordered.map { ($0.0.id, $0.1) })
    for threshold in thresholds {
        var chosen = model
        if let threshold, chosen != nil {
            chosen!.threshold = threshold
            chosen!.mergeThreshold = max(threshold, chosen!.mergeThreshold)
        }
        var configuration = ClusteringConfiguration()
        if let reofferHours { configuration.reofferAfter = reofferHours.map { $0 * 3600 } }
        if let windowDays { configuration.storyWindow = windowDays * 86_400 }
        if let threshold, model == nil { configuration.semanticJoinThreshold = threshold }
        let clusterer = StoryClusterer(configuration: configuration, embedder: encoder, joinModel: chosen)
        var merges = 0
        var feedOrder: [String] = []
        for (article, _) in ordered where !feedOrder.contains(article.source) { feedOrder.append(article.source) }
        var batches: [[Int]] =
            byFeed
            ? feedOrder.map { feed in ordered.indices.filter { ordered[$0].0.source == feed } } : ordered.indices.map { [$0] }
        if lateOutlets > 0 {
            let late = Set(set.outlets.suffix(lateOutlets).map { outletNames[$0.id] ?? $0.id })
            batches =
                batches.map { $0.filter { !late.contains(ordered[$0].0.source) } }
                + [ordered.indices.filter { late.contains(ordered[$0].0.source) }]
        }
        // As the service does: lone stories offered after each article (batches only change the order).
        for batch in batches {
            for i in batch {
                clusterer.assign(ordered[i].0, features: features[i])
                if !reofferAtEnd { merges += clusterer.reconsiderLoneArticles().count }
            }
        }
        if reofferAtEnd { merges += clusterer.reconsiderLoneArticles().count }
        FileHandle.standardError.write(Data("lone stories merged: \(merges)\n".utf8))
        var predicted: [String: Set<String>] = [:]
        for (article, _) in ordered { predicted[clusterer.story(of: article.id) ?? article.id, default: []].insert(article.id) }
        var precision = 0.0
        var recall = 0.0
        for (article, event) in ordered {
            let mine = predicted[clusterer.story(of: article.id) ?? article.id]!
            let truth = gold[event]!
            let both = Double(mine.filter { eventOf[$0] == event }.count)
            precision += both / Double(mine.count)
            recall += both / Double(truth.count)
        }
        if let assignmentsPath {
            let lines = ordered.map { article, event in
                "{\"article\":\"\(article.id)\",\"event\":\"\(event)\",\"story\":\"\(clusterer.story(of: article.id) ?? article.id)\"}"
            }
            let text = lines.joined(separator: "\n") + "\n"
            do { try text.write(toFile: assignmentsPath, atomically: true, encoding: .utf8) } catch {
                fail("cannot write \(assignmentsPath): \(error)")
            }
        }
        let n = Double(ordered.count)
        let p = precision / n
        let r = recall / n
        let t = threshold.map { String($0) } ?? "null"
        print(
            "{\"threshold\":\(t),\"model\":\(chosen != nil),\"precision\":\(p),\"recall\":\(r),\"f1\":\(2 * p * r / (p + r)),\"stories\":\(predicted.count),\"events\":\(gold.count)}"
        )
    }
default:
    fail("unknown mode \(mode)")
}
