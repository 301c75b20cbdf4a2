import Foundation
import HTTPServer
import Logging
import Runtime
import XoseenAPI

// Environment (beyond the shared serve options): XOSEEN_REQUIRE_AUTH=1, XOSEEN_TOKEN_TTL_SEC,
// XOSEEN_TOKEN_SECRET (else a secret is generated in the data directory on first start), XOSEEN_SEED_COUNT,
// XOSEEN_CHAT_BURST / XOSEEN_CHAT_RATE, XOSEEN_TRAIN_INTERVAL_SEC, XOSEEN_PROMOTION_MARGIN.
// Operator commands on the model registry: see ModelCommands.swift; `read-document`: DocumentCommand.swift;
// token revocation: TokenCommands.swift.
if let command = CommandLine.arguments.dropFirst().first, BackupCommand.names.contains(command) {
    exit(BackupCommand.run(Array(CommandLine.arguments.dropFirst()), product: "xoseen", databaseFile: "xoseen.sqlite"))
}
if CommandLine.arguments.dropFirst().first == DocumentCommand.name {
    LogSystem.bootstrap(level: .warning)
    exit(await DocumentCommand.run(Array(CommandLine.arguments.dropFirst())))
}
if let command = CommandLine.arguments.dropFirst().first, ModelCommands.names.contains(command) {
    LogSystem.bootstrap(level: .warning)
    exit(await ModelCommands.run(Array(CommandLine.arguments.dropFirst())))
}

if let command = CommandLine.arguments.dropFirst().first, AccountCommands.names.contains(command) {
    LogSystem.bootstrap(level: .warning)
    exit(await AccountCommands.run(Array(CommandLine.arguments.dropFirst())))
}
if let command = CommandLine.arguments.dropFirst().first, TokenCommands.names.contains(command) {
    LogSystem.bootstrap(level: .warning)
    exit(await TokenCommands.run(Array(CommandLine.arguments.dropFirst())))
}

await ServeCommand.main(product: "xoseen", defaultPort: 8042, ownsDataDirectory: true) { options in
    let application: XoseenApplication
    do {
        application = try await XoseenApplication(settings: .fromEnvironment(dataDirectory: options.dataDirectory))
    } catch let error as XoseenApplication.ConfigurationError {
        throw UsageError(error.description)  // a setting refused at start-up: exit 64, like the environment gate's
    }
    // XOSEEN_SEED_COUNT: personas loaded into an empty installation (default 400; 0 = none).
    if application.settings.seedCount > 0 { try await application.bootstrap() }
    var configuration = ServerConfiguration(host: options.host, port: options.port, threadCount: options.threads).applying()
    configuration.operations = application.operations()
    let server = HTTPServer(router: application.router(), configuration: configuration.serving(options), hub: application.hub)
    await application.learning.refresh()
    try await ServiceGroup(
        [
            Service("http") { try await server.run() },
            Service("learning") { await application.trainer.run() },
            Service("maintenance") { await application.runMaintenance() },
            Service("privacy") { await application.runPrivacyMaintenance() },
        ] + server.operatorServices(options)
    ).run()
    await application.database.close()
}
