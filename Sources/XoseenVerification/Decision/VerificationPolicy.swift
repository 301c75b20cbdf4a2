import Foundation

/// The decision rules, in one place. Thresholds are dlib face-descriptor distances, measured on
/// the test photos (see README): a reprint of the same photo 0.07–0.12, two photos of one
/// person 0.32–0.44, two people 0.82–0.92; dlib's customary same-person line is 0.6.
public struct VerificationPolicy: Sendable {
    /// At most this far apart: the same person.
    public var matchDistance = 0.5
    /// Between `matchDistance` and this: perhaps the same person (review).
    public var weakMatchDistance = 0.6
    /// Closer than this, the selfie is the document's portrait photographed again.
    public var reprintDistance = 0.2
    /// A field reading needs this Tesseract confidence (and a label) to count as confident.
    public var confidentField = 60.0
    public var adultAge = 18
    /// How long a verification stands (capped by the document's expiry).
    public var validityYears = 1

    /// A typed or operator-entered date of birth beyond this many years ago is refused (422).
    public var oldestAge = 120

    public init() {}

    /// Whether `date` can be anyone's date of birth today: not in the future, not over
    /// `oldestAge` years ago. Anything else is a typing error or a probe, refused before any work.
    /// The date of birth the document itself establishes: a valid MRZ's (`mrz`), else a
    /// labelled field read with at least `confidentField` (`printed_field`); nil otherwise.
    public func documentDateOfBirth(_ reading: DocumentReading) -> (date: CalendarDate, source: String)? {
        if let mrz = reading.mrz, mrz.isValid, let date = mrz.dateOfBirth { return (date, "mrz") }
        if let field = reading.field, field.labelled, field.confidence >= confidentField { return (field.date, "printed_field") }
        return nil
    }

    public func isPlausibleBirthDate(_ date: CalendarDate, today: CalendarDate) -> Bool {
        date <= today && date.age(on: today) <= oldestAge
    }

    public struct Outcome: Sendable, Equatable {
        public var decision: VerificationDecision
        public var trustScore: Double
        public var reasons: [VerificationReason]
        /// The date of birth the decision rests on (stays inside the verifier).
        public var dateOfBirth: CalendarDate?
        public var ageOver18: Bool?
        public var ageDisplayed: Int?
        /// What established `dateOfBirth`.
        public var ageSource: AgeSource?
        public var reverifyBy: CalendarDate
        public var evidenceScores: EvidenceScores
    }

    /// The sub-scores (0–1) behind `trustScore`, shown to reviewers.
    public struct EvidenceScores: Sendable, Equatable, Codable {
        public var face: Double
        public var document: Double
        public var consistency: Double
        public var profilePhotos: Double
        public var faceDistance: Double?
    }

    enum Severity { case informational, review, reject, hardReject }

