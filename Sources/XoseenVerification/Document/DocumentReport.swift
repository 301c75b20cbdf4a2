/// What the verifier reads from one ID image, for an operator (`xoseen read-document FILE`):
/// the kind of document found, the MRZ with its fields, and the date of birth an attempt would
/// rest on with its source. Never served over HTTP (it holds the date of birth).
public struct DocumentReport: Sendable, Encodable {
    public struct MRZ: Sendable, Encodable {
        public let format: String
        public let lines: [String]
        public let checkDigitsValid: Bool
        public let failedChecks: [String]
        public let dateOfBirth: String?
        public let expiryDate: String?
        public let documentNumber: String
        public let nationality: String
        public let sex: String
    }

    public struct PrintedField: Sendable, Encodable {
        public let date: String
        public let confidence: Double
        public let labelled: Bool
    }

    /// `passport` (a TD3 MRZ), `id_card` (TD1), `printed_card` (printed fields, no MRZ) or
    /// `none` (nothing of a document: `no_document_detected` in an attempt).
    public let documentKind: String
    public let mrz: MRZ?
    /// The date of birth the document itself establishes, or nil.
    public let dateOfBirth: String?
    /// `mrz` (check digits hold), `printed_field` (a confidently read labelled field) or nil.
    public let dobSource: String?
    /// The best printed date-of-birth reading, confident or not.
    public let printedField: PrintedField?
    public let documentWords: Int

    public init(_ reading: DocumentReading, policy: VerificationPolicy) {
        if let zone = reading.mrz {
            mrz = MRZ(
                format: zone.format.rawValue, lines: zone.lines, checkDigitsValid: zone.failedChecks.isEmpty,
                failedChecks: zone.failedChecks, dateOfBirth: zone.dateOfBirth?.iso, expiryDate: zone.expiry?.iso,
                documentNumber: zone.documentNumber, nationality: zone.nationality, sex: zone.sex)
        } else {
            mrz = nil
        }
        printedField = reading.field.map {
            PrintedField(date: $0.date.iso, confidence: ($0.confidence * 10).rounded() / 10, labelled: $0.labelled)
        }
        documentWords = reading.documentWords
        switch reading.mrz?.format {
        case .td3: documentKind = "passport"
        case .td1: documentKind = "id_card"
        case nil: documentKind = reading.hasDocumentFeatures ? "printed_card" : "none"
        }
        let evidence = policy.documentDateOfBirth(reading)
        dateOfBirth = evidence?.date.iso
        dobSource = evidence?.source
    }
}
