// StoryBench: StoryClusterer throughput and per-article latency as the store grows.
//
//   StoryBench [--sizes 10000,100000,1000000] [--batch 2000] [--rate 3000] [--learned MODEL.json] [--no-reoffer]
//
// Each assign is followed by `reconsiderLoneArticles` (lone stories offered again), as the service does;
// --no-reoffer leaves it out (the clusterer without second chances, for a before/after in one run).
// --learned: the learned join (the production path with the sentence model), with synthetic
// meaning vectors (SyntheticMeaning) in place of the encoder, whose own cost is `make bench-embed`.
//
// A deterministic synthetic stream (see SyntheticNews) is fed to one clusterer through
// assign(). The store is built up to each size (feature extraction for the build runs on all
// cores, then the same assign(_:features:) path as production); then a batch of the next
// articles is timed one by one through the full assign(_:) (features included), and
// separately the clustering step alone. Driven by scripts/bench-stories.sh (make bench-stories).
import BenchKit
import Dispatch
import Foundation
import Jarvis

var sizes = [10_000, 100_000, 1_000_000]
var batch = 2_000
var rate = 3_000.0
var joinModel: JoinModel?
var meaning = SyntheticMeaning()
var reoffer = true
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--sizes": sizes = (arguments.next() ?? "").split(separator: ",").compactMap { Int($0) }
    case "--batch": batch = Int(arguments.next() ?? "") ?? batch
    case "--rate": rate = Double(arguments.next() ?? "") ?? rate
    case "--no-reoffer": reoffer = false
    case "--learned":
        do { joinModel = try JoinModel.load(path: arguments.next() ?? "") } catch {
            FileHandle.standardError.write(Data("StoryBench: \(error)\n".utf8))
            exit(2)
        }
        meaning.branchIdentifiers = joinModel?.eventEncoder.map { [$0] } ?? []
    default:
        FileHandle.standardError.write(
            Data(
                "usage: StoryBench [--sizes N,N,N] [--batch N] [--rate ARTICLES_PER_HOUR] [--learned MODEL.json] [--no-reoffer]\n"
                    .utf8))
        exit(2)
    }
}

func now() -> UInt64 { ProcessMeasures.now() }

func residentMegabytes() -> Double { ProcessMeasures.residentMegabytes() }

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

/// Features for a range of the stream, computed on all cores; articles come back with them.
func prepare(_ stream: SyntheticNews, _ range: Range<Int>, meaning: SyntheticMeaning?) -> [(StoryArticle, ArticleFeatures)] {
    let chunk = 1_024
    let chunks = (range.count + chunk - 1) / chunk
    let results = UnsafeResults<[(StoryArticle, ArticleFeatures)]>(count: chunks)
    DispatchQueue.concurrentPerform(iterations: chunks) { c in
        let analyzer = TextAnalyzer()
        let lower = range.lowerBound + c * chunk
        let part = (lower..<min(range.upperBound, lower + chunk)).map { i -> (StoryArticle, ArticleFeatures) in
            let article = stream.article(i)
            var features = ArticleFeatures(article: article, analyzer: analyzer)
            if let meaning {
                features.embedding = meaning.vector(seed: UInt64(i), event: stream.slots[i].event)
                // The headline's own embedding, which the learned join compares too.
                features.headlineEmbedding = meaning.vector(seed: UInt64(i) ^ 0x9E37_79B9, event: stream.slots[i].event)
                // And the event branch's vector.
                features.eventEmbedding = meaning.vector(seed: UInt64(i) ^ 0x7F4A_7C15, event: stream.slots[i].event)
            }
            return (article, features)
        }
        results.set(c, part)
    }
    return results.values.flatMap { $0! }
}

/// Each concurrentPerform iteration writes its own slot; read after all have finished.
final class UnsafeResults<T>: @unchecked Sendable {
    var values: [T?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: T) { values[i] = value }
}

var stream = SyntheticNews(articlesPerHour: rate)
stream.extend(to: (sizes.max() ?? 0) + batch)
var configuration = ClusteringConfiguration()
if !reoffer { configuration.reofferAfter = [] }
let clusterer =
    joinModel.map { StoryClusterer(configuration: configuration, embedder: meaning, joinModel: $0) }
    ?? StoryClusterer(configuration: configuration)
var assigned = 0
var rows:
    [(
        size: Int, throughput: Double, p50: Double, p99: Double, indexP50: Double, indexP99: Double,
        stories: Int, indexed: Int, rss: Double, buildSeconds: Double
    )] = []

