/// # XoseenAPI
///
/// The dating backend's HTTP surface: routes, wire DTOs (`Wire/`), the auth middleware and
/// the one authorisation rule (`Auth/`), the chat socket. Domain logic lives in `Xoseen`.
import ClusterBus
import Foundation
import HTTPServer
import Logging
import SQLStore
import Synchronization
import Xoseen
import XoseenVerification

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
        /// Chat messages per user: `XOSEEN_CHAT_BURST` at once, refilled at `XOSEEN_CHAT_RATE` per second.
        public var chatBurst: Int = 10
        public var chatRatePerSecond: Double = 2
        /// The in-server trainer's period (`XOSEEN_TRAIN_INTERVAL_SEC`, 0 = off; default 6 h).
        public var trainInterval: TimeInterval = 6 * 3600
        /// AUC a new model must gain over the serving ranker to be promoted (`XOSEEN_PROMOTION_MARGIN`).
        public var promotionMargin: Double = 0.01
        /// `XOSEEN_SEED_COUNT`: how many seed personas an empty installation gets (400; the rank
        /// benchmark loads 10k and 100k).
        public var seedCount: Int
        /// `XOSEEN_MODELS`: dlib's face models (`third_party/face-models`, from scripts/setup.sh).
        public var modelsDirectory: String
        /// `XOSEEN_OPERATOR_TOKEN`: the verification review queue's credential (unset: queue API off).
        public var operatorToken: String?

        public init(
            dataDirectory: String, resourcesDirectory: String, requireAuth: Bool = false,
            tokenTimeToLive: TimeInterval = 7 * 24 * 3600, seedCount: Int = 400, environment: [String: String] = [:]
        ) {
            self.dataDirectory = dataDirectory
            self.resourcesDirectory = resourcesDirectory
            self.requireAuth = requireAuth
            self.tokenTimeToLive = tokenTimeToLive
            self.seedCount = seedCount
            self.environment = environment
            self.modelsDirectory =
                environment["XOSEEN_MODELS"] ?? FileManager.default.currentDirectoryPath + "/third_party/face-models"
            self.operatorToken = environment["XOSEEN_OPERATOR_TOKEN"]
            if let depth = environment["XOSEEN_VERIFY_QUEUE"].flatMap(Int.init), depth > 0 { verifierLimits.queueDepth = depth }
            if let megapixels = environment["XOSEEN_VERIFY_MAX_MEGAPIXELS"].flatMap(Int.init), megapixels > 0 {
                verifierLimits.pixelsPerAttempt = megapixels * 1_000_000
            }
        }

        /// The verifier's cost bounds (`XOSEEN_VERIFY_QUEUE`, `XOSEEN_VERIFY_MAX_MEGAPIXELS`); the
        /// per-address and per-user attempt limits read `XOSEEN_VERIFY_PER_*` (see `VerificationLimits`).
        public var verifierLimits = IdentityVerifier.Limits()
    }

    public let settings: Settings
    public let database: any Database
    /// The Redis bus shared with the other instances (`REDIS_URL`; nil on a single instance).
    public let bus: RedisBus?
    private let instanceId = UUID().uuidString
    public let signer: TokenSigner
    /// The chat sockets' hub: hand it to the `HTTPServer` that serves `router()`.
    public let hub = WebSocketHub()
    let startedAt: Date
    let context: XoseenContext
    /// Which ranker serves whom (the registry's serving row, refreshed by `trainer`).
    public let learning: LearnedServing
    public let training: RankerTraining
    public let verifier: IdentityVerifier
    /// The feed's cursor chains; `runMaintenance` writes them behind and prunes expired ones.
    public let chains: FeedChains
    public let tokenVersions: TokenVersions

    /// A setting the server refuses to start with (the message names it and what is allowed).
    public struct ConfigurationError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Start-up checks of settings that would otherwise fail later, mid-request.
    static func validate(_ settings: Settings) throws {
        let ttlRange = "a whole number of seconds from 1 to \(Int(TokenSigner.maximumTimeToLive)) (ten years)"
        if let raw = settings.environment["XOSEEN_TOKEN_TTL_SEC"], TimeInterval(raw).map(TokenSigner.validTimeToLive) != true {
            throw ConfigurationError(description: "XOSEEN_TOKEN_TTL_SEC must be \(ttlRange); got '\(raw.prefix(40))'")
        }
        guard TokenSigner.validTimeToLive(settings.tokenTimeToLive) else {
            throw ConfigurationError(description: "the token lifetime must be \(ttlRange); got \(settings.tokenTimeToLive)")
        }
    }

    public init(settings: Settings, clock: @escaping @Sendable () -> Date = { Date() }) async throws {
        try Self.validate(settings)
        self.settings = settings
        // Dates of birth, face descriptors and chat live here: owner-only (0700 / 0600).
        // `DATABASE_URL` (postgres://) shares one database between instances; unset keeps xoseen.sqlite.
        database = try await Self.databaseConfiguration(dataDirectory: settings.dataDirectory, environment: settings.environment)
            .open(migrations: XoseenSchema.migrations)
        let secret = try TokenSecret.load(environment: settings.environment, dataDirectory: settings.dataDirectory)
        signer = TokenSigner(secret: secret, timeToLive: settings.tokenTimeToLive, clock: clock)
        startedAt = clock()
        let gazetteer = try Gazetteer(resourcesDirectory: settings.resourcesDirectory)
        let policy = AuthPolicy(requireAuth: settings.requireAuth)
        tokenVersions = TokenVersions(database: database)
        try await tokenVersions.refresh()
        chains = FeedChains(database: database)
        let index = CandidateIndex(gazetteer: gazetteer)
        let profiles = ProfileStore(database: database, index: index)
        let matching = MatchingStore(database: database, index: index)
        // A restart rebuilds the index from the store.
        try await index.load(profiles: profiles, matching: matching)
        let blindDates = BlindDateStore(database: database)
        try await blindDates.prepare()
        var chat = ChatService(
            store: ChatStore(database: database), blindDates: blindDates,
            admission: ChatAdmission(policy: policy, matching: matching, blindDates: blindDates, profiles: profiles),
            hub: hub, scanner: try SafetyScanner(resourcesDirectory: settings.resourcesDirectory),
            limiter: ChatRateLimiter(burst: settings.chatBurst, perSecond: settings.chatRatePerSecond), clock: clock)
        // Several instances: chat, block closes and candidate-index changes reach every instance.
        bus = try settings.environment["REDIS_URL"].flatMap { $0.isEmpty ? nil : try RedisBus(url: $0) }
        if let bus {
            chat.sharedLimit = SharedChatRateLimit(bus: bus, local: chat.limiter)
            chat.relay = ChatRelay(bus: bus, chat: chat)
            CandidateIndexRelay.connect(index, profiles: profiles, matching: matching, to: bus)
        }
        let registry = ModelRegistry(database: database, dataDirectory: settings.dataDirectory)
        learning = LearnedServing(registry: registry)
        var training = RankerTraining(database: database, registry: registry, ranker: RuleBasedRanker(gazetteer: gazetteer))
        training.promotionMargin = settings.promotionMargin
        self.training = training
        context = XoseenContext(
            profiles: profiles, matching: matching, validation: ProfileValidation(gazetteer: gazetteer),
            authorizer: Authorizer(policy: policy), signer: signer,
            feed: CandidateFeed(
                index: index, matching: matching, ranker: RuleBasedRanker(gazetteer: gazetteer),
                learning: learning),
            chat: chat, verifications: VerificationStore(database: database), clock: clock,
            chains: chains, tokenVersions: tokenVersions)
        verifier = IdentityVerifier(
            store: context.verifications, modelsDirectory: settings.modelsDirectory,
            limits: settings.verifierLimits, clock: clock)
    }

    /// The store's file under a data directory (the server and the operator commands share it).
    public static func databasePath(in dataDirectory: String) -> String { dataDirectory + "/xoseen.sqlite" }

    /// The store the server and the operator commands open: `DATABASE_URL` or `<data-dir>/xoseen.sqlite`.
    public static func databaseConfiguration(dataDirectory: String, environment: [String: String]) throws -> DatabaseConfiguration
    {
        try DatabaseConfiguration.forProduct(
            name: "xoseen", dataDirectory: dataDirectory, databaseURL: environment["DATABASE_URL"])
    }

    public var profiles: ProfileStore { context.profiles }
    public var matching: MatchingStore { context.matching }
    public var candidateIndex: CandidateIndex { context.feed.index }

    /// Loads the deterministic seed population (400 personas and their like/pass history)
    /// into an empty installation, so the feed, `p_like_back` and matches mean something on
    /// a fresh start.
    public func bootstrap(seedCount: Int? = nil) async throws {
        let seedCount = seedCount ?? settings.seedCount
        let population = SeedPopulation(
            gazetteer: context.validation.gazetteer,
            demographics: try PopulationDemographics(resourcesDirectory: settings.resourcesDirectory))
        let loaded = try await SeedLoader(database: database).loadIfEmpty(
            population: population, count: seedCount, now: context.clock())
        if loaded > 0 { try await candidateIndex.load(profiles: profiles, matching: matching) }
    }

    /// The in-server trainer (`XOSEEN_TRAIN_INTERVAL_SEC`), one per process; instances sharing the
    /// database take turns through its lease. `run()` it until cancelled.
    public var trainer: PeriodicTrainer {
        PeriodicTrainer(
            training: training, serving: learning, lease: WorkLease(database: database, holder: instanceId),
            interval: settings.trainInterval, clock: context.clock)
    }

    /// Housekeeping that keeps the read path free of durable writes and the store bounded: every
    /// `period`, written-behind cursor chains are flushed and expired ones pruned, and token
    /// versions bumped elsewhere (another process, `xoseen revoke-tokens`) are re-read. Runs
    /// until cancelled; a last flush on the way out.
    public func runMaintenance(period: Duration = .seconds(2)) async {
        let logger = Logger(label: "xoseen.maintenance")
        while !Task.isCancelled {
            try? await Task.sleep(for: period)
            do {
                try await chains.flush(now: context.clock())
                try await tokenVersions.refresh()
            } catch is CancellationError {
                break  // stopping: the last flush below still runs
            } catch {
                logger.warning("maintenance failed", ["error": "\(error)"])
            }
        }
        // The task is cancelled by now, and the database refuses work from a cancelled task: the
        // last flush runs detached, or paged chains would be lost at every graceful stop.
        let chains = chains
        let clock = context.clock
        _ = try? await Task.detached { try await chains.flush(now: clock()) }.value
    }

    public func router() -> Router {
        var router = Router()
        var verificationLimits = VerificationLimits(environment: settings.environment)
        verificationLimits.shared = bus.map { SharedAttemptLimit(bus: $0) }
        router.use(TokenAuthentication(signer: signer, versions: tokenVersions))
        CapabilityRoutes(learning: learning, startedAt: startedAt).register(on: &router)
        ProfileRoutes(context: context).register(on: &router)
        FeedRoutes(context: context).register(on: &router)
        PhotoRoutes(keys: context.photoKeys).register(on: &router)
        ChatRoutes(chat: context.chat).register(on: &router)
        AssistRoutes(context: context).register(on: &router)
        BlindDateRoutes(context: context).register(on: &router)
        SessionRoutes(context: context).register(on: &router)
        AccountRoutes(delete: { [self] in try await deleteUser($0) }).register(on: &router)
        VerificationRoutes(
            context: context, verifier: verifier, operatorToken: settings.operatorToken,
            limits: verificationLimits
        ).register(on: &router)
        MatchRoutes(context: context).register(on: &router)
        OperatorRoutes(learning: learning, chat: context.chat, operatorToken: settings.operatorToken).register(on: &router)
        WebAppRoutes(
            webDirectory: settings.resourcesDirectory + "/web",
            sharedDirectory: settings.resourcesDirectory + "/../web-shared"
        ).register(on: &router)
        return router
    }
}
