import Foundation
import SQLStore
import Vision

/// Decisions, the verifier's secrets (date of birth, selfie descriptor) and the audit trail.
/// A decision also updates the user's profile when there is one: `verified` sets the badge,
/// and the verifier's trust score replaces any self-declared one.
public struct VerificationStore: Sendable {
    public let database: any Database

    public init(database: any Database) { self.database = database }

    /// Stores a new decision (replacing the previous one), with its secrets, audited as `system`.
    /// Rejected attempts keep no secrets. Expired secrets of anyone are purged on the way.
    /// Who may record an attempt on the id.
    public enum Binding: Sendable, Equatable {
        /// The id has a profile: the route has already checked that user's token.
        case profileOwner
        /// No profile yet: the claim held on the id (if any) must be `presented`; an unclaimed id
        /// gets a new claim, returned once.
        case claim(presented: String?)
    }

    /// A stored decision and, for an id without a profile, the claim secret its uploader holds.
    public struct Recorded: Sendable {
        public var record: VerificationRecord
        public var claimSecret: String?
    }

    public func record(
        userId: String, outcome: VerificationPolicy.Outcome, selfie: FaceDescriptor?, selfieSHA256: String?,
        at now: Date
    ) async throws -> VerificationRecord {
        try await record(
            userId: userId, outcome: outcome, selfie: selfie, selfieSHA256: selfieSHA256, binding: .profileOwner, at: now
        ).record
    }

    public func record(
        userId: String, outcome: VerificationPolicy.Outcome, selfie: FaceDescriptor?, selfieSHA256: String?,
        binding: Binding, at now: Date
    ) async throws -> Recorded {
        let record = VerificationRecord(
            userId: userId, decision: outcome.decision, trustScore: outcome.trustScore,
            reasons: outcome.reasons, evidence: outcome.evidenceScores, reverifyBy: outcome.reverifyBy,
            ageOver18: outcome.ageOver18, ageDisplayed: outcome.ageDisplayed, ageSource: outcome.ageSource,
            decidedAt: now, updatedAt: now)
        let reasons = try Self.json(record.reasons.map(\.rawValue))
        let evidence = try Self.json(record.evidence)
        let keep = outcome.decision != .rejected
        let expires = Self.endOfDay(outcome.reverifyBy)
        let descriptor = selfie.map { Data($0.bytes).base64EncodedString() }
        return try await database.write { c -> Recorded in
            var secret: String?
            if case .claim(let presented) = binding {
                // Checked again here: a profile created meanwhile, or a racing first attempt that
                // bound the id first, wins.
                if try c.scalar(Int.self, "SELECT 1 FROM users WHERE id = $1", userId) != nil {
                    throw VerificationClaim.Refused(check: .missing)
                }
                switch try VerificationClaim.check(c, userId: userId, presented: presented) {
                case .matches: secret = presented
                case .unclaimed:
                    let fresh = VerificationClaim.newSecret()
                    _ = try c.execute(
                        "INSERT INTO verification_claims (user_id, secret_sha256, created_at) VALUES ($1, $2, $3)",
                        userId, VerificationClaim.hash(fresh), now)
                    secret = fresh
                case let refused: throw VerificationClaim.Refused(check: refused)
                }
            }
            let previous = try c.scalar(String.self, "SELECT decision FROM verifications WHERE user_id = $1", userId)
            _ = try c.execute(
                """
                INSERT INTO verifications (user_id, decision, trust_score, reasons, evidence, reverify_by, age_over_18, age_displayed,
                                           decided_at, updated_at, age_source)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10)
                ON CONFLICT (user_id) DO UPDATE SET decision = excluded.decision, trust_score = excluded.trust_score,
                    reasons = excluded.reasons, evidence = excluded.evidence, reverify_by = excluded.reverify_by,
                    age_over_18 = excluded.age_over_18, age_displayed = excluded.age_displayed,
                    decided_at = excluded.decided_at, updated_at = excluded.updated_at, age_source = excluded.age_source
                """,
                [
                    userId.sqlValue, record.decision.rawValue.sqlValue, record.trustScore.sqlValue, reasons.sqlValue,
                    evidence.sqlValue,
                    record.reverifyBy.iso.sqlValue, record.ageOver18.sqlValue, record.ageDisplayed.sqlValue, now.sqlValue,
                    record.ageSource?.rawValue.sqlValue ?? .null,
                ])
            _ = try c.execute("DELETE FROM verification_secrets WHERE user_id = $1 OR expires_at < $2", userId, now)
            if keep {
                _ = try c.execute(
                    """
                    INSERT INTO verification_secrets (user_id, date_of_birth, selfie_descriptor, selfie_sha256, expires_at)
                    VALUES ($1, $2, $3, $4, $5)
                    """, userId, outcome.dateOfBirth?.iso, descriptor, selfieSHA256, expires)
            }
            try Self.audit(c, userId: userId, at: now, actor: "system", from: previous, to: record.decision, note: reasons)
            try Self.applyToProfile(c, record)
            return Recorded(record: record, claimSecret: secret)
        }
    }

