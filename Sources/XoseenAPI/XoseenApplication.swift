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
        /// `XOSEEN_MODELS`: dlib's face models (`third_party/face-models`, from scripts/setup.sh).
        public var modelsDirectory: String
        /// `XOSEEN_OPERATOR_TOKEN`: the verification review queue's credential (unset: queue API off).
        public var operatorToken: String?

        public init(dataDirectory: String, resourcesDirectory: String, requireAuth: Bool = false,
                    tokenTimeToLive: TimeInterval = 7 * 24 * 3600, environment: [String: String] = [:]) {
            self.dataDirectory = dataDirectory
            self.resourcesDirectory = resourcesDirectory
            self.requireAuth = requireAuth
            self.tokenTimeToLive = tokenTimeToLive
            self.environment = environment
            self.modelsDirectory = environment["XOSEEN_MODELS"] ?? FileManager.default.currentDirectoryPath + "/third_party/face-models"
            self.operatorToken = environment["XOSEEN_OPERATOR_TOKEN"]
        }

        /// From the process environment (`XOSEEN_REQUIRE_AUTH`, `XOSEEN_TOKEN_TTL_SEC`, `XOSEEN_TOKEN_SECRET`).
        public static func fromEnvironment(dataDirectory: String,
                                           environment: [String: String] = ProcessInfo.processInfo.environment) -> Settings {
            Settings(dataDirectory: dataDirectory,
                     resourcesDirectory: environment["XOSEEN_RESOURCES"] ?? FileManager.default.currentDirectoryPath + "/Resources/xoseen",
                     requireAuth: environment["XOSEEN_REQUIRE_AUTH"] == "1",
                     tokenTimeToLive: environment["XOSEEN_TOKEN_TTL_SEC"].flatMap(TimeInterval.init) ?? 7 * 24 * 3600,
                     environment: environment)
        }
    }

    public let settings: Settings
    public let database: any Database
    public let signer: TokenSigner
    let startedAt: Date
    let serving: ServingStatus
    let context: XoseenContext
    public let verifier: IdentityVerifier

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
        context = XoseenContext(profiles: ProfileStore(database: database), matching: MatchingStore(database: database),
                                validation: ProfileValidation(gazetteer: gazetteer),
                                authorizer: Authorizer(policy: AuthPolicy(requireAuth: settings.requireAuth)), signer: signer,
                                ranker: RuleBasedRanker(gazetteer: gazetteer), verifications: VerificationStore(database: database),
                                clock: clock)
        verifier = IdentityVerifier(store: context.verifications, modelsDirectory: settings.modelsDirectory, clock: clock)
    }

    public var profiles: ProfileStore { context.profiles }

    /// Loads the deterministic seed population (400 personas and their like/pass history)
    /// into an empty installation, so the feed, `p_like_back` and matches mean something on
    /// a fresh start.
    public func bootstrap(seedCount: Int = 400) async throws {
        let population = SeedPopulation(gazetteer: context.validation.gazetteer)
        try await SeedLoader(database: database).loadIfEmpty(population: population, count: seedCount, now: context.clock())
    }

    public func router() -> Router {
        var router = Router()
        router.use(TokenAuthentication(signer: signer))
        CapabilityRoutes(serving: serving, startedAt: startedAt).register(on: &router)
        ProfileRoutes(context: context).register(on: &router)
        FeedRoutes(context: context).register(on: &router)
        PhotoRoutes().register(on: &router)
        VerificationRoutes(context: context, verifier: verifier, operatorToken: settings.operatorToken).register(on: &router)
        return router
    }
}
