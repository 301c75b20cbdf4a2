import ClusterBus
/// # JarvisAPI
///
/// The news backend's HTTP surface: routes, wire DTOs in the exact shape the iOS app's
/// decoders demand (`Wire/`), and the live event stream. Domain logic lives in `Jarvis`.
import Foundation
import HTTPServer
import Jarvis
import Logging
import SQLStore

public struct JarvisApplication: Sendable {
    public static let version = "0.2.0"

    public struct Settings: Sendable {
        public var dataDirectory: String
        /// Lets feed URLs reach private/loopback addresses (tests, the offline samples).
        public var allowPrivateFeedAddresses: Bool
        public var fetch: FetchConfiguration
        public var poller: FeedPoller.Configuration
        /// `Resources/jarvis`: `default-feeds.json` and `samples/`.
        public var resourcesDirectory: String?
        /// Load the curated real feeds on first start.
        public var loadDefaultFeeds: Bool
        /// Serve the bundled offline samples at `/samples/` and poll them from `selfOrigin`.
        public var sampleFeeds: Bool
        /// How this server reaches itself (`http://127.0.0.1:8080`), for the samples.
        public var selfOrigin: String?
        /// Live stream keep-alive: a ping this often; a client silent for `pongTimeout` is dropped.
        public var pingInterval: Duration = .seconds(30)
        public var pongTimeout: Duration = .seconds(75)
        /// `JARVIS_ADMIN_TOKEN`: when set, `POST /feeds` and `DELETE /feeds/{id}` need
        /// `Authorization: Bearer <token>`; unset (the default) keeps the seed's open contract.
        public var adminToken: String?
        /// `JARVIS_MAX_FEEDS` / `JARVIS_MAX_FEEDS_PER_HOST`: caps on `POST /feeds`.
        public var feedCaps = FeedStore.Caps()
        /// Full articles (`JARVIS_PAGE_FETCH`): fetch each new article's page and keep its text
        /// when richer. Off unless set (tests); `jarvis serve` turns it on by default.
        public var fetchPages = false
        public var pages = ArticlePageService.Configuration()
        /// `JARVIS_PAGE_MAX_BYTES`: the page size cap (after decompression).
        public var pageMaxBytes = 5 * 1024 * 1024
        /// `DATABASE_URL`: a `postgres://` URL shares one database between instances; nil keeps
        /// `<data-dir>/jarvis.sqlite`.
        public var databaseURL: String?
        /// `REDIS_URL`: live events reach the `/ws` clients of every instance; nil keeps them in-process.
        public var redisURL: String?
        /// `JARVIS_SENTENCE_MODEL`: the sentence encoder's directory, read by the executable's story
        /// engines (nil: clustering compares words, entities and figures only).
        public var sentenceModelDirectory: String?
        /// `JARVIS_CLUSTER_BODY_CHARS`: clustering reads at most this many characters of a body (nil: all).
        public var clusteringBodyCharacters: Int?

        public init(
            dataDirectory: String, allowPrivateFeedAddresses: Bool = false, resourcesDirectory: String? = nil,
            loadDefaultFeeds: Bool = false, sampleFeeds: Bool = false, selfOrigin: String? = nil
        ) {
            self.dataDirectory = dataDirectory
            self.allowPrivateFeedAddresses = allowPrivateFeedAddresses
            self.fetch = FetchConfiguration(allowPrivateAddresses: allowPrivateFeedAddresses)
            self.poller = FeedPoller.Configuration()
            self.resourcesDirectory = resourcesDirectory
            self.loadDefaultFeeds = loadDefaultFeeds
            self.sampleFeeds = sampleFeeds
            self.selfOrigin = selfOrigin
            if sampleFeeds, let selfOrigin {
                poller.trustedOrigins.insert(selfOrigin)
                pages.trustedOrigins.insert(selfOrigin)
            }
        }
    }

    /// The story intelligence the service runs (production: `StoryEngines.standard`).
    public struct StoryEngines: Sendable {
        public var makeClusterer: @Sendable () -> any StoryClusteringEngine
        public var classifier: any TopicClassifying
        public var analyzer: any StoryAnalyzing
        public var configuration: StoryService.Configuration

        public init(
            makeClusterer: @escaping @Sendable () -> any StoryClusteringEngine, classifier: any TopicClassifying,
            analyzer: any StoryAnalyzing, configuration: StoryService.Configuration = .init()
        ) {
            self.makeClusterer = makeClusterer
            self.classifier = classifier
            self.analyzer = analyzer
            self.configuration = configuration
        }
    }

    public let settings: Settings
    public let database: any Database
    public let events: JarvisEventBus
    /// The Redis bus shared with the other instances (nil on a single instance).
    public let bus: RedisBus?
    public let poller: FeedPoller
    /// Nil when no story engines were given (stories then stay provisional and unlisted).
    public let storyService: StoryService?
    /// Nil unless `settings.fetchPages`.
    public let pageService: ArticlePageService?
    let context: JarvisContext

