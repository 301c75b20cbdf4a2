import Foundation
import Jarvis

/// Parses a directory of feeds from memory (file reading is not timed), several rounds, best kept.
enum Bench {
    static func run(directory: URL, rounds: Int) throws {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { ["xml", "rss", "atom"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let documents = try files.map { try Data(contentsOf: $0) }
        let totalBytes = documents.reduce(0) { $0 + $1.count }
        let base = URL(string: "https://bench.example.com/feed.xml")
        let now = Date()

        var best = Double.infinity
        var items = 0
        var failures = 0
        for _ in 0..<max(1, rounds) {
            items = 0
            failures = 0
            let start = DispatchTime.now().uptimeNanoseconds
            for document in documents {
                do {
                    items += try FeedParser.parse(data: document, baseURL: base, now: now).items.count
                } catch {
                    failures += 1
                }
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            best = min(best, seconds)
        }
        let mbPerSecond = Double(totalBytes) / 1_000_000 / best
        let itemsPerSecond = Double(items) / best
        print(
            String(
                format: "swift files=%d bytes=%d items=%d failures=%d best=%.4fs mb_per_s=%.2f items_per_s=%.0f",
                documents.count, totalBytes, items, failures, best, mbPerSecond, itemsPerSecond))
    }
}
