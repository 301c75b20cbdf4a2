import COpenSSL
import Dispatch
import Foundation
import Logging
import Vision

/// Runs an attempt end to end: decode and check the images, find and compare faces, read the
/// document, check for duplicates, decide, store. Vision work runs on one serial queue of its
/// own (one attempt at a time: each is CPU-bound for about a second), never on Swift's
/// cooperative pool. The models load on first use.
public final class IdentityVerifier: Sendable {
    public let store: VerificationStore
    public let policy: VerificationPolicy
    let modelsDirectory: String
    let clock: @Sendable () -> Date
    let queue = DispatchQueue(label: "xoseen.verification")
    let engines = Engines()
    let logger = Logger(label: "xoseen.verification")
    /// Closer than this to another account's selfie: the same face.
    public var duplicateDistance: Double { 0.45 }

    /// Documents and selfies are scaled to at most this many pixels a side before detection.
    static let workingSide = 1280

    final class Engines: @unchecked Sendable {
        // Touched only on `queue`.
        var faces: FaceEngine?
        var text: TextReader?
    }

    public init(store: VerificationStore, modelsDirectory: String, policy: VerificationPolicy = VerificationPolicy(),
                clock: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.modelsDirectory = modelsDirectory
        self.policy = policy
        self.clock = clock
    }

    public func verify(_ request: VerificationRequest) async throws -> VerificationRecord {
        let now = clock()
        let today = CalendarDate(now)
        let measured = try await onQueue { try self.measure(request, today: today) }
        var evidence = measured.evidence
        if let selfie = measured.selfie {
            evidence.duplicateFace = try await store.isDuplicate(selfie: selfie, sha256: measured.selfieSHA256, excluding: request.userId,
                                                                 within: duplicateDistance, at: now)
        }
        let outcome = policy.decide(evidence, today: today)
        logger.info("verification decided", ["user": request.userId, "decision": outcome.decision.rawValue,
                                              "reasons": outcome.reasons.map(\.rawValue).joined(separator: ",")])
        return try await store.record(userId: request.userId, outcome: outcome, selfie: measured.selfie,
                                      selfieSHA256: measured.selfieSHA256, at: now)
    }

    /// Loads the engines now (a server can call this at start-up, off the request path).
    public func warmUp() async throws {
        try await onQueue { _ = try self.loadedEngines() }
    }

    struct Measured: Sendable {
        var evidence: VerificationEvidence
        var selfie: FaceDescriptor?
        var selfieSHA256: String
    }

    func onQueue<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    func loadedEngines() throws -> (FaceEngine, TextReader) {
        if let faces = engines.faces, let text = engines.text { return (faces, text) }
        do {
            let faces = try FaceEngine(modelsDirectory: modelsDirectory)
            let text = try TextReader()
            engines.faces = faces
            engines.text = text
            return (faces, text)
        } catch {
            throw VerificationFailure.unavailable("Identity verification is not available on this server (\(error)).")
        }
    }

    static func load(_ path: String, field: String) throws -> DecodedImage {
        do { return try DecodedImage.load(path: path) } catch {
            throw VerificationFailure.unusableImage(field: field, message: error.message)
        }
    }

    /// Faces in an image, largest first; once more at double size when none was found (a
    /// document's portrait can be small), and rotated a quarter turn either way for a selfie
    /// whose orientation was lost.
    static func faces(in image: DecodedImage, engine: FaceEngine, describing: Int, tryRotations: Bool) throws -> [DetectedFace] {
        let working = image.fitting(maxSide: workingSide)
        var found = try engine.faces(in: working, describing: describing)
        if found.isEmpty, max(working.width, working.height) <= workingSide {
            found = try engine.faces(in: working, describing: describing, upsample: 1)
        }
        if found.isEmpty, tryRotations {
            for turns in [1, 3] {
                guard let turned = working.rotated(quarterTurns: turns) else { continue }
                found = try engine.faces(in: turned, describing: describing)
                if !found.isEmpty { break }
            }
        }
        return found
    }

    func measure(_ request: VerificationRequest, today: CalendarDate) throws -> Measured {
        // Every image is checked before any model runs, so a bad upload fails fast.
        let selfieImage = try Self.load(request.selfiePath, field: "selfie")
        let documentImage = try Self.load(request.documentPath, field: "id_document")
        let photoImages = try request.profilePhotoPaths.map { try Self.load($0, field: "profile_photos") }
        let (faceEngine, textReader) = try loadedEngines()

        let selfieFaces = try Self.faces(in: selfieImage, engine: faceEngine, describing: 1, tryRotations: true)
        let documentFaces = try Self.faces(in: documentImage, engine: faceEngine, describing: 1, tryRotations: false)
        let selfie = selfieFaces.first?.descriptor
        let documentFace = documentFaces.first?.descriptor
        let distance = selfie.flatMap { s in documentFace.map { s.distance(to: $0) } }

        let photos: [VerificationEvidence.ProfilePhotoCheck] = try photoImages.map { image in
            guard let face = try Self.faces(in: image, engine: faceEngine, describing: 1, tryRotations: true).first?.descriptor else {
                return .noFace
            }
            guard let selfie else { return .noFace }
            let d = face.distance(to: selfie)
            return d <= policy.weakMatchDistance ? .matches(distance: d) : .differentPerson(distance: d)
        }
        let working = documentImage.fitting(maxSide: Self.workingSide)
        let portrait = documentFaces.first.map { f in
            (x: Double(f.left) / Double(working.width), y: Double(f.top) / Double(working.height),
             width: Double(f.width) / Double(working.width), height: Double(f.height) / Double(working.height))
        }
        let reading = DocumentReader(text: textReader).read(documentImage, kind: request.documentKind, today: today, portrait: portrait)
        let evidence = VerificationEvidence(
            selfieFaces: selfieFaces.count, documentFaceFound: documentFace != nil, faceDistance: distance, profilePhotos: photos,
            document: reading, documentKind: request.documentKind, typedDOB: request.typedDOB, duplicateFace: false,
            assistive: request.assistive)
        return Measured(evidence: evidence, selfie: selfie, selfieSHA256: Self.sha256(ofFile: request.selfiePath))
    }

    static func sha256(ofFile path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        data.withUnsafeBytes { _ = SHA256($0.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count, &digest) }
        return digest.map { String(format: "%02x", $0) }.joined()
    }
}
