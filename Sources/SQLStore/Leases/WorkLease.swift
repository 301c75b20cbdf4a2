import Foundation

/// "Only one instance does this job per period", for instances sharing one database: a named lease
/// row with a holder and an expiry. Taking it is one write (writes are serialized, on both engines),
/// so exactly one instance wins; the holder renews it each period, and when the holder dies the lease
/// expires and the next instance to ask takes it. On a single instance it is always granted.
public struct WorkLease: Sendable {
    let database: any Database
    /// Who is asking (one id per process).
    public let holder: String

    public init(database: any Database, holder: String = UUID().uuidString) {
        self.database = database
        self.holder = holder
    }

    /// Takes or renews the lease `name` until `now + duration`; false when another holder's lease is still valid.
    public func acquire(_ name: String, for duration: TimeInterval, now: Date = Date()) async throws -> Bool {
        let holder = holder
        let until = now.addingTimeInterval(duration)
        return try await database.write { connection in
            // Created on first use: a facility of the store, not of any product's schema.
            try connection.executeScript(
                """
                CREATE TABLE IF NOT EXISTS work_leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at BIGINT NOT NULL);
                """)
            let taken = try connection.queryFirst(
                """
                INSERT INTO work_leases (name, holder, expires_at) VALUES ($1, $2, $3)
                ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
                WHERE work_leases.expires_at <= $4 OR work_leases.holder = excluded.holder
                RETURNING holder
                """, name, holder, until, now)
            return taken != nil
        }
    }
}
