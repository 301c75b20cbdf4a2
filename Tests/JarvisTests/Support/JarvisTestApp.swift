import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import JarvisAPI
import Synchronization

/// A fetcher that answers from a script, per URL, in order (the last answer repeats).
final class ScriptedFetcher: FeedFetching {
    private let script: Mutex<[String: [FetchOutcome]]>
    private let log = Mutex<[FetchRequest]>([])

    init(_ script: [String: [FetchOutcome]]) { self.script = Mutex(script) }

    func fetch(_ request: FetchRequest) async -> FetchOutcome {
        log.withLock { $0.append(request) }
        return script.withLock { table in
            guard var answers = table[request.url.absoluteString], !answers.isEmpty else {
                return .failed(.network("no scripted answer for \(request.url)"))
            }
            let answer = answers.count > 1 ? answers.removeFirst() : answers[0]
            table[request.url.absoluteString] = answers
            return answer
        }
    }

    var requests: [FetchRequest] { log.withLock { $0 } }
}

/// Parses the tiny line format the scripted tests use: one item per line,
/// `guid|link|headline|body`.
struct LineParser: FeedDocumentParsing {
    struct NotAFeed: Error {}

    func articles(from document: Data, feedURL: URL, now: Date) throws -> [IncomingArticle] {
        let text = String(decoding: document, as: UTF8.self)
        guard text.hasPrefix("items\n") else { throw NotAFeed() }
        return text.split(separator: "\n").dropFirst().map { line in
            let parts = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            return IncomingArticle(guid: parts[0], link: parts[1], headline: parts[2], body: parts[3], publishedAt: now)
        }
    }
}

/// A test clock that moves only when told.
final class TestClock: Sendable {
    private let now: Mutex<Date>
    init(_ start: Date = Date(timeIntervalSince1970: 1_796_000_000)) { now = Mutex(start) }
    func read() -> Date { now.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { now.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

func temporaryDirectory() -> String {
    let path = NSTemporaryDirectory() + "jarvis-test-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A Jarvis application on a fresh data directory, served live for one test.
func withJarvis<T>(
    allowPrivate: Bool = false, fetcher: (any FeedFetching)? = nil,
    parser: any FeedDocumentParsing = LineParser(), clock: TestClock? = nil,
    settings adjust: (inout JarvisApplication.Settings) -> Void = { _ in },
    _ body: (JarvisApplication, LiveServer) async throws -> T
) async throws -> T {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var settings = JarvisApplication.Settings(dataDirectory: directory, allowPrivateFeedAddresses: allowPrivate)
    settings.poller.policy.random = { 0.5 }
    adjust(&settings)
    let clockFunction: @Sendable () -> Date
    if let clock { clockFunction = { clock.read() } } else { clockFunction = { Date() } }
    let application = try await JarvisApplication(settings: settings, parser: parser, fetcher: fetcher, clock: clockFunction)
    defer { application.database.closeSync() }
    return try await withLiveServer(application.router()) { server in try await body(application, server) }
}
