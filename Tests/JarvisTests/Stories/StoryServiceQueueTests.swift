import Foundation
@testable import Jarvis
import JarvisAPI
import Synchronization
import Testing

/// The story service's work (clustering decisions, topics, analysis, sweeps) runs on its own queue,
/// never on the cooperative pool the request handlers need.
@Suite struct StoryServiceQueueTests {
    /// Records, for every story analysed, whether it ran on the service's queue.
    final class RecordingAnalyzer: StoryAnalyzing {
        let onQueue = Mutex<[Bool]>([])
        func analyze(_ articles: [StoryArticle], topic: Topic, now: Date) -> StoryInsight {
            onQueue.withLock { $0.append(StoryServiceExecutor.isCurrent) }
            return StoryServiceTests.PlainAnalyzer().analyze(articles, topic: topic, now: now)
        }
    }

    @Test func clusteringAndAnalysisRunOnTheServicesQueue() async throws {
        let clock = TestClock(Date())
        let fetcher = ScriptedFetcher([
            StoryServiceTests.a: [
                .fetched(
                    body: StoryServiceTests.items([
                        "q1|https://a.example/q1|Port of Mombasa reopens after strike|Dock workers in Mombasa returned on Monday.",
                        "q2|https://a.example/q2|Ghana cedi steadies after rate decision|The cedi held its ground in Accra trading.",
                    ]), etag: nil, lastModified: nil, movedPermanentlyTo: nil)
            ]
        ])
        let assigned = Mutex<[Bool]>([])
        let analyzer = RecordingAnalyzer()
        let engine = StoryServiceTests.HookedEngine { _ in assigned.withLock { $0.append(StoryServiceExecutor.isCurrent) } }
        let engines = JarvisApplication.StoryEngines(
            makeClusterer: { engine }, classifier: StoryServiceTests.HintClassifier(),
            analyzer: analyzer, configuration: .init())
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let application = try await JarvisApplication(
            settings: .init(dataDirectory: directory), parser: LineParser(), fetcher: fetcher,
            engines: engines, clock: { clock.read() })
        defer { application.database.closeSync() }
        _ = try await application.feeds.create(
            NewFeed(url: StoryServiceTests.a, name: "Outlet A", pollIntervalSeconds: 900), now: clock.read())
        _ = await application.poller.pollDueFeeds()
        clock.advance(3600)
        await application.storyService!.sweep()

        #expect(assigned.withLock { $0 } == [true, true])
        let flags = analyzer.onQueue.withLock { $0 }
        #expect(flags.count >= 2 && flags.allSatisfy { $0 }, "\(flags)")
        #expect(!StoryServiceExecutor.isCurrent, "the test itself is elsewhere")
    }
}