    /// The claim check for an id without a profile (the status route and the cheap pre-check
    /// before an attempt's image work).
    public func claim(of userId: String, presented: String?) async throws -> VerificationClaim.Check {
        try await database.read { c in try VerificationClaim.check(c, userId: userId, presented: presented) }
    }

    public func record(for userId: String) async throws -> VerificationRecord? {
        try await database.read { c in
            try c.queryFirst("SELECT * FROM verifications WHERE user_id = $1", userId).map(Self.record(from:))
        }
    }

    /// Cases waiting for an operator, oldest first, after the keyset `after` (the previous
    /// page's last case: its decision time in milliseconds and user id).
    public func pending(limit: Int = 100, after: (decidedAtMillis: Int64, userId: String)? = nil) async throws
        -> [(record: VerificationRecord, decidedAtMillis: Int64)]
    {
        try await database.read { c in
            let rows =
                if let after {
                    try c.query(
                        """
                        SELECT * FROM verifications WHERE decision = 'manual_review' AND (decided_at > $1 OR (decided_at = $1 AND user_id > $2))
                        ORDER BY decided_at, user_id LIMIT $3
                        """, after.decidedAtMillis, after.userId, limit)
                } else {
                    try c.query(
                        "SELECT * FROM verifications WHERE decision = 'manual_review' ORDER BY decided_at, user_id LIMIT $1",
                        limit)
                }
            return try rows.map { (try Self.record(from: $0), try $0.decode(Int64.self, "decided_at")) }
        }
    }

    public enum ReviewOutcome: Sendable {
        case reviewed(VerificationRecord)
        case noPendingCase
        /// An approval of a case whose age no document established, without a date of birth.
        case ageNotEstablished
    }

    /// An operator's approval or rejection of a pending case, audited with the operator's note.
    /// An approval verifies only an adult whose age a document established, or whose date of
    /// birth the operator enters (`enteredDOB`, then the age source is `operator`); it never
    /// verifies someone under age.
    public func review(
        userId: String, approve: Bool, note: String, enteredDOB: CalendarDate? = nil,
        policy: VerificationPolicy = VerificationPolicy(), at now: Date
    ) async throws -> ReviewOutcome {
        try await database.write { c -> ReviewOutcome in
            guard var record = try c.queryFirst("SELECT * FROM verifications WHERE user_id = $1", userId).map(Self.record(from:)),
                record.decision == .manualReview
            else { return .noPendingCase }
            if approve, let dob = enteredDOB {
                let age = dob.age(on: CalendarDate(now))
                record.ageOver18 = age >= policy.adultAge
                record.ageDisplayed = age
                record.ageSource = .operator
                _ = try c.execute("UPDATE verification_secrets SET date_of_birth = $1 WHERE user_id = $2", dob.iso, userId)
            } else if approve, record.ageSource?.establishesAge != true {
                return .ageNotEstablished
            }
            let to: VerificationDecision = approve && record.ageOver18 == true ? .verified : .rejected
            record.decision = to
            record.reasons.append(to == .verified ? .operatorApproved : .operatorRejected)
            record.updatedAt = now
            _ = try c.execute(
                """
                UPDATE verifications SET decision = $1, reasons = $2, updated_at = $3, age_over_18 = $4, age_displayed = $5, age_source = $6
                WHERE user_id = $7
                """,
                [
                    to.rawValue.sqlValue, try Self.json(record.reasons.map(\.rawValue)).sqlValue, now.sqlValue,
                    record.ageOver18.sqlValue,
                    record.ageDisplayed.sqlValue, record.ageSource?.rawValue.sqlValue ?? .null, userId.sqlValue,
                ])
            if to == .rejected { _ = try c.execute("DELETE FROM verification_secrets WHERE user_id = $1", userId) }
            try Self.audit(
                c, userId: userId, at: now, actor: "operator", from: VerificationDecision.manualReview.rawValue, to: to,
                note: enteredDOB == nil ? note : "date of birth entered by the operator; " + note)
            try Self.applyToProfile(c, record)
            return .reviewed(record)
        }
    }

