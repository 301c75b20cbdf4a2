import Foundation
import Jarvis
import Testing
import StableHash

/// The clusterer alone on the labelled evaluation set (`Resources/jarvis/eval`) and on the
/// offline samples' ground truth: B-cubed figures printed, floors asserted. The end-to-end
/// figures through the real server come from `make eval-stories`.
@Suite struct ClusteringEvalTests {
    static let root = TestPaths.repository

    struct EvalSet: Decodable {
        struct Outlet: Decodable {
            let id: String
            let name: String
            let authority: Int?
            let topicHint: String?
            let region: String?
        }
        struct Article: Decodable {
            let id: String
            let outlet: String
            let event: String
            let headline: String
            let body: String
            let publishedAt: Date
            let link: String
        }
        let outlets: [Outlet]
        let articles: [Article]
    }

    static func loadEval() throws -> (articles: [StoryArticle], truth: [String: String]) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let set = try decoder.decode(
            EvalSet.self, from: Data(contentsOf: root.appendingPathComponent("Resources/jarvis/eval/stories-eval.json")))
        let outlets = Dictionary(uniqueKeysWithValues: set.outlets.map { ($0.id, $0) })
        var truth: [String: String] = [:]
        let articles = set.articles.sorted { ($0.publishedAt, $0.id) < ($1.publishedAt, $1.id) }.map { a -> StoryArticle in
            truth[a.id] = a.event
            let outlet = outlets[a.outlet]
            return StoryArticle(
                id: a.id, feedId: a.outlet, source: outlet?.name ?? a.outlet, sourceAuthority: outlet?.authority,
                topicHint: outlet?.topicHint, region: outlet?.region, headline: a.headline, body: a.body,
                publishedAt: a.publishedAt, firstSeenAt: a.publishedAt, isBreakingFlag: false,
                canonicalUrl: ArticleIdentity.canonicalURL(a.link),
                contentHash: ArticleIdentity.contentHash(headline: a.headline, body: a.body))
        }
        return (articles, truth)
    }

    /// B-cubed precision, recall, F1 over articles.
    static func bcubed(predicted: [String: String], truth: [String: String]) -> (Double, Double, Double) {
        var byPredicted: [String: [String]] = [:]
        var byTruth: [String: [String]] = [:]
        for (article, cluster) in predicted { byPredicted[cluster, default: []].append(article) }
        for (article, cluster) in truth { byTruth[cluster, default: []].append(article) }
        var p = 0.0
        var r = 0.0
        for article in truth.keys {
            let mine = Set(byPredicted[predicted[article]!]!)
            let real = Set(byTruth[truth[article]!]!)
            let both = Double(mine.intersection(real).count)
            p += both / Double(mine.count)
            r += both / Double(real.count)
        }
        let n = Double(truth.count)
        p /= n
        r /= n
        return (p, r, 2 * p * r / (p + r))
    }

    static func run(
        _ articles: [StoryArticle], configuration: ClusteringConfiguration = .init(),
        joinModel: JoinModel? = nil
    ) -> [String: String] {
        let engine = StoryClusterer(configuration: configuration, embedder: CachedEmbedder.shared, joinModel: joinModel)
        var assignment: [String: String] = [:]
        var merges: [String: String] = [:]
        for (i, article) in articles.enumerated() {
            let decision = engine.assign(article, features: engine.extractor(article), proposedStoryId: "story_\(i)")
            assignment[article.id] = decision.storyId
            if case .joinedAndMerged(let survivor, let absorbed) = decision { for id in absorbed { merges[id] = survivor } }
            // As the service does after each batch: lone stories offered again.
            for (survivor, absorbed) in engine.reconsiderLoneArticles() { merges[absorbed] = survivor }
        }
        func resolve(_ id: String) -> String {
            var current = id
            while let next = merges[current] { current = next }
            return current
        }
        return assignment.mapValues(resolve)
    }

    /// The orders the server may see the set in: time order (one batch), and feed by feed as the
    /// poller delivers them (each feed's batch oldest first, as `StoryService` sorts it), with the feeds in their file
    /// order, reversed, and in two seeded shuffles.
    static func orders(_ articles: [StoryArticle]) -> [(name: String, articles: [StoryArticle])] {
        let feeds = Dictionary(grouping: articles, by: { $0.feedId ?? $0.source })
        let names = feeds.keys.sorted()
        func byFeed(_ order: [String]) -> [StoryArticle] {
            order.flatMap { feeds[$0]!.sorted { ($0.publishedAt, $0.id) < ($1.publishedAt, $1.id) } }
        }
        func shuffled(_ seed: UInt64) -> [String] {
            names.sorted { stableHash("\(seed)" + $0) < stableHash("\(seed)" + $1) }
        }
        return [
            ("time", articles), ("feeds", byFeed(names)), ("feeds-reversed", byFeed(names.reversed())),
            ("feeds-shuffle1", byFeed(shuffled(1))), ("feeds-shuffle2", byFeed(shuffled(2))),
        ]
    }

    // MARK: Held-out split

    /// Stable 64-bit FNV-1a (not `Hasher`, which is seeded per process).
    static func stableHash(_ s: String) -> UInt64 { FNV1a64.hash(s) }

    /// The evaluation set's events split in two halves by a hash of the event id: thresholds are
    /// tuned on the `tune` half (with the small labelled set and the samples' truth); the `heldOut`
    /// half is only reported.
    static func isTuningEvent(_ event: String) -> Bool { stableHash(event) % 2 == 0 }

    static func evalHalf(tuning: Bool) throws -> (articles: [StoryArticle], truth: [String: String]) {
        let (articles, truth) = try loadEval()
        let kept = articles.filter { isTuningEvent(truth[$0.id]!) == tuning }
        return (kept, truth.filter { isTuningEvent($0.value) == tuning })
    }

    // MARK: Samples' truth

    struct SamplesTruth: Decodable {
        struct Item: Decodable {
            let file: String
            let guid: String
            let event: String
        }
        let items: [Item]
    }

    struct SampleFeeds: Decodable {
        struct Feed: Decodable {
            let name: String
            let file: String
            let topicHint: String?
            let authority: Int?
            let region: String?
        }
        let anchor: Date
        let feeds: [Feed]
    }

    /// The sample feeds (`Resources/jarvis/samples`) parsed with `FeedParser`, items mapped to their
    /// true event by feed file and guid (the link when the item has no guid).
    static func loadSamples() throws -> (articles: [StoryArticle], truth: [String: String]) {
        let dir = root.appendingPathComponent("Resources/jarvis/samples")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let truthFile = try decoder.decode(SamplesTruth.self, from: Data(contentsOf: dir.appendingPathComponent("truth.json")))
        let feeds = try decoder.decode(SampleFeeds.self, from: Data(contentsOf: dir.appendingPathComponent("feeds.json")))
        var eventOf: [String: String] = [:]
        for item in truthFile.items { eventOf[item.file + "|" + item.guid] = item.event }
        var articles: [StoryArticle] = []
        var truth: [String: String] = [:]
        for feed in feeds.feeds {
            let data = try Data(contentsOf: dir.appendingPathComponent(feed.file))
            let parsed = try FeedParser.parse(
                data: data, baseURL: URL(string: "http://localhost:8080/samples/" + feed.file), now: feeds.anchor)
            for item in parsed.items {
                guard let key = item.guid ?? item.link, let event = eventOf[feed.file + "|" + key] else { continue }
                let id = feed.file + "|" + key
                truth[id] = event
                articles.append(
                    StoryArticle(
                        id: id, feedId: feed.file, source: feed.name, sourceAuthority: feed.authority, topicHint: feed.topicHint,
                        region: feed.region, headline: item.title, body: item.body, publishedAt: item.publishedAt,
                        firstSeenAt: item.publishedAt, isBreakingFlag: item.isBreakingFlag,
                        canonicalUrl: item.link.flatMap(ArticleIdentity.canonicalURL),
                        contentHash: ArticleIdentity.contentHash(headline: item.title, body: item.body)))
            }
        }
        articles.sort { ($0.publishedAt, $0.id) < ($1.publishedAt, $1.id) }
        return (articles, truth)
    }

    static func labelled(_ configuration: ClusteringConfiguration) -> (Double, Double, Double) {
        let (predicted, truth, _) = ClusterTests.clusterLabelledSet(configuration)
        let s = ClusterLabelledSet.bCubed(predicted: predicted, truth: truth)
        return (s.precision, s.recall, s.f1)
    }

    static func line(_ name: String, _ s: (Double, Double, Double)) -> String {
        String(format: "%@ P=%.3f R=%.3f F1=%.3f", name, s.0, s.1, s.2)
    }

    /// Every figure for one configuration: tuning half, held-out half, whole set, labelled set, samples.
    static func report(_ configuration: ClusteringConfiguration) throws -> [String: (Double, Double, Double)] {
        var out: [String: (Double, Double, Double)] = [:]
        for (name, set) in [
            ("tune", try evalHalf(tuning: true)), ("heldout", try evalHalf(tuning: false)),
            ("whole", try loadEval()), ("samples", try loadSamples()),
        ] {
            out[name] = bcubed(predicted: run(set.articles, configuration: configuration), truth: set.truth)
        }
        out["labelled"] = labelled(configuration)
        return out
    }

    static func printReport(_ title: String, _ r: [String: (Double, Double, Double)]) {
        print(
            title + ": " + ["tune", "heldout", "whole", "labelled", "samples"].map { line($0, r[$0]!) }.joined(separator: " | "))
    }

    @Test func samplesTruthBCubed() throws {
        let (articles, truth) = try Self.loadSamples()
        #expect(articles.count == 73)
        let s = Self.bcubed(predicted: Self.run(articles), truth: truth)
        print(Self.line("clustering on the samples' truth (\(articles.count) items)", s))
        #expect(s.2 >= 0.95)
    }

    @Test func heldOutHalves() throws {
        let r = try Self.report(.init())
        Self.printReport("clustering halves (tune = events with an even hash)", r)
        #expect(r["heldout"]!.2 >= 0.945)
    }

    /// Explains decisions on the tuning half and the samples (wrong joins and missed joins):
    /// `CLUSTER_EXPLAIN_EVAL=1 swift test --filter ClusteringEvalTests/explain`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CLUSTER_EXPLAIN_EVAL"] != nil))
    func explain() throws {
        let labelled = ClusterLabelledSet.items.enumerated().sorted {
            ($0.element.hours, $0.offset) < ($1.element.hours, $1.offset)
        }
        let labelledSet = (
            articles: labelled.map { ClusterLabelledSet.article($0.element, index: $0.offset) },
            truth: Dictionary(uniqueKeysWithValues: labelled.map { ("a\($0.offset)", $0.element.event) })
        )
        for (name, set) in [
            ("tune", try Self.evalHalf(tuning: true)), ("samples", try Self.loadSamples()), ("labelled", labelledSet),
        ] {
            var c = ClusteringConfiguration()
            for pair in (ProcessInfo.processInfo.environment["CLUSTER_CFG"] ?? "").split(separator: ";") {
                let kv = pair.split(separator: "=")
                if kv.count == 2, let v = Double(kv[1]) { c.set(String(kv[0]), v) }
            }
            let clusterer = StoryClusterer(
                configuration: c, embedder: CachedEmbedder.shared, makeStoryId: ClusterTests.counterIds())
            var eventOfStory: [String: String] = [:]
            for article in set.articles {
                let event = set.truth[article.id]!
                let top = clusterer.candidates(for: article).prefix(4)
                let decision = clusterer.assign(article)
                let bad = eventOfStory[decision.storyId].map { $0 != event } ?? eventOfStory.values.contains(event)
                if eventOfStory[decision.storyId] == nil { eventOfStory[decision.storyId] = event }
                guard bad else { continue }
                let candidates = top.map { String(format: "%@=%.3f", eventOfStory[$0.storyId] ?? "?", $0.similarity) }
                print(
                    "\(name) \(event) [\(article.headline.prefix(70))] -> \(eventOfStory[decision.storyId]!) cands: \(candidates.joined(separator: " "))"
                )
            }
        }
    }

    /// Tuning: `CLUSTER_CFG="joinThreshold=0.2;entityWeight=0.3|joinThreshold=0.25" swift test --filter ClusteringEvalTests/tune`
    /// prints every figure for each configuration (separated by `|`).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CLUSTER_CFG"] != nil))
    func tune() throws {
        for spec in ProcessInfo.processInfo.environment["CLUSTER_CFG"]!.split(separator: "|") {
            var c = ClusteringConfiguration()
            for pair in spec.split(separator: ";") {
                let kv = pair.split(separator: "=")
                guard kv.count == 2, let v = Double(kv[1]) else { continue }
                c.set(String(kv[0]), v)
            }
            Self.printReport("[\(spec)]", try Self.report(c))
        }
    }

    @Test func evaluationSetBCubed() throws {
        let (articles, truth) = try Self.loadEval()
        let (p, r, f1) = Self.bcubed(predicted: Self.run(articles), truth: truth)
        print("clustering on the evaluation set (\(articles.count) articles): B3 P=\(p) R=\(r) F1=\(f1)")
        #expect(p > 0.94)
        #expect(f1 > 0.945)
    }

    /// The shipped learned join (what the server runs) on the same set, in time order (its C and threshold were
    /// chosen on this set, the real validation split and the samples together).
    @Test(.enabled(if: JoinModelTests.shipped, "no join model shipped"))
    func evaluationSetBCubedWithTheLearnedJoin() throws {
        let (articles, truth) = try Self.loadEval()
        let model = try JoinModel.load(path: JoinModelTests.modelPath)
        let (p, r, f1) = Self.bcubed(predicted: Self.run(articles, joinModel: model), truth: truth)
        print("learned join on the evaluation set (\(articles.count) articles): B3 P=\(p) R=\(r) F1=\(f1)")
        // Measured 0.967 (2026-12-06, with lone stories offered again; 0.959 without, also learned from DUC 2002's
        // newswire events; 0.973 before that, 0.940 before the event vectors).
        #expect(f1 > 0.96)
    }

    /// The samples with the learned join, as the server clusters them: one story per event (measured 1.000 at the
    /// shipped threshold; 0.969 at 0.45, which split the Kenyan protests' follow-ups off). One article astray
    /// costs about 0.02.
    @Test func samplesTruthBCubedWithTheLearnedJoin() throws {
        let (articles, truth) = try Self.loadSamples()
        let model = try JoinModel.load(path: JoinModelTests.modelPath)
        let s = Self.bcubed(predicted: Self.run(articles, joinModel: model), truth: truth)
        print(Self.line("learned join on the samples' truth (\(articles.count) items)", s))
        #expect(s.2 > 0.97)
    }
}

