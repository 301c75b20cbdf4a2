import Foundation
@testable import Jarvis
import JarvisAPI
import Synchronization
import Testing

/// The periodic sweep rescores every live story: the score alone, with the stored topic, and the full analysis only
/// for a story whose score moved.
@Suite struct StoryRescoreTests {
    /// Counts topic decisions.
    final class CountingClassifier: TopicClassifying {
        let calls = Mutex(0)
        func topic(of articles: [StoryArticle], meaning: [String: [Float]]) -> Topic {
            calls.withLock { $0 += 1 }
            return StoryServiceTests.HintClassifier().topic(of: articles, meaning: meaning)
        }
    }

    /// Counts full analyses and score-only calls.
    final class CountingAnalyzer: StoryAnalyzing {
        let analyses = Mutex(0)
        let scores = Mutex(0)
        func analyze(_ articles: [StoryArticle], topic: Topic, now: Date) -> StoryInsight {
            analyses.withLock { $0 += 1 }
            return StoryServiceTests.PlainAnalyzer().analyze(articles, topic: topic, now: now)
        }
        func score(_ articles: [StoryArticle], topic: Topic, now: Date) -> ScoreBreakdown {
            scores.withLock { $0 += 1 }
            return StoryServiceTests.PlainAnalyzer().analyze(articles, topic: topic, now: now).score
        }
    }

    @Test func theSweepRescoresWithoutReanalysingStoriesWhoseScoreHolds() async throws {
        let clock = TestClock(Date())
        let now = Int(clock.read().timeIntervalSince1970)
        let fetcher = ScriptedFetcher([
            StoryServiceTests.a: [
                .fetched(
                    body: StoryServiceTests.items([
                        "q1|https://a.example/q1|Port of Mombasa reopens after strike|Dock workers in Mombasa returned on Monday.|\(now)",
                        "q2|https://a.example/q2|Ghana cedi steadies after rate decision|The cedi held its ground in Accra trading.|\(now - 48 * 3600)",
                    ]), etag: nil, lastModified: nil, movedPermanentlyTo: nil)
            ]
        ])
        let classifier = CountingClassifier()
        let analyzer = CountingAnalyzer()
        var configuration = StoryService.Configuration()
        configuration.staleAfter = 72 * 3600
        let engines = JarvisApplication.StoryEngines(
            makeClusterer: { StoryClusterer() }, classifier: classifier, analyzer: analyzer, configuration: configuration)
        try await StoryServiceTests.withTimedApplication(fetcher: fetcher, engines: engines, clock: clock) { application in
            _ = try await application.feeds.create(
                NewFeed(url: StoryServiceTests.a, name: "Outlet A", pollIntervalSeconds: 900), now: clock.read())
            _ = await application.poller.pollDueFeeds()
            let topicsBefore = classifier.calls.withLock { $0 }
            let analysesBefore = analyzer.analyses.withLock { $0 }
            #expect(analysesBefore == 2)

            // An hour later: the fresh story's freshness drops a point, the two-day-old one's is already 0.
            clock.advance(3600)
            await application.storyService!.sweep()
            #expect(analyzer.scores.withLock { $0 } == 2, "every live story rescored")
            #expect(analyzer.analyses.withLock { $0 } == analysesBefore + 1, "only the story whose score moved re-analysed")
            #expect(classifier.calls.withLock { $0 } == topicsBefore + 1, "the stored topic serves the rescore")
        }
    }
}