    public struct AuditEntry: Sendable, Equatable {
        public let actor: String
        public let from: String?
        public let to: String
        public let note: String
        public let at: Date
    }

    public func audit(for userId: String) async throws -> [AuditEntry] {
        try await database.read { c in
            try c.query("SELECT * FROM verification_audit WHERE user_id = $1 ORDER BY at, id", userId).map {
                AuditEntry(
                    actor: try $0.decode(String.self, "actor"), from: try $0.decode(String?.self, "from_decision"),
                    to: try $0.decode(String.self, "to_decision"), note: try $0.decode(String.self, "note"),
                    at: try $0.decode(Date.self, "at"))
            }
        }
    }

    /// Whether another user's kept selfie is this one (same bytes) or a face within `distance`.
    public func isDuplicate(
        selfie: FaceDescriptor, sha256: String, excluding userId: String, within distance: Double,
        at now: Date
    ) async throws -> Bool {
        let rows = try await database.read { c in
            try c.query(
                """
                SELECT selfie_descriptor, selfie_sha256 FROM verification_secrets
                WHERE user_id <> $1 AND expires_at >= $2 AND selfie_descriptor IS NOT NULL
                """, userId, now
            ).map { (try $0.decode(String.self, "selfie_descriptor"), try $0.decode(String?.self, "selfie_sha256")) }
        }
        return rows.contains { encoded, sha in
            if sha == sha256 { return true }
            guard let data = Data(base64Encoded: encoded), let other = FaceDescriptor(bytes: [UInt8](data)) else { return false }
            return other.distance(to: selfie) < distance
        }
    }

    /// The date of birth on file (for the verifier only: never returned by any route).
    func dateOfBirth(for userId: String) async throws -> CalendarDate? {
        try await database.read { c in
            try c.scalar(String.self, "SELECT date_of_birth FROM verification_secrets WHERE user_id = $1", userId).flatMap(
                CalendarDate.init(iso:))
        }
    }

    static func applyToProfile(_ c: any SQLConnection, _ record: VerificationRecord) throws {
        let verified = record.decision == .verified
        if verified, let age = record.ageDisplayed {
            _ = try c.execute(
                "UPDATE users SET verified = 1, trust_score = $1, age_displayed = $2, updated_at = $3 WHERE id = $4",
                record.trustScore, age, record.updatedAt, record.userId)
        } else {
            _ = try c.execute(
                "UPDATE users SET verified = $1, trust_score = $2, updated_at = $3 WHERE id = $4",
                verified, record.trustScore, record.updatedAt, record.userId)
        }
    }

    static func audit(
        _ c: any SQLConnection, userId: String, at: Date, actor: String, from: String?, to: VerificationDecision,
        note: String
    ) throws {
        _ = try c.execute(
            """
            INSERT INTO verification_audit (id, user_id, at, actor, from_decision, to_decision, note) VALUES ($1, $2, $3, $4, $5, $6, $7)
            """, UUID().uuidString, userId, at, actor, from, to.rawValue, String(note.prefix(1000)))
    }

    static func record(from row: SQLRow) throws -> VerificationRecord {
        let decoder = JSONDecoder()
        let reasons = try decoder.decode([String].self, from: Data(try row.decode(String.self, "reasons").utf8))
        return VerificationRecord(
            userId: try row.decode(String.self, "user_id"),
            decision: VerificationDecision(rawValue: try row.decode(String.self, "decision")) ?? .manualReview,
            trustScore: try row.decode(Double.self, "trust_score"),
            reasons: reasons.compactMap(VerificationReason.init(rawValue:)),
            evidence: try decoder.decode(
                VerificationPolicy.EvidenceScores.self, from: Data(try row.decode(String.self, "evidence").utf8)),
            reverifyBy: CalendarDate(iso: try row.decode(String.self, "reverify_by")) ?? CalendarDate(Date()),
            ageOver18: try row.decode(Bool?.self, "age_over_18"), ageDisplayed: try row.decode(Int?.self, "age_displayed"),
            ageSource: try row.decode(String?.self, "age_source").flatMap(AgeSource.init(rawValue:)),
            decidedAt: try row.decode(Date.self, "decided_at"), updatedAt: try row.decode(Date.self, "updated_at"))
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    static func endOfDay(_ date: CalendarDate) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day))!
        return start.addingTimeInterval(24 * 3600 - 1)
    }
}
