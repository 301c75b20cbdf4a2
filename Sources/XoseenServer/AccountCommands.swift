import Foundation
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
        guard let line = UserCommandLine.parse(arguments) else { return 64 }
        let (userId, flags) = line
        do {
            let database = try await UserCommandLine.openDatabase(flags: flags)
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
