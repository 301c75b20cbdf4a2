/// One attempt, as received: the uploaded files are paths to spooled temporary files (deleted
/// by the server when the request ends; nothing here keeps them).
public struct VerificationRequest: Sendable {
    public var userId: String
    public var documentPath: String
    public var selfiePath: String
    public var profilePhotoPaths: [String]
    public var typedDOB: CalendarDate?
    public var documentKind: DocumentKind
    public var assistive: Bool
    /// Who may record it (the route decided from whether the id has a profile).
    public var binding: VerificationStore.Binding

    public init(
        userId: String, documentPath: String, selfiePath: String, profilePhotoPaths: [String] = [], typedDOB: CalendarDate? = nil,
        documentKind: DocumentKind = .stateId, assistive: Bool = false, binding: VerificationStore.Binding = .profileOwner
    ) {
        self.binding = binding
        self.userId = userId
        self.documentPath = documentPath
        self.selfiePath = selfiePath
        self.profilePhotoPaths = profilePhotoPaths
        self.typedDOB = typedDOB
        self.documentKind = documentKind
        self.assistive = assistive
    }
}

/// Why an attempt could not be evaluated at all.
public enum VerificationFailure: Error, Sendable, Equatable {
    /// An uploaded file is not a usable image (`field` names the form field).
    case unusableImage(field: String, message: String)
    /// The face models or the OCR engine are not installed.
    case unavailable(String)
    /// The images of one attempt declare more pixels together than an attempt may decode.
    case attemptTooLarge(pixels: Int, limit: Int, field: String)
    /// The verifier's queue is full; try again after this many seconds.
    case busy(retryAfterSeconds: Int)
}
