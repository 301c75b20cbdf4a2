import Foundation

extension JarvisApplication.Settings {
    /// The settings `jarvis serve` runs with, read from the environment in this one place (as
    /// `XoseenApplication.Settings.fromEnvironment` does for Xoseen). Values are read, not judged:
    /// `EnvironmentRules` (Runtime) has already refused anything out of range at start-up with exit 64,
    /// so a value that does not parse here cannot reach a running server. docs/configuration.md lists
    /// every variable.
    public static func fromEnvironment(
        dataDirectory: String, selfOrigin: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Self {
        // A missing resources directory is kept as given: the topic model read from it refuses the start.
        let resources = environment["JARVIS_RESOURCES"] ?? FileManager.default.currentDirectoryPath + "/Resources/jarvis"
        var settings = Self(
            dataDirectory: dataDirectory,
            allowPrivateFeedAddresses: environment["JARVIS_ALLOW_PRIVATE_FEEDS"] == "1",
            resourcesDirectory: resources,
            loadDefaultFeeds: environment["JARVIS_DEFAULT_FEEDS"] != "0",
            sampleFeeds: environment["JARVIS_SAMPLE_FEEDS"] == "1",
            selfOrigin: selfOrigin)
        settings.adminToken = environment["JARVIS_ADMIN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        settings.databaseURL = environment["DATABASE_URL"]
        settings.redisURL = environment["REDIS_URL"]
        func positive(_ name: String) -> Int? { environment[name].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } }
        if let value = positive("JARVIS_MAX_FEEDS") { settings.feedCaps.maxFeeds = value }
        if let value = positive("JARVIS_MAX_FEEDS_PER_HOST") { settings.feedCaps.maxFeedsPerHost = value }
        // Full articles: each new article's page, fetched politely and extracted (docs/jarvis-pages.md).
        settings.fetchPages = environment["JARVIS_PAGE_FETCH"] != "0"
        if let value = positive("JARVIS_PAGE_MAX_BYTES") { settings.pageMaxBytes = value }
        if let value = positive("JARVIS_PAGE_CONCURRENCY") { settings.pages.maxConcurrentFetches = value }
        if let value = positive("JARVIS_PAGE_PER_HOST"), value <= 4 { settings.pages.maxPerHost = value }
        if let value = environment["JARVIS_PAGE_SPACING_MS"].flatMap(Int.init), value >= 0 {
            settings.pages.hostSpacing = TimeInterval(value) / 1000
        }
        settings.clusteringBodyCharacters = positive("JARVIS_CLUSTER_BODY_CHARS")
        settings.sentenceModelDirectory =
            environment["JARVIS_SENTENCE_MODEL"] ?? FileManager.default.currentDirectoryPath + "/third_party/sentence-model"
        return settings
    }
}
