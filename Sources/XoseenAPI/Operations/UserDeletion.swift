import Foundation
import HTTPServer
import Logging
import SQLStore
import Xoseen

extension XoseenApplication {
    /// Deletes a user and everything stored about them (`UserErasure`), revokes every token they
    /// were issued, drops them from the live feed index and the blind-date state, and closes their
    /// chat sockets. Returns the rows deleted per table; throws `UserNotFound` for an unknown id.
    public func deleteUser(_ userId: String) async throws -> [String: Int] {
        let known = try await profiles.profile(userId) != nil
        let verified = known ? true : try await hasVerification(userId)
        guard verified else { throw UserNotFound(userId: userId) }
        let deleted = try await UserErasure.erase(userId, in: database)
        _ = try await tokenVersions.bump(userId, at: context.clock())
        try await tokenVersions.refresh()
        try await forget(userId)
        Logger(label: "xoseen.privacy").notice("user deleted", ["user": userId, "rows": "\(deleted.values.reduce(0, +))"])
        return deleted
    }

    /// Users erased by another process (`xoseen delete-user` while this server runs) leave the
    /// in-memory state too: erasure bumps the token version, so the users whose version moved since
    /// `since` and who have no profile any more are the ones to forget. Returns how many were.
    public func forgetErasedUsers(since: Date) async throws -> Int {
        let erased = try await database.read { connection in
            try connection.query(
                """
                SELECT user_id FROM token_versions WHERE updated_at >= $1 AND user_id NOT IN (SELECT id FROM users)
                """, since
            ).map { try $0.decode(String.self, "user_id") }
        }
        // Others' cached exclusions may name them (and theirs, if they were never indexed, would outlive
        // them): the cache is emptied while the erasure is recent (a sweep or two; `forget` reloads it too).
        if !erased.isEmpty { candidateIndex.exclusions.removeAll() }
        let stale = erased.filter {
            candidateIndex.partition(of: $0) != nil || !hub.members(of: ChatService.userGroup($0)).isEmpty
        }
        for userId in stale { try await forget(userId) }
        if !stale.isEmpty { try await tokenVersions.refresh() }
        return stale.count
    }

    /// Retention, run periodically: expired verification secrets are deleted (see `UserErasure`).
    public func enforceRetention() async throws -> Int {
        try await UserErasure.purgeExpiredSecrets(in: database, now: context.clock())
    }

    private func forget(_ userId: String) async throws {
        try await candidateIndex.load(profiles: profiles, matching: matching)
        try await context.chat.blindDates.prepare()
        for connection in hub.members(of: ChatService.userGroup(userId)) {
            connection.close(.unauthorized, reason: "account deleted")
        }
    }

    private func hasVerification(_ userId: String) async throws -> Bool {
        try await database.read { connection in
            try connection.scalar(Int.self, "SELECT COUNT(*) FROM verifications WHERE user_id = $1", userId) ?? 0 > 0
        }
    }
}

public struct UserNotFound: Error, CustomStringConvertible {
    public let userId: String
    public var description: String { "no user \(userId)" }
}

extension XoseenApplication {
    /// Every `period`: users erased by `xoseen delete-user` leave the live state; hourly, expired
    /// verification secrets are deleted. Runs until cancelled.
    public func runPrivacyMaintenance(period: Duration = .seconds(3)) async {
        let logger = Logger(label: "xoseen.privacy")
        var since = context.clock().addingTimeInterval(-60)
        var nextPurge = ContinuousClock.now
        while !Task.isCancelled {
            do {
                let checked = context.clock()
                let forgotten = try await forgetErasedUsers(since: since)
                if forgotten > 0 { logger.notice("erased users forgotten", ["users": "\(forgotten)"]) }
                since = checked.addingTimeInterval(-5)
                if ContinuousClock.now >= nextPurge {
                    let purged = try await enforceRetention()
                    if purged > 0 { logger.notice("expired verification secrets deleted", ["rows": "\(purged)"]) }
                    nextPurge = ContinuousClock.now + .seconds(3600)
                }
            } catch {
                logger.warning("privacy maintenance failed", ["error": "\(error)"])
            }
            try? await Task.sleep(for: period)
        }
    }
}
