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

        public init(dataDirectory: String, allowPrivateFeedAddresses: Bool = false) {
            self.dataDirectory = dataDirectory
            self.allowPrivateFeedAddresses = allowPrivateFeedAddresses
            self.fetch = FetchConfiguration(allowPrivateAddresses: allowPrivateFeedAddresses)
            self.poller = FeedPoller.Configuration()
        }
    }

    public let settings: Settings
    public let database: any Database
    public let events: JarvisEventBus
    public let poller: FeedPoller
    let context: JarvisContext

    /// Opens (and migrates) the database under the data directory and wires the services.
    public init(settings: Settings, parser: any FeedDocumentParsing, fetcher: (any FeedFetching)? = nil,
                clock: @escaping @Sendable () -> Date = { Date() }) async throws {
        self.settings = settings
        try FileManager.default.createDirectory(atPath: settings.dataDirectory, withIntermediateDirectories: true)
        let url = DatabaseURL.sqlite(path: settings.dataDirectory + "/jarvis.sqlite")
        database = try await DatabaseConfiguration(url: url).open(migrations: JarvisSchema.migrations)
        events = JarvisEventBus()
        let feeds = FeedStore(database: database)
        let articles = ArticleStore(database: database)
        context = JarvisContext(feeds: feeds, articles: articles, events: events,
                                allowPrivateFeedAddresses: settings.allowPrivateFeedAddresses, startedAt: clock(), clock: clock)
        poller = FeedPoller(feeds: feeds, articles: articles, fetcher: fetcher ?? CurlFeedFetcher(configuration: settings.fetch),
                            parser: parser, events: events, configuration: settings.poller, clock: clock)
    }

    public var feeds: FeedStore { context.feeds }
    public var articles: ArticleStore { context.articles }

    /// Every Jarvis route.
    public func router() -> Router {
        var router = Router()
        HealthRoutes(context: context).register(on: &router)
        FeedRoutes(context: context).register(on: &router)
        ArticleRoutes(context: context).register(on: &router)
        return router
    }
}
