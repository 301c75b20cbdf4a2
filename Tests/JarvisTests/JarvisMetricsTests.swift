import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import JarvisAPI
import Testing

/// The pipeline's own figures at `/metrics`: a poll, the articles it stored, feeds by health and the
/// story count, read from the real server after real work. Counters are process-wide (other tests
/// poll too), so each is checked as a rise of at least what this test did.
@Suite struct JarvisMetricsTests {
    static func value(_ text: String, _ series: String) -> Double {
        for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1)) ?? 0
        }
        return 0
    }

    @Test func pollsArticlesAndFeedsAppearInMetrics() async throws {
        let body = PollerTests.items([
            "g1|https://example.org/a|Headline one|Body one", "g2|https://example.org/b|Headline two|Body two",
        ])
        let fetcher = ScriptedFetcher([
            PollerTests.feedURL: [.fetched(body: body, etag: nil, lastModified: nil, movedPermanentlyTo: nil)]
        ])
        try await withJarvis(fetcher: fetcher) { application, _ in
            var configuration = LiveServer.testConfiguration()
            configuration.operations = application.operations(apiDescription: OpenAPIConformanceTests.documentPath)
            try await withLiveServer(application.router(), configuration: configuration) { server in
                let before = try await server.client.get("/metrics").bodyString
                let feed = try await PollerTests.addFeed(application, now: Date())
                _ = await application.poller.poll(feed)
                let after = try await server.client.get("/metrics").bodyString
                let fetched = #"jarvis_polls_total{outcome="fetched"}"#
                #expect(Self.value(after, fetched) - Self.value(before, fetched) >= 1)
                #expect(
                    Self.value(after, "jarvis_articles_ingested_total") - Self.value(before, "jarvis_articles_ingested_total")
                        >= 2)
                #expect(Self.value(after, #"jarvis_feeds{health="active"}"#) == 1)
                #expect(Self.value(after, "jarvis_articles") == 2)
                #expect(after.contains("# TYPE jarvis_clustering_seconds histogram"))
                let ready = try await server.client.get("/readyz")
                // No story engines in this app: ready says so, naming the check.
                #expect(ready.status == 503)
                #expect(ready.bodyString.contains(#""database":"ok""#) && ready.bodyString.contains("story engines"))
            }
        }
    }
}
