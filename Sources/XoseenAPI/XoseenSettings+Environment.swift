import Foundation

extension XoseenApplication.Settings {
    /// The settings `xoseen serve` and its operator commands run with, read from the environment in
    /// this one place (as `JarvisApplication.Settings.fromEnvironment` does for Jarvis). Values are read,
    /// not judged: `EnvironmentRules` (Runtime) has already refused anything out of range at start-up
    /// with exit 64; the token lifetime, which only the signer can judge, is checked when the
    /// application opens (`XoseenApplication.validate`). The environment is kept in the settings for
    /// the parts that read their own variables (database, Redis, token secret, verification limits).
    /// docs/configuration.md lists every variable.
    public static func fromEnvironment(
        dataDirectory: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Self {
        var settings = Self(
            dataDirectory: dataDirectory,
            resourcesDirectory: environment["XOSEEN_RESOURCES"] ?? FileManager.default.currentDirectoryPath
                + "/Resources/xoseen",
            requireAuth: environment["XOSEEN_REQUIRE_AUTH"] == "1",
            tokenTimeToLive: environment["XOSEEN_TOKEN_TTL_SEC"].flatMap(TimeInterval.init) ?? 7 * 24 * 3600,
            seedCount: environment["XOSEEN_SEED_COUNT"].flatMap(Int.init).map { min(max($0, 0), 1_000_000) } ?? 400,
            environment: environment)
        if let burst = environment["XOSEEN_CHAT_BURST"].flatMap(Int.init), burst > 0 { settings.chatBurst = burst }
        if let rate = environment["XOSEEN_CHAT_RATE"].flatMap(Double.init), rate > 0 { settings.chatRatePerSecond = rate }
        if let interval = environment["XOSEEN_TRAIN_INTERVAL_SEC"].flatMap(TimeInterval.init), interval >= 0 {
            settings.trainInterval = interval
        }
        if let margin = environment["XOSEEN_PROMOTION_MARGIN"].flatMap(Double.init), margin >= 0 {
            settings.promotionMargin = margin
        }
        return settings
    }
}
