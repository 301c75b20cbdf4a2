/// Stable reason codes (clients and reviewers branch on them; messages may change).
public enum VerificationReason: String, Sendable, Codable, CaseIterable {
    case noFaceInSelfie = "no_face_in_selfie"
    case multipleFacesInSelfie = "multiple_faces_in_selfie"
    case noFaceOnDocument = "no_face_on_document"
    case faceMismatch = "face_mismatch"
    case weakFaceMatch = "weak_face_match"
    /// The selfie is (a photo of) the document's own portrait, not a live face.
    case selfieIsDocumentPhoto = "selfie_is_document_photo"
    case profilePhotoMismatch = "profile_photo_mismatch"
    case profilePhotoNoFace = "profile_photo_no_face"
    /// The `id_document` shows nothing of a document: no MRZ, no printed date (a plain photo).
    case noDocumentDetected = "no_document_detected"
    case mrzCheckFailed = "mrz_check_failed"
    case mrzUnreadable = "mrz_unreadable"
    case dobUnreadable = "dob_unreadable"
    case dobLowConfidence = "dob_low_confidence"
    case dobFromTypedFallback = "dob_from_typed_fallback"
    case dobMismatch = "dob_mismatch"
    case documentExpired = "document_expired"
    case underage
    case duplicateFace = "duplicate_face"
    /// An uncertain case that assistive context sent to review instead of rejection.
    case assistiveReview = "assistive_context_review"
    case operatorApproved = "operator_approved"
    case operatorRejected = "operator_rejected"
}

public enum VerificationDecision: String, Sendable, Codable {
    case verified
    case manualReview = "manual_review"
    case rejected
}
