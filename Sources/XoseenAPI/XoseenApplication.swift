/// # XoseenAPI
///
/// The dating backend's HTTP surface: routes, wire DTOs (`Wire/`), the auth middleware and
/// the one authorisation rule (`Auth/`), the chat socket. Domain logic lives in `Xoseen`.
import Foundation
import HTTPServer
import Logging
import SQLStore
import Synchronization
import Xoseen

public struct XoseenApplication: Sendable {
    public static let version = "0.2.0"

    public struct Settings: Sendable {
        public var dataDirectory: String
        /// `XOSEEN_REQUIRE_AUTH=1`: user-scoped routes refuse requests without a token.
        public var requireAuth: Bool
        /// `XOSEEN_TOKEN_TTL_SEC`.
        public var tokenTimeToLive: TimeInterval
        public var environment: [String: String]
        /// `Resources/xoseen` (the neighbourhood gazetteer).
        public var resourcesDirectory: String
        /// `XOSEEN_SEED_COUNT`: how many seed personas an empty installation gets (400; the rank
        /// benchmark loads 10k and 100k).
        public var seedCount: Int

        public init(dataDirectory: String, resourcesDirectory: String, requireAuth: Bool = false,
                    tokenTimeToLive: TimeInterval = 7 * 24 * 3600, seedCount: Int = 400, environment: [String: String] = [:]) {
            self.dataDirectory = dataDirectory
            self.resourcesDirectory = resourcesDirectory
            self.requireAuth = requireAuth
            self.tokenTimeToLive = tokenTimeToLive
            self.seedCount = seedCount
            self.environment = environment
        }

        /// From the process environment (`XOSEEN_REQUIRE_AUTH`, `XOSEEN_TOKEN_TTL_SEC`, `XOSEEN_TOKEN_SECRET`,
        /// `XOSEEN_SEED_COUNT`).
        public static func fromEnvironment(dataDirectory: String,
                                           environment: [String: String] = ProcessInfo.processInfo.environment) -> Settings {
            Settings(dataDirectory: dataDirectory,
                     resourcesDirectory: environment["XOSEEN_RESOURCES"] ?? FileManager.default.currentDirectoryPath + "/Resources/xoseen",
                     requireAuth: environment["XOSEEN_REQUIRE_AUTH"] == "1",
                     tokenTimeToLive: environment["XOSEEN_TOKEN_TTL_SEC"].flatMap(TimeInterval.init) ?? 7 * 24 * 3600,
                     seedCount: environment["XOSEEN_SEED_COUNT"].flatMap(Int.init).map { min(max($0, 0), 1_000_000) } ?? 400,
                     environment: environment)
        }
    }

    public let settings: Settings
    public let database: any Database
    public let signer: TokenSigner
    let startedAt: Date
    let serving: ServingStatus
    let context: XoseenContext

    public init(settings: Settings, clock: @escaping @Sendable () -> Date = { Date() }) async throws {
        self.settings = settings
        try FileManager.default.createDirectory(atPath: settings.dataDirectory, withIntermediateDirectories: true)
        database = try await DatabaseConfiguration(url: .sqlite(path: settings.dataDirectory + "/xoseen.sqlite"))
            .open(migrations: XoseenSchema.migrations)
        let secret = try TokenSecret.load(environment: settings.environment, dataDirectory: settings.dataDirectory)
        signer = TokenSigner(secret: secret, timeToLive: settings.tokenTimeToLive, clock: clock)
        startedAt = clock()
        serving = .ruleBasedOnly
        let gazetteer = try Gazetteer(resourcesDirectory: settings.resourcesDirectory)
        let index = CandidateIndex(gazetteer: gazetteer)
        let profiles = ProfileStore(database: database, index: index)
        let matching = MatchingStore(database: database, index: index)
        // A restart rebuilds the index from the store.
        try await index.load(profiles: profiles, matching: matching)
        context = XoseenContext(profiles: profiles, matching: matching, validation: ProfileValidation(gazetteer: gazetteer),
                                authorizer: Authorizer(policy: AuthPolicy(requireAuth: settings.requireAuth)), signer: signer,
                                feed: CandidateFeed(index: index, matching: matching, ranker: RuleBasedRanker(gazetteer: gazetteer)),
                                clock: clock)
    }

    public var profiles: ProfileStore { context.profiles }
    public var matching: MatchingStore { context.matching }
    public var candidateIndex: CandidateIndex { context.feed.index }

    /// Loads the deterministic seed population (400 personas and their like/pass history)
    /// into an empty installation, so the feed, `p_like_back` and matches mean something on
    /// a fresh start.
    public func bootstrap(seedCount: Int? = nil) async throws {
        let seedCount = seedCount ?? settings.seedCount
        let population = SeedPopulation(gazetteer: context.validation.gazetteer)
        let loaded = try await SeedLoader(database: database).loadIfEmpty(population: population, count: seedCount, now: context.clock())
        if loaded > 0 { try await candidateIndex.load(profiles: profiles, matching: matching) }
    }

    public func router() -> Router {
        var router = Router()
        router.use(TokenAuthentication(signer: signer))
        CapabilityRoutes(serving: serving, startedAt: startedAt).register(on: &router)
        ProfileRoutes(context: context).register(on: &router)
        FeedRoutes(context: context).register(on: &router)
        PhotoRoutes().register(on: &router)
        return router
    }
}
