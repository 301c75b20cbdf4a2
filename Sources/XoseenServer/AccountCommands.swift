import Foundation
import Runtime
import SQLStore
import Xoseen
import XoseenAPI

/// `xoseen delete-user USER_ID [--data-dir DIR]`: deletes the user and everything stored about them
/// (`UserErasure`) and revokes their tokens. A server running on the same data directory drops them
/// from its feed and closes their chats within seconds (it watches for erased users). Prints the
/// rows deleted per table.
enum AccountCommands {
    static let names: Set<String> = ["delete-user"]

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
            FileHandle.standardError.write(Data("xoseen: usage: xoseen delete-user USER_ID [--data-dir DIR]\n".utf8))
            return 64
        }
        let userId = positional[0]
        do {
            let options = try ServeOptions.parse(flags, product: "xoseen", defaults: ServeOptions(port: 8042))
            let path = XoseenApplication.databasePath(in: options.dataDirectory)
            let database = try await DatabaseConfiguration(url: .sqlite(path: path)).open(migrations: XoseenSchema.migrations)
            defer { database.closeSync() }
            let deleted = try await UserErasure.erase(userId, in: database)
            guard deleted["users", default: 0] + deleted["verifications", default: 0] > 0 else {
                FileHandle.standardError.write(Data("xoseen delete-user: no user \(userId)\n".utf8))
                return 1
            }
            _ = try await TokenVersions(database: database).bump(userId, at: Date())
            let rows = deleted.filter { $0.value > 0 }.sorted { $0.key < $1.key }
                .map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            print("deleted \(userId): \(rows)")
            return 0
        } catch {
            FileHandle.standardError.write(Data("xoseen delete-user: \(error)\n".utf8))
            return 1
        }
    }
}
