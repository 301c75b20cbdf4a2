import Foundation
import Logging

/// Receives what the poller stored.
public protocol StoryIngesting: Sendable {
    /// New articles (each in its provisional single-article story) and stories whose
    /// articles changed.
    func ingest(new articles: [(StoryArticle, provisionalStoryId: String)], changedStories: Set<String>) async
}

/// Story intelligence as a service: places each new article in its story (clustering),
/// merges stories that turn out to be one, recomputes each touched story (topic, headline,
/// summary, consensus/conflict, breaking, score), stores it and tells live clients:
/// `story.created` the first time a story is shown, `story.updated` whenever its score or
/// source count changes, `story.stale` when it leaves the feed (quiet too long, or merged
/// away). Runs periodically too: freshness decays, so scores move without new articles.
///
/// An actor: the clustering engine is not thread-safe and sees one article at a time. It runs on
/// its own serial queue, off the cooperative pool the request handlers use (StoryServiceExecutor.swift).
public actor StoryService: StoryIngesting {
    private let executor = StoryServiceExecutor(label: "jarvis.stories")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    public struct Configuration: Sendable {
        /// A story with no new article for this long goes stale and leaves the feed.
        public var staleAfter: TimeInterval = 36 * 3600
        /// How often scores are recomputed and staleness checked.
        public var sweepInterval: Duration = .seconds(300)
        /// How long a batch waits for batches of other feeds polled at the same moment, so that
        /// they are clustered together in time order rather than in the order their fetches end.
        public var gatherWindow: Duration = .milliseconds(250)
        /// At most this many characters of an article's body reach clustering (nil: all of it).
        /// Fetched pages make bodies long; a headline-and-lead model may do better on the lead.
        public var clusteringBodyCharacters: Int?
        public init() {}
    }

    let stories: StoryStore
    let clusterer: any StoryClusteringEngine
    let classifier: any TopicClassifying
    let analyzer: any StoryAnalyzing
    let events: JarvisEventBus
    let configuration: Configuration
    let clock: @Sendable () -> Date
    let logger = Logger(label: "stories")

    public init(
        stories: StoryStore, clusterer: sending any StoryClusteringEngine, classifier: any TopicClassifying,
        analyzer: any StoryAnalyzing, events: JarvisEventBus, configuration: Configuration = .init(),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.stories = stories
        self.clusterer = clusterer
        self.classifier = classifier
        self.analyzer = analyzer
        self.events = events
        self.configuration = configuration
        self.clock = clock
    }

    /// Whether the clustering index is being rebuilt in the background (`startRestore`), and the
    /// callers waiting for it (StoryIndexRestore.swift).
    var restoring = false
    var restoreWaiters: [CheckedContinuation<Void, Never>] = []

    /// The article as clustering sees it: the body cut to `clusteringBodyCharacters`.
    func forClustering(_ article: StoryArticle) -> StoryArticle {
        guard let limit = configuration.clusteringBodyCharacters, article.body.count > limit else { return article }
        var cut = article
        cut.body = String(article.body.prefix(limit))
        return cut
    }

    /// Keeps new embeddings, headline embeddings and branch vectors, so a restart need not compute them again
    /// and the topic model finds its vectors. A failure only costs time.
    func saveEmbeddings(of articles: [StoryArticle], _ prepared: [PreparedArticle], except stored: StoredVectors = [:]) async {
        let extractor = clusterer.extractor
        /// The articles' vectors of one model, leaving out empty ones and those already stored.
        func vectors(_ model: String?, _ vector: (PreparedArticle) -> [Float]) -> [(articleId: String, vector: [Float])] {
            let known = model.flatMap { stored[$0] } ?? [:]
            return zip(articles, prepared).compactMap { article, p in
                let v = vector(p)
                return v.isEmpty || known[article.id] != nil ? nil : (article.id, v)
            }
        }
        var sets: [(model: String?, vectors: [(articleId: String, vector: [Float])])] = [
            (extractor.embeddingModel, vectors(extractor.embeddingModel, \.features.embedding)),
            (extractor.headlineModel, vectors(extractor.headlineModel, \.features.headlineEmbedding)),
        ]
        for (i, model) in extractor.branchModels.enumerated() {
            sets.append((model, vectors(model) { i < $0.branchVectors.count ? $0.branchVectors[i] : [] }))
        }
        for case (let model?, let vectors) in sets where !vectors.isEmpty {
            do {
                try await stories.saveEmbeddings(vectors, model: model)
            } catch {
                logger.warning("embeddings not stored", ["model": model, "count": "\(vectors.count)", "error": "\(error)"])
            }
        }
    }

    /// Batches that arrived while another was being clustered, with the callers waiting for them.
    private var waiting:
        [(
            articles: [(StoryArticle, provisionalStoryId: String)], changed: Set<String>,
            done: CheckedContinuation<Void, Never>?
        )] = []
    private var clustering = false

    /// Batches from feeds polled together are clustered together, oldest article first: the
    /// first caller clusters its batch with every batch that arrives within `gatherWindow`, and
    /// then with those that arrived while it worked; later callers wait for their batch's turn.
    /// Each call returns once its own articles are placed and their stories analysed.
    public func ingest(new articles: [(StoryArticle, provisionalStoryId: String)], changedStories: Set<String>) async {
        await untilIndexReady()
        guard !clustering else {
            await withCheckedContinuation { waiting.append((articles, changedStories, $0)) }
            return
        }
        clustering = true
        waiting.append((articles, changedStories, nil))
        if configuration.gatherWindow > .zero { try? await Task.sleep(for: configuration.gatherWindow) }
        while !waiting.isEmpty {
            let round = waiting
            waiting = []
            await cluster(
                round.flatMap(\.articles), changedStories: round.reduce(into: Set<String>()) { $0.formUnion($1.changed) })
            for entry in round { entry.done?.resume() }
        }
        clustering = false
    }

    private func cluster(_ articles: [(StoryArticle, provisionalStoryId: String)], changedStories: Set<String>) async {
        var touched = changedStories
        var absorbedAll: [String] = []
        // Oldest first: a feed lists its newest item first, but a follow-up finds its story more
        // easily when the first report is already there.
        let ordered = articles.map { (forClustering($0.0), provisionalStoryId: $0.provisionalStoryId) }.sorted { a, b in
            let x = min(a.0.publishedAt, a.0.firstSeenAt)
            let y = min(b.0.publishedAt, b.0.firstSeenAt)
            return x != y ? x < y : a.0.id < b.0.id
        }
        let encoding = ContinuousClock.now
        let prepared = await Self.prepareInBackground(ordered.map(\.0), extractor: clusterer.extractor)
        let features = prepared.map(\.features)
        JarvisMetrics.encoderSeconds.observe(duration: ContinuousClock.now - encoding)
        let clustering = ContinuousClock.now
        defer {
            JarvisMetrics.clusteringSeconds.observe(duration: ContinuousClock.now - clustering)
            JarvisMetrics.clusteredArticles.increment(by: UInt64(ordered.count))
        }
        // Every decision of the batch first, with no suspension point between them: the actor is
        // reentrant, and another feed's batch must not interleave with this one's time order. After each
        // article, the stories left with their one article whose time has come are offered again, so a batch of
        // days (a restart, feeds added together) is clustered as the same articles arriving one by one would be.
        let decisions = zip(ordered, features).map {
            (
                clusterer.assign($0.0.0, features: $0.1, proposedStoryId: $0.0.provisionalStoryId),
                lone: clusterer.reconsiderLoneArticles()
            )
        }
        // Stored in the same order: each article's move, then the merges that followed it.
        for ((article, provisional), (decision, lone)) in zip(ordered, decisions) {
            do {
                switch decision {
                case .newStory(let id):
                    if id != provisional { try await stories.move(articleId: article.id, from: provisional, to: id) }
                case .joined(let id):
                    try await stories.move(articleId: article.id, from: provisional, to: id)
                case .joinedAndMerged(let survivor, let absorbed):
                    try await stories.move(articleId: article.id, from: provisional, to: survivor)
                    try await storeMerge(absorbed, into: survivor, absorbedAll: &absorbedAll, touched: &touched)
                }
                touched.insert(decision.storyId)
            } catch {
                logger.error("story assignment not stored", ["article": article.id, "error": "\(error)"])
            }
            for (survivor, absorbed) in lone {
                do {
                    try await storeMerge([absorbed], into: survivor, absorbedAll: &absorbedAll, touched: &touched)
                } catch {
                    logger.error("story merge not stored", ["survivor": survivor, "absorbed": absorbed, "error": "\(error)"])
                }
            }
        }
        await saveEmbeddings(of: ordered.map(\.0), prepared)
        for id in absorbedAll { events.publish(.storyStale(storyId: id)) }
        for id in touched.sorted() { await reanalyze(id, contentChanged: true) }
    }

    /// A merge the clusterer made, stored: the absorbed stories will be announced stale, the survivor analysed.
    private func storeMerge(
        _ absorbed: [String], into survivor: String, absorbedAll: inout [String], touched: inout Set<String>
    ) async throws {
        try await stories.merge(absorbed, into: survivor)
        absorbedAll += absorbed
        touched.subtract(absorbed)
        touched.insert(survivor)
        logger.info("stories merged", ["survivor": survivor, "absorbed": absorbed.joined(separator: ",")])
    }

    /// Recomputes one story and publishes what changed. `updatedAt` moves only when its
    /// content did.
    public func reanalyze(_ storyId: String, contentChanged: Bool) async {
        let articles: [StoryArticle]
        let before: StoryStore.AnalysisState
        do {
            articles = try await stories.storyArticles(storyId, readingBodiesOf: analyzer.articlesRead)
            guard !articles.isEmpty, let state = try await stories.state(of: storyId) else { return }
            before = state
        } catch {
            logger.error("story not analyzed", ["story": storyId, "error": "\(error)"])
            return
        }
        await analyze(storyId, articles: articles, before: before, contentChanged: contentChanged)
    }

    /// The full analysis of a story whose articles and stored state are in hand: stored, then announced.
    private func analyze(
        _ storyId: String, articles: [StoryArticle], before: StoryStore.AnalysisState, contentChanged: Bool
    ) async {
        do {
            let now = clock()
            let topic = await topic(of: storyId, articles)
            let insight = analyzer.analyze(articles, topic: topic, now: now)
            let sourceCount = Set(articles.map(\.source)).count
            let lastArticle = articles.map(\.publishedAt).max() ?? now
            try await stories.saveInsight(
                storyId: storyId, insight: insight, sourceCount: sourceCount,
                lastArticleAt: max(lastArticle, articles.map(\.firstSeenAt).max() ?? lastArticle),
                updatedAt: contentChanged || !before.analyzed ? now : nil)
            if !before.analyzed {
                events.publish(.storyCreated(storyId: storyId))
            } else if before.signalScore != insight.score.total || before.sourceCount != sourceCount {
                events.publish(.storyUpdated(storyId: storyId, signalScore: insight.score.total, sourceCount: sourceCount))
            } else {
                events.publish(.storyRevised(storyId: storyId))
            }
        } catch {
            logger.error("story not analyzed", ["story": storyId, "error": "\(error)"])
        }
    }

    /// Marks quiet stories stale (and drops them from the index), then rescores the rest.
    public func sweep() async {
        await untilIndexReady()
        let now = clock()
        do {
            let stale = try await stories.markStale(lastArticleBefore: now.addingTimeInterval(-configuration.staleAfter))
            for id in stale {
                clusterer.remove(storyId: id)
                events.publish(.storyStale(storyId: id))
            }
            for id in try await stories.liveStoryIds() { await rescore(id, now: now) }
        } catch {
            logger.error("story sweep failed", ["error": "\(error)"])
        }
        await sweepRetiredVectors()
    }

    /// Vectors deleted per sweep at most: a retired model's rows go over a few sweeps, each a short write.
    static let retiredVectorsPerSweep = 5_000

    /// Deletes stored vectors of models this build no longer makes (an older topic branch or encoder).
    private func sweepRetiredVectors() async {
        do {
            let deleted = try await stories.deleteVectors(
                notMadeBy: clusterer.extractor.vectorModels, limit: Self.retiredVectorsPerSweep)
            if deleted > 0 { logger.info("retired vectors deleted", ["count": "\(deleted)"]) }
        } catch {
            logger.warning("retired vectors not deleted", ["error": "\(error)"])
        }
    }

    /// Scores decay with time: recompute the score alone (the stored topic stands until the articles change, and
    /// they did not), then analyse, store and announce only when it moved, with the articles already read. Every
    /// live story is rescored each sweep, so no summary, consensus or topic is recomputed for stories whose score
    /// holds.
    private func rescore(_ storyId: String, now: Date) async {
        guard let before = try? await stories.state(of: storyId) else { return }
        guard let articles = try? await stories.storyArticles(storyId, readingBodiesOf: analyzer.articlesRead),
            !articles.isEmpty
        else { return }
        let topic: Topic
        if before.analyzed, let stored = before.topic { topic = stored } else { topic = await self.topic(of: storyId, articles) }
        guard analyzer.score(articles, topic: topic, now: now).total != before.signalScore else { return }
        await analyze(storyId, articles: articles, before: before, contentChanged: false)
    }

    /// The story's topic, from the articles whose body the analysis reads (`StoryAnalyzing.articlesRead`: the
    /// store loaded no other body), each with its stored meaning vector when the classifier reads them (an article
    /// without one, or a store that fails, leaves that article to the text model).
    private func topic(of storyId: String, _ all: [StoryArticle]) async -> Topic {
        let read = analyzer.articlesRead(all)
        let articles = all.filter { read.contains($0.id) }
        var vectors: [String: [Float]] = [:]
        if let encoder = classifier.meaningEncoder {
            do {
                let some = articles.count < all.count ? articles.map(\.id) : nil
                vectors = try await stories.embeddings(ofStory: storyId, model: encoder, articles: some)
            } catch {
                logger.warning("meaning vectors not read", ["story": storyId, "error": "\(error)"])
            }
        }
        return classifier.topic(of: articles, meaning: vectors)
    }

    /// Periodic sweeps until cancelled.
    public func run() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: configuration.sweepInterval)
            if Task.isCancelled { break }
            await sweep()
        }
    }
}
