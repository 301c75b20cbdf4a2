// IngestBench: the feed parser's throughput harness, driven by scripts/bench-ingest.sh.
//
//   IngestBench generate DIR [COUNT]   write COUNT (200) deterministic feed documents into DIR
//   IngestBench bench DIR [ROUNDS]     parse every file in DIR, ROUNDS (5) times; best round wins
//   IngestBench dump FILE [BASE-URL]   parse one file and show what came out (debugging aid)
import Foundation
import Jarvis

let arguments = CommandLine.arguments
func usage() -> Never {
    FileHandle.standardError.write(Data("usage: IngestBench generate DIR [COUNT] | bench DIR [ROUNDS] | dump FILE [BASE-URL]\n".utf8))
    exit(2)
}
guard arguments.count >= 3 else { usage() }

switch arguments[1] {
case "generate":
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 200 : 200
    let bytes = try CorpusGenerator.write(into: URL(fileURLWithPath: arguments[2]), count: count)
    print("generated \(count) feeds, \(bytes) bytes")
case "bench":
    let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5
    try Bench.run(directory: URL(fileURLWithPath: arguments[2]), rounds: rounds)
case "dump":
    let data = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
    let base = arguments.count > 3 ? URL(string: arguments[3]) : nil
    do {
        let feed = try FeedParser.parse(data: data, baseURL: base, now: Date(timeIntervalSince1970: 1_767_225_600))
        print("format=\(feed.format) title=\(feed.title.debugDescription) site=\(feed.siteLink ?? "nil") items=\(feed.items.count) recovered=\(feed.recoveredError ?? "nil") capped=\(feed.itemsCapped)")
        for item in feed.items {
            print("---")
            print("  title: \(item.title.debugDescription)")
            print("  link: \(item.link ?? "nil")  guid: \(item.guid ?? "nil")")
            print("  date: \(item.publishedAt) fromFeed=\(item.hasFeedDate)  author: \(item.author ?? "nil")")
            print("  image: \(item.imageURL ?? "nil")  categories: \(item.categories)  breaking: \(item.isBreakingFlag)")
            print("  summary: \(item.summary.debugDescription)")
            print("  body: \(item.body.debugDescription)")
        }
    } catch {
        print("error: \(error)")
    }
default:
    usage()
}