extension ClusteringConfiguration {
    /// Sets a numeric field by name (tuning only).
    mutating func set(_ name: String, _ v: Double) {
        switch name {
        case "titleWeight": titleWeight = v
        case "textWeight": textWeight = v
        case "entityWeight": entityWeight = v
        case "numberWeight": numberWeight = v
        case "entityStoryShare": entityStoryShare = v
        case "placeEntityWeight": placeEntityWeight = v
        case "timeDecayHours": timeDecayHours = v
        case "timeFloor": timeFloor = v
        case "joinThreshold": joinThreshold = v
        case "mergeThreshold": mergeThreshold = v
        case "mergeCentroidThreshold": mergeCentroidThreshold = v
        case "anchorEntities": anchorEntities = Int(v)
        case "quantityMissFactor": quantityMissFactor = v
        case "anchorWeight": anchorWeight = v
        case "anchorMissFactor": anchorMissFactor = v
        case "bodyCharacterLimit": bodyCharacterLimit = Int(v)
        case "semanticWeight": semanticWeight = v
        case "semanticFloor": semanticFloor = v
        case "clearWinnerShare": clearWinnerShare = v
        case "clearWinnerRatio": clearWinnerRatio = v
        case "semanticJoinThreshold": semanticJoinThreshold = v
        case "mergeSemanticThreshold": mergeSemanticThreshold = v
        case "semanticCandidates": semanticCandidates = Int(v)
        default: Issue.record("unknown configuration field \(name)")
        }
    }
}
