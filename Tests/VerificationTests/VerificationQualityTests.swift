import Foundation
import SQLStore
import Testing
import Xoseen
import XoseenVerification

/// The two figures `make eval-verify` measures through the real server (docs/results.md), recomputed in-process
/// on the same rendered documents and photos by the verifier the route calls: face match on every ordered
/// (document portrait, selfie) pair of five photos, and the date of birth each of ten rendered documents
/// establishes. Both were 20/20 and 10/10 when measured (2026-12-01); a single miss fails here.
@Suite struct VerificationQualityTests {
    /// Photo → person, as in scripts/eval-verify.py.
    static let people = [
        "obama.jpg": "obama", "obama2.jpg": "obama", "obama3.jpg": "obama", "biden.jpg": "biden", "astronaut.png": "collins",
    ]

    /// (render kind, date of birth, render arguments, document kind sent), as in scripts/eval-verify.py.
    static let dobCases: [(String, String, [String], DocumentKind)] = [
        ("passport", "1988-07-04", [], .passport), ("passport", "1979-12-31", [], .passport),
        ("passport", "2001-02-28", [], .passport),
        ("id_card_td1", "1990-03-14", ["--date-format", "%d.%m.%Y"], .idCard),
        ("id_card_td1", "1965-10-09", ["--date-format", "%d %b %Y"], .idCard),
        ("state_id", "1990-03-14", [], .stateId), ("state_id", "1995-06-02", [], .stateId),
        ("state_id", "1972-11-23", ["--date-format", "%Y-%m-%d"], .stateId),
        ("drivers_license", "1984-01-17", ["--dob-label", "DATE OF BIRTH"], .driversLicense),
        ("drivers_license", "1999-08-30", ["--date-format", "%b %d, %Y"], .driversLicense),
    ]

    /// A verifier on a scratch database, removed afterwards.
    static func withVerifier(_ body: (IdentityVerifier) async throws -> Void) async throws {
        let directory = NSTemporaryDirectory() + "xoseen-verify-quality-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try await DatabaseConfiguration(url: .sqlite(path: directory + "/verify.sqlite")).open(
            migrations: XoseenSchema.migrations)
        defer { database.closeSync() }
        try await body(
            IdentityVerifier(store: VerificationStore(database: database), modelsDirectory: ThirdParty.modelsDirectory))
    }

    /// Both faces found; same person: no `face_mismatch` or `weak_face_match`; different people: `face_mismatch`.
    @Test func everyOrderedPairOfFivePhotosIsDecidedRight() async throws {
        try await Self.withVerifier { verifier in
            var misses: [String] = []
            var attempts = 0
            for portrait in Self.people.keys.sorted() {
                let card = try SyntheticDocuments.render(kind: "state_id", photo: portrait, dob: "1990-03-14")
                for selfie in Self.people.keys.sorted() where selfie != portrait {
                    let recorded = try await verifier.verify(
                        VerificationRequest(
                            userId: "usr_face\(attempts)", documentPath: card, selfiePath: ThirdParty.photo(selfie)))
                    attempts += 1
                    let reasons = recorded.record.reasons
                    let bothFaces = !reasons.contains(.noFaceOnDocument) && !reasons.contains(.noFaceInSelfie)
                    let right =
                        bothFaces
                        && (Self.people[portrait] == Self.people[selfie]
                            ? !reasons.contains(.faceMismatch) && !reasons.contains(.weakFaceMatch)
                            : reasons.contains(.faceMismatch))
                    if !right { misses.append("\(portrait) vs \(selfie): \(reasons.map(\.rawValue))") }
                }
            }
            #expect(attempts == 20)
            #expect(misses.isEmpty, "\(misses.joined(separator: "\n"))")
        }
    }

    /// The date of birth the document itself establishes (what an attempt's age rests on) is the printed one.
    @Test func everyRenderedDocumentGivesItsDateOfBirth() async throws {
        try await Self.withVerifier { verifier in
            var misses: [String] = []
            for (kind, dob, extra, documentKind) in Self.dobCases {
                let document = try SyntheticDocuments.render(kind: kind, photo: "obama.jpg", dob: dob, extra: extra)
                let report = try await verifier.readDocument(path: document, kind: documentKind)
                if report.dateOfBirth != dob {
                    misses.append("\(kind) \(dob) \(extra): read \(report.dateOfBirth ?? "nothing") (\(report.dobSource ?? "-"))")
                }
            }
            #expect(misses.isEmpty, "\(misses.joined(separator: "\n"))")
        }
    }
}
