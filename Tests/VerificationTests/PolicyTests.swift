import Foundation
import Testing
import XoseenVerification

/// The decision rules on measured evidence (no images: the evidence is what the pipeline records).
@Suite struct PolicyTests {
    let policy = VerificationPolicy()
    let today = CalendarDate(year: 2026, month: 12, day: 1)!

    func evidence(
        faces: Int = 1, distance: Double? = 0.36, dob: String? = "1990-03-14", labelled: Bool = true, typed: String? = nil,
        assistive: Bool = false, photos: [VerificationEvidence.ProfilePhotoCheck] = [],
        duplicate: Bool = false
    ) -> VerificationEvidence {
        let field = dob.flatMap(CalendarDate.init(iso:)).map {
            DateOfBirthField(date: $0, confidence: labelled ? 85 : 40, labelled: labelled)
        }
        return VerificationEvidence(
            selfieFaces: faces, documentFaceFound: true, faceDistance: faces == 1 ? distance : nil,
            profilePhotos: photos, document: DocumentReading(field: field, documentWords: 4), documentKind: .stateId,
            typedDOB: typed.flatMap(CalendarDate.init(iso:)), duplicateFace: duplicate, assistive: assistive)
    }

    @Test func aClearCaseIsVerified() {
        let outcome = policy.decide(evidence(), today: today)
        #expect(outcome.decision == .verified)
        #expect(outcome.reasons.isEmpty)
        #expect(outcome.ageDisplayed == 36 && outcome.ageOver18 == true)
        #expect(outcome.trustScore > 75 && outcome.trustScore <= 100)
        #expect(outcome.reverifyBy == CalendarDate(year: 2027, month: 12, day: 1))
    }

    @Test func underageIsRejectedEvenWithAssistiveContext() {
        let outcome = policy.decide(evidence(dob: "2010-01-01", assistive: true), today: today)
        #expect(outcome.decision == .rejected)
        #expect(outcome.reasons.contains(.underage))
        #expect(outcome.ageOver18 == false)
    }

    @Test func assistiveContextTurnsUncertainRejectionsIntoReview() {
        let plain = policy.decide(evidence(faces: 0), today: today)
        #expect(plain.decision == .rejected && plain.reasons.contains(.noFaceInSelfie))
        let assisted = policy.decide(evidence(faces: 0, assistive: true), today: today)
        #expect(assisted.decision == .manualReview)
        #expect(assisted.reasons.contains(.noFaceInSelfie) && assisted.reasons.contains(.assistiveReview))
        // …and it never lowers the score of a clear case.
        #expect(policy.decide(evidence(assistive: true), today: today) == policy.decide(evidence(), today: today))
    }

    @Test func typedDateOfBirthIsAFallbackOnly() {
        let disagree = policy.decide(evidence(typed: "1991-03-14"), today: today)
        #expect(disagree.decision == .manualReview && disagree.reasons.contains(.dobMismatch))
        #expect(disagree.dateOfBirth?.iso == "1990-03-14", "the document wins")
        // A typed date alone is the user's word: at most a review, and it establishes no age.
        let fallback = policy.decide(evidence(dob: nil, typed: "1991-03-14"), today: today)
        #expect(fallback.decision == .manualReview)
        #expect(fallback.reasons == [.dobFromTypedFallback])
        #expect(fallback.ageSource == .typed)
        #expect(fallback.trustScore < policy.decide(evidence(), today: today).trustScore)
        let nothing = policy.decide(evidence(dob: nil), today: today)
        #expect(nothing.decision == .manualReview && nothing.reasons.contains(.dobUnreadable) && nothing.ageDisplayed == nil)
    }

    @Test func faceDistancesDecide() {
        #expect(policy.decide(evidence(distance: 0.55), today: today).reasons == [.weakFaceMatch])
        #expect(policy.decide(evidence(distance: 0.82), today: today).decision == .rejected)
        let reprint = policy.decide(evidence(distance: 0.09), today: today)
        #expect(reprint.decision == .rejected && reprint.reasons.contains(.selfieIsDocumentPhoto))
        #expect(policy.decide(evidence(faces: 2), today: today).reasons.contains(.multipleFacesInSelfie))
    }

    @Test func catfishingAndDuplicatesGoToReview() {
        let catfish = policy.decide(evidence(photos: [.matches(distance: 0.4), .differentPerson(distance: 0.85)]), today: today)
        #expect(catfish.decision == .manualReview && catfish.reasons == [.profilePhotoMismatch])
        let duplicate = policy.decide(evidence(duplicate: true), today: today)
        #expect(duplicate.decision == .manualReview && duplicate.reasons == [.duplicateFace])
    }

    @Test func onlyTheDocumentItselfCanVerify() {
        // A weak (unlabelled) reading that the typed date agrees with: still only a review.
        let weak = policy.decide(evidence(labelled: false, typed: "1990-03-14"), today: today)
        #expect(weak.decision == .manualReview && weak.reasons.contains(.dobLowConfidence))
        #expect(weak.ageSource == .weakReading)
        // A plain photo as the "document": nothing of a document on it.
        let portrait = VerificationEvidence(
            selfieFaces: 1, documentFaceFound: true, faceDistance: 0.36, profilePhotos: [],
            document: DocumentReading(), documentKind: .stateId,
            typedDOB: CalendarDate(iso: "1990-03-14"), duplicateFace: false, assistive: false)
        let outcome = policy.decide(portrait, today: today)
        #expect(outcome.decision == .rejected && outcome.reasons.contains(.noDocumentDetected))
        #expect(policy.decide(evidence(), today: today).ageSource == .document)
        // Absurd dates of birth.
        #expect(!policy.isPlausibleBirthDate(CalendarDate(year: 1900, month: 1, day: 1)!, today: today))
        #expect(!policy.isPlausibleBirthDate(CalendarDate(year: 2027, month: 1, day: 1)!, today: today))
        #expect(policy.isPlausibleBirthDate(CalendarDate(year: 1907, month: 1, day: 1)!, today: today))
    }
}
