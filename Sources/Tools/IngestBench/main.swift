// IngestBench: the feed parser's throughput harness, driven by scripts/bench-ingest.sh.
//
//   IngestBench generate DIR [COUNT]   write COUNT (200) deterministic feed documents into DIR
//   IngestBench bench DIR [ROUNDS]     parse every file in DIR, ROUNDS (5) times; best round wins
// (To see what one document parses to, use `jarvis parse FILE [BASE-URL]`.)
import Foundation
import Jarvis

let arguments = CommandLine.arguments
func usage() -> Never {
    FileHandle.standardError.write(Data("usage: IngestBench generate DIR [COUNT] | bench DIR [ROUNDS]\n".utf8))
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
default:
    usage()
}