print(
    "StoryBench (\(joinModel == nil ? "hand-weighted join" : "learned join, synthetic meaning vectors")): synthetic stream at \(Int(rate)) articles/hour (\(String(format: "%.1f", Double(sizes.max() ?? 0) / rate / 24)) days to the largest store), batch \(batch)"
)
for size in sizes.sorted() {
    let buildStart = now()
    while assigned < size {
        let upper = min(size, assigned + 65_536)
        for (article, features) in prepare(stream, assigned..<upper, meaning: joinModel == nil ? nil : meaning) {
            clusterer.assign(article, features: features)
            if reoffer { _ = clusterer.reconsiderLoneArticles() }
        }
        assigned = upper
    }
    let buildSeconds = Double(now() - buildStart) / 1e9

    // Timed: the next `batch` articles, one at a time, full assign (features included).
    let articles = (assigned..<assigned + batch).map { stream.article($0) }
    var totals: [Double] = []
    var indexOnly: [Double] = []
    totals.reserveCapacity(batch)
    let batchStart = now()
    let analyzer = TextAnalyzer()
    for (k, article) in articles.enumerated() {
        let index = assigned + k
        let vector = joinModel == nil ? [] : meaning.vector(seed: UInt64(index), event: stream.slots[index].event)
        let headline =
            joinModel == nil ? [] : meaning.vector(seed: UInt64(index) ^ 0x9E37_79B9, event: stream.slots[index].event)
        let event =
            joinModel == nil ? [] : meaning.vector(seed: UInt64(index) ^ 0x7F4A_7C15, event: stream.slots[index].event)
        let t0 = now()
        var features = ArticleFeatures(article: article, analyzer: analyzer)
        features.embedding = vector
        features.headlineEmbedding = headline
        features.eventEmbedding = event
        let t1 = now()
        clusterer.assign(article, features: features)
        if reoffer { _ = clusterer.reconsiderLoneArticles() }
        let t2 = now()
        totals.append(Double(t2 - t0) / 1_000)
        indexOnly.append(Double(t2 - t1) / 1_000)
    }
    let batchSeconds = Double(now() - batchStart) / 1e9
    assigned += batch
    totals.sort()
    indexOnly.sort()
    rows.append(
        (
            size, Double(batch) / batchSeconds, percentile(totals, 0.5), percentile(totals, 0.99),
            percentile(indexOnly, 0.5), percentile(indexOnly, 0.99), clusterer.storyCount, clusterer.indexedStoryCount,
            residentMegabytes(), buildSeconds
        ))
    FileHandle.standardError.write(Data("built \(size) in \(String(format: "%.1f", buildSeconds)) s\n".utf8))
}

// Clustering quality on the whole synthetic stream (B-cubed against the generating events).
var pairCounts: [Int64: Int] = [:]
var storySizes: [String: Int] = [:]
var storyNumbers: [String: Int] = [:]
var eventSizes: [Int32: Int] = [:]
for i in 0..<assigned {
    let story = clusterer.story(of: "a\(i)") ?? "?"
    let s =
        storyNumbers[story]
        ?? {
            storyNumbers[story] = storyNumbers.count
            return storyNumbers.count - 1
        }()
    let e = stream.slots[i].event
    pairCounts[Int64(s) << 32 | Int64(e), default: 0] += 1
    storySizes[story, default: 0] += 1
    eventSizes[e, default: 0] += 1
}
let storyBySize = Dictionary(uniqueKeysWithValues: storyNumbers.map { ($0.value, storySizes[$0.key]!) })
var precision = 0.0
var recall = 0.0
for (key, n) in pairCounts {
    let nn = Double(n * n)
    precision += nn / Double(storyBySize[Int(key >> 32)]!)
    recall += nn / Double(eventSizes[Int32(truncatingIfNeeded: key & 0xFFFF_FFFF)]!)
}
precision /= Double(assigned)
recall /= Double(assigned)

print("")
print(
    "| store (articles) | assign articles/s | p50 µs | p99 µs | clustering-only p50 µs | p99 µs | stories | in index | RSS MB | build s |"
)
print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for row in rows {
    print(
        String(
            format: "| %d | %.0f | %.1f | %.1f | %.1f | %.1f | %d | %d | %.0f | %.1f |", row.size, row.throughput, row.p50,
            row.p99,
            row.indexP50, row.indexP99, row.stories, row.indexed, row.rss, row.buildSeconds))
}
print(
    String(
        format: "synthetic clustering quality over %d articles, %d events: B-cubed P=%.3f R=%.3f F1=%.3f", assigned,
        eventSizes.count, precision, recall, 2 * precision * recall / (precision + recall)))
if let first = rows.first, let last = rows.last, first.size != last.size {
    let growth = Double(last.size) / Double(first.size)
    print(
        String(
            format: "scaling: store ×%.0f (%d → %d articles); p50 ×%.2f, p99 ×%.2f, clustering-only p50 ×%.2f — %@",
            growth, first.size, last.size, last.p50 / first.p50, last.p99 / first.p99, last.indexP50 / first.indexP50,
            last.p50 / first.p50 < growth / 10
                ? "per-article cost does not grow linearly with the store" : "WARNING: cost grows with the store"))
}
