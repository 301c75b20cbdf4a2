import Foundation
import Jarvis

// ExtractBench: article extraction throughput on 2 cores, beside whole-page text extraction of the
// same pages in the same run.
//
//   ExtractBench [PAGES-DIR] [--seconds N] [--lanes N]
//
// Pages: every NAME.html in PAGES-DIR (default Tests/JarvisTests/Fixtures/pages). Real article pages
// weigh ~100–300 KB, most of it inline scripts, styles, SVG icons and menus, which our hand-written
// pages lack; each page is therefore also measured "weighted": with a 60 KB inline script, 20 KB of
// CSS, an SVG sprite and a 250-link menu added, as real templates carry. The files are read into
// memory first (no I/O timed); `lanes` threads extract pages round-robin for `seconds`; pages/s
// and MB/s (input bytes) are printed for: extraction, whole-page text — and pages per CPU-second
// (process CPU time), which does not move with the neighbours' load on a shared machine.

var directory = FileManager.default.currentDirectoryPath + "/Tests/JarvisTests/Fixtures/pages"
var seconds = 5.0
var lanes = 2
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--seconds": seconds = Double(arguments.popFirst() ?? "") ?? seconds
    case "--lanes": lanes = Int(arguments.popFirst() ?? "") ?? lanes
    default: directory = argument
    }
}

let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".html") }.sorted()
guard !names.isEmpty else {
    FileHandle.standardError.write(Data("ExtractBench: no .html pages in \(directory)\n".utf8))
    exit(2)
}
let plain = names.compactMap { FileManager.default.contents(atPath: directory + "/" + $0) }

/// The weight real templates add around the article.
func weighted(_ page: Data) -> Data {
    var script = "<script>"
    for i in 0..<1_200 { script += "window.__cfg\(i)={id:\(i),name:'module-\(i)',deps:['a','b','c'],lazy:true};" }
    script += "</script>"
    var style = "<style>"
    for i in 0..<400 { style += ".c\(i){margin:0 \(i % 7)px;padding:\(i % 5)px;color:#\(String(format: "%06x", i * 997))}" }
    style += "</style>"
    var sprite = #"<svg style="display:none">"#
    for i in 0..<60 { sprite += #"<symbol id="i\#(i)"><path d="M0 0L\#(i) 10L20 \#(i)Z M5 5 L15 15 C 1 2 3 4 5 6"/></symbol>"# }
    sprite += "</svg>"
    var menu = #"<div class="mega-menu"><ul>"#
    for i in 0..<250 { menu += #"<li><a href="/section/\#(i)">Section \#(i)</a></li>"# }
    menu += "</ul></div>"
    var text = String(decoding: page, as: UTF8.self)
    if let head = text.range(of: "</head>") { text.insert(contentsOf: style + script, at: head.lowerBound) }
    if let body = text.range(of: "<body")?.upperBound, let close = text[body...].firstIndex(of: ">") {
        text.insert(contentsOf: sprite + menu, at: text.index(after: close))
    }
    return Data(text.utf8)
}

let heavy = plain.map(weighted)

func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var pages = 0
    private var bytes = 0
    func add(_ p: Int, _ b: Int) {
        lock.lock()
        pages += p
        bytes += b
        lock.unlock()
    }
    var totals: (Int, Int) {
        lock.lock()
        defer { lock.unlock() }
        return (pages, bytes)
    }
}

func measure(
    _ label: String, _ corpus: [Data], seconds: Double, lanes: Int,
    _ work: @escaping @Sendable (Data) -> Int
) -> (Double, Double) {
    let counter = Counter()
    let cpuBefore = cpuSeconds()
    let deadline = Date().addingTimeInterval(seconds)
    let started = Date()
    DispatchQueue.concurrentPerform(iterations: lanes) { lane in
        var index = lane
        var pages = 0
        var bytes = 0
        var local = 0
        while Date() < deadline {
            let page = corpus[index % corpus.count]
            local &+= work(page)
            pages += 1
            bytes += page.count
            index += lanes
        }
        counter.add(pages, bytes)
        if local == -1 { print("") }  // keeps the work from being optimised away
    }
    let elapsed = Date().timeIntervalSince(started)
    let cpu = cpuSeconds() - cpuBefore
    let (pages, bytes) = counter.totals
    let pagesPerSecond = Double(pages) / elapsed
    let megabytesPerSecond = Double(bytes) / elapsed / 1_000_000
    print(
        String(
            format: "  %-28@ %7.0f pages/s %7.1f MB/s %8.0f pages/CPU-s  (CPU %.0f%% of %d cores)", label as NSString,
            pagesPerSecond, megabytesPerSecond, Double(pages) / cpu, 100 * cpu / elapsed / Double(lanes), lanes))
    return (pagesPerSecond, megabytesPerSecond)
}

let averagePlain = plain.map(\.count).reduce(0, +) / plain.count
let averageHeavy = heavy.map(\.count).reduce(0, +) / heavy.count
print("ExtractBench: \(plain.count) pages, \(lanes) lanes, \(Int(seconds)) s per measure")
print("pages as written (average \(averagePlain / 1024) KB):")
_ = measure("article extraction", plain, seconds: seconds, lanes: lanes) { ArticleExtractor.extract($0).text.utf8.count }
_ = measure("whole-page text (baseline)", plain, seconds: seconds, lanes: lanes) { ArticleExtractor.wholePageText($0).utf8.count }
print("weighted like real templates (average \(averageHeavy / 1024) KB):")
_ = measure("article extraction", heavy, seconds: seconds, lanes: lanes) { ArticleExtractor.extract($0).text.utf8.count }
_ = measure("whole-page text (baseline)", heavy, seconds: seconds, lanes: lanes) { ArticleExtractor.wholePageText($0).utf8.count }
