import Foundation

/// A user's current verification, as the API may show it: no date of birth, no images, no
/// descriptors (those stay in `verification_secrets`).
public struct VerificationRecord: Sendable, Equatable {
    public var userId: String
    public var decision: VerificationDecision
    public var trustScore: Double
    public var reasons: [VerificationReason]
    public var evidence: VerificationPolicy.EvidenceScores
    public var reverifyBy: CalendarDate
    public var ageOver18: Bool?
    public var ageDisplayed: Int?
    /// What established the age (nil: nothing did).
    public var ageSource: AgeSource?
    public var decidedAt: Date
    public var updatedAt: Date
}

/// What the verifier keeps of an attempt beyond the record, until `expiresAt`.
public struct VerificationSecrets: Sendable {
    public var dateOfBirth: CalendarDate?
    public var selfieDescriptor: [UInt8]?
    public var selfieSHA256: String?
    public var expiresAt: Date
}

/// Where a decision's date of birth came from. Only `document` and `operator` establish an age:
/// a typed date or a weak reading is a claim nobody checked.
public enum AgeSource: String, Sendable, Codable {
    /// A valid MRZ or a confidently read labelled field.
    case document
    /// An unlabelled or low-confidence printed date.
    case weakReading = "weak_reading"
    /// Only the `dob` the user typed.
    case typed
    /// Entered by an operator approving the case.
    case `operator`

    public var establishesAge: Bool { self == .document || self == .operator }
}