    /// Opens (and migrates) the database under the data directory and wires the services.
    public init(
        settings: Settings, parser: any FeedDocumentParsing, fetcher: (any FeedFetching)? = nil,
        engines: StoryEngines? = nil, pageFetcher: (any FeedFetching)? = nil,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) async throws {
        self.settings = settings
        // Owner-only data at rest (0700 directory, 0600 database files), as for Xoseen.
        database = try await DatabaseConfiguration.forProduct(
            name: "jarvis", dataDirectory: settings.dataDirectory, databaseURL: settings.databaseURL
        ).open(migrations: JarvisSchema.migrations)
        events = JarvisEventBus()
        bus = try settings.redisURL.flatMap { $0.isEmpty ? nil : try RedisBus(url: $0) }
        if let bus { JarvisEventRelay.connect(events, to: bus) }
        let feeds = FeedStore(database: database)
        let articles = ArticleStore(database: database)
        context = JarvisContext(
            feeds: feeds, articles: articles, stories: StoryStore(database: database), events: events,
            allowPrivateFeedAddresses: settings.allowPrivateFeedAddresses, startedAt: clock(), clock: clock,
            keepAlive: WebSocketKeepAlive(
                pingInterval: settings.pingInterval, pongTimeout: settings.pongTimeout, ping: LiveEventRoutes.ping),
            adminToken: settings.adminToken, feedCaps: settings.feedCaps)
        context.storyPages.invalidate(on: events)
        if let engines {
            storyService = StoryService(
                stories: context.stories, clusterer: engines.makeClusterer(), classifier: engines.classifier,
                analyzer: engines.analyzer, events: events, configuration: engines.configuration,
                clock: clock)
        } else {
            storyService = nil
        }
        if settings.fetchPages {
            var pageSettings = settings.pages
            if settings.sampleFeeds, let origin = settings.selfOrigin, let resources = settings.resourcesDirectory {
                for host in FeedCatalog.samplePageHosts(directory: resources + "/samples") {
                    pageSettings.mirrors[host] = origin + "/samples/pages/"
                }
            }
            let stories = storyService
            pageService = ArticlePageService(
                articles: articles,
                fetcher: pageFetcher
                    ?? CurlFeedFetcher(
                        configuration: ArticlePageService.fetchConfiguration(
                            allowPrivateAddresses: settings.allowPrivateFeedAddresses, maxBodyBytes: settings.pageMaxBytes)),
                configuration: pageSettings, clock: clock,
                onEnriched: { storyId in await stories?.reanalyze(storyId, contentChanged: true) })
        } else {
            pageService = nil
        }
        var pollerConfiguration = settings.poller
        if database.dialect == .postgres {
            // Instances sharing the database: one ingests (and clusters) at a time.
            let stories = storyService
            let ownership = IngestOwnership(database: database, onTakeover: { await stories?.startRestore() })
            pollerConfiguration.ingestOwnership = { await ownership.isOwner() }
        }
        poller = FeedPoller(
            feeds: feeds, articles: articles, fetcher: fetcher ?? CurlFeedFetcher(configuration: settings.fetch),
            parser: Self.sampleAware(parser, settings: settings, now: clock()), events: events, stories: storyService,
            pages: pageService,
            configuration: pollerConfiguration, clock: clock)
    }

    /// Starts rebuilding the clustering index in the background (the server answers meanwhile;
    /// ingestion waits for it), then registers the default feeds (first start) and the offline
    /// samples (when enabled).
    public func bootstrap() async throws {
        await storyService?.startRestore()
        let bootstrap = FeedBootstrap(feeds: context.feeds, settings: SettingsStore(database: database))
        guard let resources = settings.resourcesDirectory else { return }
        let now = context.clock()
        if settings.loadDefaultFeeds {
            let path = resources + "/default-feeds.json"
            if FileManager.default.fileExists(atPath: path) {
                try await bootstrap.loadDefaultsOnce(try FeedCatalog.loadDefaults(path: path), now: now)
            } else {
                context.logger.warning("no default feed list", ["path": path])
            }
        }
        if settings.sampleFeeds, let origin = settings.selfOrigin {
            let directory = resources + "/samples"
            let entries = try FeedCatalog.loadSamples(directory: directory)
            try await bootstrap.registerSamples(entries, origin: origin, now: now)
        }
    }

    /// The poller's parser: with the offline samples enabled, their items are moved to now.
    static func sampleAware(_ parser: any FeedDocumentParsing, settings: Settings, now: Date) -> any FeedDocumentParsing {
        guard settings.sampleFeeds, let origin = settings.selfOrigin, let resources = settings.resourcesDirectory else {
            return parser
        }
        let directory = resources + "/samples"
        let anchor =
            FeedCatalog.sampleManifest(directory: directory).anchor
            ?? (try? FeedCatalog.loadSamples(directory: directory)).flatMap {
                FeedCatalog.newestSampleDate(directory: directory, entries: $0, now: .distantFuture)
            }
        return SampleFeedParser(
            base: parser, samplesPrefix: origin + "/samples/", shiftSeconds: SampleFeedParser.shift(anchor: anchor, now: now))
    }

    public var feeds: FeedStore { context.feeds }
    public var articles: ArticleStore { context.articles }
    public var stories: StoryStore { context.stories }

    /// Every Jarvis route.
    public func router() -> Router {
        var router = Router()
        HealthRoutes(context: context).register(on: &router)
        FeedRoutes(context: context).register(on: &router)
        OPMLRoutes(context: context).register(on: &router)
        ArticleRoutes(context: context).register(on: &router)
        StoryRoutes(context: context).register(on: &router)
        LiveEventRoutes(context: context).register(on: &router)
        OpsRoutes(context: context).register(on: &router)
        if let resources = settings.resourcesDirectory {
            WebAppRoutes(webDirectory: resources + "/web", sharedDirectory: resources + "/../web-shared").register(on: &router)
        }
        if settings.sampleFeeds, let resources = settings.resourcesDirectory {
            let directory = resources + "/samples"
            SampleRoutes(
                directory: directory, literalOrigin: FeedCatalog.sampleManifest(directory: directory).literalOrigin,
                selfOrigin: settings.selfOrigin
            ).register(on: &router)
        }
        return router
    }
}
