import Foundation
import Xoseen
import XoseenVerification

/// A verification decision (`verify-live`, `status`, a review): never the date of birth, images or descriptors.
struct DecisionAnswer: Encodable {
    let userId: String
    let decision: String
    let trustScore: Double
    let reasons: [String]
    let reverifyBy: String
    let ageOver18: Bool?
    let ageDisplayed: Int?
    /// Only on an attempt for an id without a profile: the secret that alone may read this
    /// verification and create the profile. Shown once; the server keeps only its hash.
    let claimToken: String?

    init(_ r: VerificationRecord, claimToken: String? = nil) {
        userId = r.userId
        decision = r.decision.rawValue
        trustScore = r.trustScore
        reasons = r.reasons.map(\.rawValue)
        reverifyBy = r.reverifyBy.iso
        ageOver18 = r.ageOver18
        ageDisplayed = r.ageDisplayed
        self.claimToken = claimToken
    }
}

/// One case of the operator review queue.
struct PendingCase: Encodable {
    let userId: String
    let decision: String
    let trustScore: Double
    let reasons: [String]
    let evidence: VerificationPolicy.EvidenceScores
    let decidedAt: Date
}

struct PendingAnswer: Encodable {
    let cases: [PendingCase]
    /// Pass back as `?cursor=` for the next page; null at the end of the queue.
    let nextCursor: String?
}

/// `POST /verify/verification/review/{user_id}` body.
struct ReviewBody: Decodable {
    let action: String?
    let note: String?
    /// `YYYY-MM-DD`: required to approve a case whose age no document established.
    let dateOfBirth: String?
}

struct AuditEntry: Encodable {
    let actor: String
    let from: String?
    let to: String
    let note: String
    let at: Date
}

struct AuditAnswer: Encodable {
    let userId: String
    let entries: [AuditEntry]
}