    public func decide(_ e: VerificationEvidence, today: CalendarDate) -> Outcome {
        var findings: [(VerificationReason, Severity)] = []
        func flag(_ r: VerificationReason, _ s: Severity) { findings.append((r, s)) }

        // Faces.
        if e.selfieFaces == 0 { flag(.noFaceInSelfie, .reject) }
        if e.selfieFaces > 1 { flag(.multipleFacesInSelfie, .reject) }
        if !e.documentFaceFound { flag(.noFaceOnDocument, .reject) }
        if let d = e.faceDistance {
            if d < reprintDistance {
                flag(.selfieIsDocumentPhoto, .reject)
            } else if d > weakMatchDistance {
                flag(.faceMismatch, .reject)
            } else if d > matchDistance {
                flag(.weakFaceMatch, .review)
            }
        }
        for check in e.profilePhotos {
            switch check {
            case .matches: break
            case .differentPerson: flag(.profilePhotoMismatch, .review)
            case .noFace: flag(.profilePhotoNoFace, .review)
            }
        }
        if e.duplicateFace { flag(.duplicateFace, .review) }

        // Date of birth: a validated MRZ, else a confident labelled field: only these are evidence
        // from the document itself and can verify. A weak reading or the typed date alone is at
        // most a review; a "document" with nothing of a document on it is refused.
        let mrz = e.document.mrz
        if !e.document.hasDocumentFeatures { flag(.noDocumentDetected, .reject) }
        if let mrz, !mrz.failedChecks.isEmpty { flag(.mrzCheckFailed, .review) }
        if e.documentKind == .passport, mrz == nil, e.document.hasDocumentFeatures { flag(.mrzUnreadable, .review) }
        let established = documentDateOfBirth(e.document)
        let validMRZ = established?.source == "mrz" ? established?.date : nil
        let field = e.document.field
        let confidentDOB = established?.source == "printed_field" ? established?.date : nil
        let weakField = field?.date
        let read = validMRZ ?? confidentDOB ?? weakField
        var dob: CalendarDate?
        var ageSource: AgeSource?
        var documentScore = 0.0
        var consistency = 1.0
        if let read {
            dob = read
            ageSource = validMRZ != nil || confidentDOB != nil ? .document : .weakReading
            documentScore = validMRZ != nil ? 1.0 : confidentDOB != nil ? 0.8 * min(1, field!.confidence / 90) : 0.4
            if let typed = e.typedDOB, typed != read {
                flag(.dobMismatch, .review)
                consistency = 0
            } else if validMRZ == nil, confidentDOB == nil {
                flag(.dobLowConfidence, .review)  // a weak reading; a typed date that agrees is no evidence
            }
            if validMRZ != nil, let f = field?.date, f != validMRZ, field?.labelled == true {
                flag(.dobMismatch, .review)
                consistency = 0
            }
        } else if let typed = e.typedDOB {
            dob = typed
            ageSource = .typed
            documentScore = 0.25
            consistency = 0.5
            flag(.dobFromTypedFallback, .review)  // the user's word only: an operator decides
        } else {
            flag(.dobUnreadable, .review)
            consistency = 0.5
        }
        if let expiry = mrz?.isValid == true ? mrz?.expiry : nil, expiry < today { flag(.documentExpired, .review) }

        let age = dob.map { $0.age(on: today) }
        if let age, age < adultAge { flag(.underage, .hardReject) }

        // Assistive context: never a rejection for what it may explain; a review instead.
        var decision: VerificationDecision = .verified
        if findings.contains(where: { $0.1 == .hardReject }) {
            decision = .rejected
        } else if findings.contains(where: { $0.1 == .reject }) {
            decision = e.assistive ? .manualReview : .rejected
            if e.assistive { findings.append((.assistiveReview, .review)) }
        } else if findings.contains(where: { $0.1 == .review }) {
            decision = .manualReview
        }

        let face = e.faceDistance.map { max(0, min(1, (weakMatchDistance - $0) / 0.25)) } ?? 0
        let photos =
            e.profilePhotos.isEmpty
            ? 0.8
            : Double(e.profilePhotos.filter { if case .matches = $0 { true } else { false } }.count)
                / Double(e.profilePhotos.count)
        let faceForScore = findings.contains(where: { $0.0 == .selfieIsDocumentPhoto }) ? 0 : face
        var score = 100 * (0.45 * faceForScore + 0.30 * documentScore + 0.15 * consistency + 0.10 * photos)
        if e.duplicateFace { score *= 0.5 }
        score = (score * 10).rounded() / 10

        var reverifyBy = today.adding(years: validityYears)
        if let expiry = mrz?.isValid == true ? mrz?.expiry : nil, expiry >= today, expiry < reverifyBy { reverifyBy = expiry }

        var reasons: [VerificationReason] = []
        for (reason, _) in findings where !reasons.contains(reason) { reasons.append(reason) }
        return Outcome(
            decision: decision, trustScore: score, reasons: reasons, dateOfBirth: dob, ageOver18: age.map { $0 >= adultAge },
            ageDisplayed: age.map { max(0, $0) }, ageSource: ageSource, reverifyBy: reverifyBy,
            evidenceScores: EvidenceScores(
                face: (faceForScore * 1000).rounded() / 1000, document: (documentScore * 1000).rounded() / 1000,
                consistency: consistency, profilePhotos: (photos * 1000).rounded() / 1000,
                faceDistance: e.faceDistance.map { ($0 * 1000).rounded() / 1000 }))
    }
}
