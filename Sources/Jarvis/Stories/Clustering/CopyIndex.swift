/// Where copies of an article already sit, so that they always join: the story of every canonical URL and
/// content hash seen, and recent SimHashes in 4 banded 16-bit buckets (a near-identical text differs in at
/// most `syndicationMaxDistance` bits, so at least one 16-bit band is equal). Story numbers are the
/// clusterer's; `resolve` maps one to the story that holds it now (nil once removed).
struct CopyIndex {
    private struct Entry {
        var hash: UInt64
        var time: Double
        var story: Int32
    }

    private var byURL: [UInt64: Int32] = [:]
    private var byContent: [UInt64: Int32] = [:]
    private var buckets: [[Entry]] = Array(repeating: [], count: 4 << 16)
    /// Entries kept per bucket: a bucket is a 16-bit slice, so a full one is mostly unrelated texts.
    private static let bucketCap = 32

    /// The story holding a copy of the article: the same canonical URL or content hash, else the nearest
    /// SimHash (ties to the older story) within the configured distance and time window.
    func story(
        of features: ArticleFeatures, time: Double, distinctTerms: Int, configuration: ClusteringConfiguration,
        resolve: (Int32) -> Int32?
    ) -> Int32? {
        if let key = features.urlKey, let story = byURL[key].flatMap(resolve) { return story }
        if let key = features.contentKey, let story = byContent[key].flatMap(resolve) { return story }
        guard distinctTerms >= configuration.syndicationMinimumTerms else { return nil }
        let hash = features.simhash
        var best: (story: Int32, distance: Int)?
        for band in 0..<4 {
            for entry in buckets[Self.bucket(hash, band: band)] {
                let distance = (entry.hash ^ hash).nonzeroBitCount
                guard distance <= configuration.syndicationMaxDistance, abs(entry.time - time) <= configuration.storyWindow,
                    let story = resolve(entry.story)
                else { continue }
                if best == nil || distance < best!.distance || (distance == best!.distance && story < best!.story) {
                    best = (story, distance)
                }
            }
        }
        return best?.story
    }

    /// Records the article's canonical URL and content hash under `story`.
    mutating func recordKeys(of features: ArticleFeatures, story: Int32) {
        if let key = features.urlKey { byURL[key] = story }
        if let key = features.contentKey { byContent[key] = story }
    }

    /// Records the article's SimHash under `story` when it has enough distinct terms to be compared; entries
    /// older than the window (at `clock`) leave the buckets they pass.
    mutating func recordSimhash(
        of features: ArticleFeatures, story: Int32, time: Double, distinctTerms: Int, clock: Double,
        configuration: ClusteringConfiguration
    ) {
        guard distinctTerms >= configuration.syndicationMinimumTerms else { return }
        let entry = Entry(hash: features.simhash, time: time, story: story)
        for band in 0..<4 {
            let b = Self.bucket(features.simhash, band: band)
            buckets[b].removeAll { clock - $0.time > configuration.storyWindow }
            if buckets[b].count >= Self.bucketCap { buckets[b].removeFirst() }
            buckets[b].append(entry)
        }
    }

    private static func bucket(_ hash: UInt64, band: Int) -> Int { band << 16 | Int((hash >> UInt64(band * 16)) & 0xFFFF) }
}
