import Foundation
import JarvisAPI
import Testing

/// `jarvis serve` reads its settings from the environment in one place, as Xoseen does.
@Suite struct SettingsEnvironmentTests {
    @Test func unsetVariablesKeepTheDefaults() {
        let settings = JarvisApplication.Settings.fromEnvironment(dataDirectory: "/tmp/d", environment: [:])
        let defaults = JarvisApplication.Settings(dataDirectory: "/tmp/d")
        #expect(settings.loadDefaultFeeds && !settings.sampleFeeds && !settings.allowPrivateFeedAddresses)
        #expect(settings.fetchPages, "jarvis serve fetches pages unless JARVIS_PAGE_FETCH=0")
        #expect(settings.feedCaps.maxFeeds == defaults.feedCaps.maxFeeds)
        #expect(settings.pages.maxPerHost == defaults.pages.maxPerHost)
        #expect(settings.pageMaxBytes == defaults.pageMaxBytes)
        #expect(settings.adminToken == nil && settings.databaseURL == nil && settings.redisURL == nil)
        #expect(settings.clusteringBodyCharacters == nil)
        #expect(settings.resourcesDirectory == FileManager.default.currentDirectoryPath + "/Resources/jarvis")
        #expect(settings.sentenceModelDirectory == FileManager.default.currentDirectoryPath + "/third_party/sentence-model")
    }

    @Test func everyVariableReachesItsSetting() {
        let settings = JarvisApplication.Settings.fromEnvironment(
            dataDirectory: "/tmp/d", selfOrigin: "http://127.0.0.1:9",
            environment: [
                "JARVIS_RESOURCES": "/r", "JARVIS_DEFAULT_FEEDS": "0", "JARVIS_SAMPLE_FEEDS": "1",
                "JARVIS_ALLOW_PRIVATE_FEEDS": "1", "JARVIS_ADMIN_TOKEN": "t", "DATABASE_URL": "postgres://h/db",
                "REDIS_URL": "redis://h:1", "JARVIS_MAX_FEEDS": "7", "JARVIS_MAX_FEEDS_PER_HOST": "3",
                "JARVIS_PAGE_FETCH": "0", "JARVIS_PAGE_MAX_BYTES": "1000", "JARVIS_PAGE_CONCURRENCY": "2",
                "JARVIS_PAGE_PER_HOST": "3", "JARVIS_PAGE_SPACING_MS": "250", "JARVIS_CLUSTER_BODY_CHARS": "600",
                "JARVIS_SENTENCE_MODEL": "/m",
            ])
        #expect(settings.resourcesDirectory == "/r" && settings.sentenceModelDirectory == "/m")
        #expect(!settings.loadDefaultFeeds && settings.sampleFeeds && settings.allowPrivateFeedAddresses)
        #expect(settings.poller.trustedOrigins.contains("http://127.0.0.1:9"), "the sample outlets are this server")
        #expect(settings.adminToken == "t" && settings.databaseURL == "postgres://h/db" && settings.redisURL == "redis://h:1")
        #expect(settings.feedCaps.maxFeeds == 7 && settings.feedCaps.maxFeedsPerHost == 3)
        #expect(!settings.fetchPages && settings.pageMaxBytes == 1000)
        #expect(settings.pages.maxConcurrentFetches == 2 && settings.pages.maxPerHost == 3)
        #expect(settings.pages.hostSpacing == 0.25)
        #expect(settings.clusteringBodyCharacters == 600)
    }
}
