import Dispatch
import Foundation
import Synchronization

/// Start-up of the clustering index: the stories still open to new articles are reloaded in the
/// background while the server answers reads; ingestion and sweeps wait until it is complete.
extension StoryService {
    /// Articles prepared and restored per step: a bounded amount of memory and of actor time
    /// between two suspensions, and embeddings stored as they are made (a restart mid-way keeps them).
    static let restoreChunk = 256

    /// Starts rebuilding the clustering index in the background and returns at once: reads are
    /// served meanwhile, and `ingest`/`sweep` wait until the index is complete. A failed rebuild
    /// is logged and clustering starts from an empty index (stored stories stay as they are).
    public func startRestore() {
        guard !restoring else { return }
        restoring = true
        JarvisMetrics.clusteringIndexRestoring.add(1)
        Task {
            do {
                try await restore()
            } catch {
                logger.error("clustering index not restored: new articles start new stories", ["error": "\(error)"])
            }
            restoring = false
            JarvisMetrics.clusteringIndexRestoring.add(-1)
            let waiters = restoreWaiters
            restoreWaiters = []
            for waiter in waiters { waiter.resume() }
        }
    }

    /// False while a background rebuild of the clustering index runs.
    public var isIndexReady: Bool { !restoring }

    /// Returns once no rebuild of the clustering index is running.
    public func untilIndexReady() async {
        guard restoring else { return }
        await withCheckedContinuation { restoreWaiters.append($0) }
    }

    /// Rebuilds the clustering index from the stored assignments of the stories still open to new
    /// articles: those whose last article is within the clusterer's window of the newest one (older
    /// stories cannot be joined, so loading them would only cost start-up time). Measured from the
    /// newest article rather than the clock, a store idle for days still reloads its latest stories.
    /// Stored embeddings are reused; missing ones are computed and stored.
    public func restore() async throws {
        guard let newest = try await stories.newestLiveArticleAt() else { return }
        let since = newest.addingTimeInterval(-clusterer.openWindow)
        let assignments = try await stories.liveAssignments(since: since).map { (forClustering($0.0), $0.1) }
        let extractor = clusterer.extractor
        var stored = StoredVectors()
        // The embeddings, headline embeddings and event vectors the clusterer reads (a topic branch's are not).
        let models = [extractor.embeddingModel, extractor.headlineModel, extractor.configuration.eventVectorModel]
        for case let model? in models where extractor.vectorModels.contains(model) {
            stored[model] = try await stories.liveEmbeddings(since: since, model: model)
        }
        for start in stride(from: 0, to: assignments.count, by: Self.restoreChunk) {
            let chunk = assignments[start..<min(start + Self.restoreChunk, assignments.count)]
            let articles = chunk.map(\.0)
            let prepared = await Self.prepareInBackground(articles, extractor: extractor, stored: stored)
            await saveEmbeddings(of: articles, prepared, except: stored)
            for ((article, storyId), prepared) in zip(chunk, prepared) {
                clusterer.restore(article: article, features: prepared.features, storyId: storyId)
            }
        }
        logger.info(
            "clustering index restored",
            [
                "articles": "\(assignments.count)",
                "embeddings_reused": "\(extractor.embeddingModel.flatMap { stored[$0] }?.count ?? 0)",
            ])
    }

    /// Features on Dispatch's threads, in parallel, not on the cooperative pool: a restore or a
    /// first poll embeds thousands of articles (milliseconds each), and the pool (one thread a
    /// core) must stay free to answer requests meanwhile.
    static func prepareInBackground(
        _ articles: [StoryArticle], extractor: ArticleFeatureExtractor, stored: StoredVectors = [:]
    ) async -> [PreparedArticle] {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                let lanes = max(1, min(ProcessInfo.processInfo.activeProcessorCount, articles.count))
                let results = Mutex([PreparedArticle?](repeating: nil, count: articles.count))
                DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                    let indices = Array(stride(from: lane, to: articles.count, by: lanes))
                    let prepared = extractor.prepared(indices.map { articles[$0] }, stored: stored)
                    results.withLock { for (index, p) in zip(indices, prepared) { $0[index] = p } }
                }
                continuation.resume(returning: results.withLock { $0.map { $0! } })
            }
        }
    }
}
