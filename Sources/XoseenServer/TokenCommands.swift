import Foundation
import Runtime
import SQLStore
import Xoseen
import XoseenAPI

/// `xoseen revoke-tokens USER_ID [--data-dir DIR]`: bumps the user's token version, so every token
/// issued to them so far fails with `invalid_token` (a running server re-reads versions every few
/// seconds). Prints the new version.
enum TokenCommands {
    static let names: Set<String> = ["revoke-tokens"]

    static func run(_ arguments: [String]) async -> Int32 {
        var positional: [String] = []
        var flags: [String] = []
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            if argument.hasPrefix("--") {
                flags.append(argument)
                if !argument.contains("="), let value = rest.popFirst() { flags.append(value) }
            } else {
                positional.append(argument)
            }
        }
        guard positional.count == 1, ProfileValidation.isValidUserId(positional[0]) else {
            FileHandle.standardError.write(Data("xoseen: usage: xoseen revoke-tokens USER_ID [--data-dir DIR]\n".utf8))
            return 64
        }
        do {
            let options = try ServeOptions.parse(flags, product: "xoseen", defaults: ServeOptions(port: 8042))
            let database = try await XoseenApplication.databaseConfiguration(
                dataDirectory: options.dataDirectory, environment: ProcessInfo.processInfo.environment
            )
            .open(migrations: XoseenSchema.migrations)
            defer { database.closeSync() }
            let version = try await TokenVersions(database: database).bump(positional[0], at: Date())
            print("revoked every token of \(positional[0]) (token version \(version))")
            return 0
        } catch {
            FileHandle.standardError.write(Data("xoseen revoke-tokens: \(error)\n".utf8))
            return 1
        }
    }
}
