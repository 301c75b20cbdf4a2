// SentenceBench: the sentence encoder's cost per article, on real-length news texts.
//
//   SentenceBench [--model DIR] [--set Resources/jarvis/eval/stories-eval.json] [--rounds 3]
//                 [--branch FILE]...  (default: the shipped topic and event branches)
//
// Embeds the headline + body of every article in a labelled story set (the text the clusterer
// embeds), one at a time on one thread (latency: p50 / p90 / p99), then all of them spread over
// every core (throughput), and prints tokens per text and the resident memory. When the branches
// are there, the batched and all-core figures are measured again with them (the embedding and
// every branch's vector in one pass), beside the encoder alone, and then all the server computes per
// article: that pass and the headline's own embedding, one article a call. Driven by `make bench-embed`.
import BenchKit
import Dispatch
import Foundation
import SentenceEmbedding

var model = SentenceEncoder.defaultDirectory
var setPath = FileManager.default.currentDirectoryPath + "/Resources/jarvis/eval/stories-eval.json"
var rounds = 3
var branches: [String]?
let shippedBranches = [
    "/Resources/jarvis/topics/topic-branch.safetensors", "/Resources/jarvis/clustering/event-branch.safetensors",
]
.map { FileManager.default.currentDirectoryPath + $0 }
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--model": model = arguments.next() ?? model
    case "--set": setPath = arguments.next() ?? setPath
    case "--rounds": rounds = max(1, Int(arguments.next() ?? "") ?? rounds)
    case "--branch": branches = (branches ?? []) + [arguments.next() ?? ""]
    default:
        FileHandle.standardError.write(
            Data("usage: SentenceBench [--model DIR] [--set FILE] [--rounds N] [--branch FILE]\n".utf8))
        exit(2)
    }
}

struct StorySet: Decodable {
    struct Article: Decodable {
        let headline: String
        let body: String
    }
    let articles: [Article]
}

func now() -> UInt64 { ProcessMeasures.now() }

func residentMegabytes() -> Double { ProcessMeasures.residentMegabytes() }

do {
    let loadStart = now()
    let encoder = try SentenceEncoder(directory: model)
    let loadMs = Double(now() - loadStart) / 1e6
    let set = try JSONDecoder().decode(StorySet.self, from: Data(contentsOf: URL(fileURLWithPath: setPath)))
    // The clusterer's text: headline, then the lead (ArticleFeatures.embeddingText).
    let texts = set.articles.map { $0.headline + ". " + String($0.body.prefix(1_000)) }
    let headlines = set.articles.map(\.headline)
    let tokens = texts.map { encoder.tokens($0).count }.sorted()
    _ = encoder.embed(texts[0])

    var latencies: [Double] = []
    for _ in 0..<rounds {
        for text in texts {
            let start = now()
            _ = encoder.embed(text)
            latencies.append(Double(now() - start) / 1e6)
        }
    }
    latencies.sort()
    func p(_ q: Double) -> Double { latencies[min(latencies.count - 1, Int(Double(latencies.count) * q))] }

    // Batches of 16 texts (as the story service embeds a fetched batch).
    let batchStart = now()
    for _ in 0..<rounds {
        for start in stride(from: 0, to: texts.count, by: 16) {
            _ = encoder.embed(Array(texts[start..<min(texts.count, start + 16)]))
        }
    }
    let batchedPerText = Double(now() - batchStart) / 1e6 / Double(texts.count * rounds)

    let cores = ProcessInfo.processInfo.activeProcessorCount
    let total = texts.count * rounds
    let parallelStart = now()
    DispatchQueue.concurrentPerform(iterations: total) { i in _ = encoder.embed(texts[i % texts.count]) }
    let parallelSeconds = Double(now() - parallelStart) / 1e9

    print(
        "SentenceBench: all-MiniLM-L6-v2 (6 layers, 384 wide) on OpenBLAS (\(encoder.kernels) kernels), \(texts.count) texts × \(rounds) rounds"
    )
    print(
        String(
            format: "model load %.0f ms, tokens per text p50 %d max %d, RSS %.0f MiB", loadMs, tokens[tokens.count / 2],
            tokens.last!, residentMegabytes()))
    print(
        String(
            format: "one thread: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms per text (%.0f texts/s)", p(0.5), p(0.9), p(0.99),
            1000 / (latencies.reduce(0, +) / Double(latencies.count))))
    print(String(format: "one thread, batches of 16: %.2f ms per text (%.0f texts/s)", batchedPerText, 1000 / batchedPerText))
    print(String(format: "%d cores, one text a call: %.0f texts/s", cores, Double(total) / parallelSeconds))

    let loaded = (branches ?? shippedBranches).filter { FileManager.default.fileExists(atPath: $0) }
    if !loaded.isEmpty {
        let branched = try SentenceEncoder(directory: model, branches: loaded)
        func perText(_ embed: ([String]) -> Void) -> Double {
            let start = now()
            for _ in 0..<rounds {
                for start in stride(from: 0, to: texts.count, by: 16) {
                    embed(Array(texts[start..<min(texts.count, start + 16)]))
                }
            }
            return Double(now() - start) / 1e6 / Double(texts.count * rounds)
        }
        func allCores(_ embed: @Sendable (String) -> Void) -> Double {
            let start = now()
            DispatchQueue.concurrentPerform(iterations: total) { i in embed(texts[i % texts.count]) }
            return Double(total) / (Double(now() - start) / 1e9)
        }
        // Alternating, so both see the same machine.
        let plainBatched = perText { _ = encoder.embed($0) }
        let branchBatched = perText { _ = branched.embedWithBranches($0) }
        let plainCores = allCores { _ = encoder.embed($0) }
        let branchCores = allCores { _ = branched.embedWithBranches([$0]) }
        // What the server computes per article: headline + lead with the branch, then the headline alone.
        let articleStart = now()
        DispatchQueue.concurrentPerform(iterations: total) { i in
            _ = branched.embedWithBranches([texts[i % texts.count]])
            _ = branched.embed(headlines[i % texts.count])
        }
        let articleCores = Double(total) / (Double(now() - articleStart) / 1e9)
        // As the server prepares a fetched batch: each core takes every other article and embeds its share in one
        // call (headline + lead with the branches, then the headlines together), 16 articles a lane here.
        let lanes = cores
        let batchStart = now()
        let perLane = 16
        let calls = max(1, total / (perLane * lanes))
        DispatchQueue.concurrentPerform(iterations: calls * lanes) { call in
            let first = (call * perLane) % texts.count
            let indices = (first..<(first + perLane)).map { $0 % texts.count }
            _ = branched.embedWithBranches(indices.map { texts[$0] })
            _ = branched.embed(indices.map { headlines[$0] })
        }
        let batchedCores = Double(calls * lanes * perLane) / (Double(now() - batchStart) / 1e9)
        print("with the branches (\(branched.branchIdentifiers.joined(separator: ", "))), same run:")
        print(
            String(
                format: "  one thread, batches of 16: encoder %.2f ms, encoder + branches %.2f ms per text (+%.0f%%)",
                plainBatched, branchBatched, (branchBatched / plainBatched - 1) * 100))
        print(
            String(
                format: "  %d cores, one text a call: encoder %.0f texts/s, encoder + branches %.0f texts/s", cores, plainCores,
                branchCores))
        print(
            String(
                format:
                    "  %d cores, as the server embeds an article (+ its headline alone): %.0f articles/s one a call, %.0f in batches of %d a lane",
                cores, articleCores, batchedCores, perLane))
    }
} catch {
    FileHandle.standardError.write(Data("SentenceBench: \(error)\n".utf8))
    exit(1)
}
