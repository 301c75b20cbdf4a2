import Foundation
import SQLStore
import Xoseen
import XoseenAPI

/// `xoseen revoke-tokens USER_ID [--data-dir DIR]`: bumps the user's token version, so every token
/// issued to them so far fails with `invalid_token` (a running server re-reads versions every few
/// seconds). Prints the new version.
enum TokenCommands {
    static let names: Set<String> = ["revoke-tokens"]

    static func run(_ arguments: [String]) async -> Int32 {
        guard let line = UserCommandLine.parse(arguments) else { return 64 }
        let (userId, flags) = line
        do {
            let database = try await UserCommandLine.openDatabase(flags: flags)
            defer { database.closeSync() }
            let version = try await TokenVersions(database: database).bump(userId, at: Date())
            print("revoked every token of \(userId) (token version \(version))")
            return 0
        } catch {
            FileHandle.standardError.write(Data("xoseen revoke-tokens: \(error)\n".utf8))
            return 1
        }
    }
}
