import Foundation
import Runtime
import SQLStore
import Xoseen
import XoseenAPI

/// What the operator commands on one user (`delete-user`, `revoke-tokens`) share: reading
/// `xoseen COMMAND USER_ID [--data-dir DIR]`, and opening the store as `serve` does
/// (`DATABASE_URL`, else `<data-dir>/xoseen.sqlite`), migrated.
enum UserCommandLine {
    /// The user id and the flags after it; nil, after printing the usage, when the words are off
    /// (the command then exits 64).
    static func parse(_ arguments: [String]) -> (userId: String, flags: [String])? {
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
            let command = arguments.first ?? "COMMAND"
            FileHandle.standardError.write(Data("xoseen: usage: xoseen \(command) USER_ID [--data-dir DIR]\n".utf8))
            return nil
        }
        return (positional[0], flags)
    }

    /// The store of the data directory the flags name (the same precedence as `serve`).
    static func openDatabase(flags: [String]) async throws -> any Database {
        let options = try ServeOptions.parse(flags, product: "xoseen", defaults: ServeOptions(port: 8042))
        return try await XoseenApplication.databaseConfiguration(
            dataDirectory: options.dataDirectory, environment: ProcessInfo.processInfo.environment
        )
        .open(migrations: XoseenSchema.migrations)
    }
}
