import Vision

/// Everything the pipeline measured for one attempt; the policy decides from this alone.
public struct VerificationEvidence: Sendable {
    public enum ProfilePhotoCheck: Sendable, Equatable {
        case matches(distance: Double)
        case differentPerson(distance: Double)
        case noFace
    }

    public var selfieFaces: Int
    public var documentFaceFound: Bool
    /// Selfie ↔ document portrait (nil when either face is missing).
    public var faceDistance: Double?
    public var profilePhotos: [ProfilePhotoCheck]
    public var document: DocumentReading
    public var documentKind: DocumentKind
    public var typedDOB: CalendarDate?
    /// Another account's verified (or pending) selfie is the same or a near-identical face.
    public var duplicateFace: Bool
    /// `assistive_context` other than `none`.
    public var assistive: Bool

    public init(
        selfieFaces: Int, documentFaceFound: Bool, faceDistance: Double?, profilePhotos: [ProfilePhotoCheck],
        document: DocumentReading, documentKind: DocumentKind, typedDOB: CalendarDate?, duplicateFace: Bool, assistive: Bool
    ) {
        self.selfieFaces = selfieFaces
        self.documentFaceFound = documentFaceFound
        self.faceDistance = faceDistance
        self.profilePhotos = profilePhotos
        self.document = document
        self.documentKind = documentKind
        self.typedDOB = typedDOB
        self.duplicateFace = duplicateFace
        self.assistive = assistive
    }
}
