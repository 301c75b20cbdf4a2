import COpenSSL
import Dispatch
import Foundation
import Logging
import Synchronization
import Vision
import Xoseen

/// Runs an attempt end to end: check the images' headers, then decode and downscale them one
/// at a time, find and compare faces, read the document, check for duplicates, decide, store.
/// Vision work runs on one serial queue of its own (one attempt at a time: each is CPU-bound
/// for about a second), never on Swift's cooperative pool. The models load on first use.
///
/// Cost is bounded per attempt: the declared pixels of all its images together
/// (`Limits.pixelsPerAttempt`, checked from the headers before anything is decoded), one full
/// image in memory at a time, and at most `Limits.queueDepth` attempts waiting or running
/// (beyond it `VerificationFailure.busy`, a 503 with `Retry-After`).
public final class IdentityVerifier: Sendable {
    public struct Limits: Sendable {
        /// Declared pixels of every image of one attempt together: eight 12 MP phone photos.
        public var pixelsPerAttempt = 96_000_000
        /// Attempts admitted at once (the one running plus those waiting for the serial queue).
        public var queueDepth = 4
        /// What `Retry-After` says per attempt ahead (an attempt takes about a second).
        public var secondsPerAttempt = 2

        public init() {}
    }

    public let store: VerificationStore
    public let policy: VerificationPolicy
    public let limits: Limits
    let modelsDirectory: String
    let clock: @Sendable () -> Date
    let queue = DispatchQueue(label: "xoseen.verification")
    let engines = Engines()
    let admitted = Mutex(0)
    let logger = Logger(label: "xoseen.verification")
    /// Closer than this to another account's selfie: the same face.
    public var duplicateDistance: Double { 0.45 }

    /// Selfies and photos are scaled to at most this many pixels a side before detection.
    static let workingSide = 1280
    /// Documents are kept at this size for reading (DocumentReader reads at 1800).
    static let documentSide = 1800

    final class Engines: @unchecked Sendable {
        // Touched only on `queue`.
        var faces: FaceEngine?
        var text: TextReader?
    }

    public init(
        store: VerificationStore, modelsDirectory: String, policy: VerificationPolicy = VerificationPolicy(),
        limits: Limits = Limits(), clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.modelsDirectory = modelsDirectory
        self.policy = policy
        self.limits = limits
        self.clock = clock
    }

    public func verify(_ request: VerificationRequest) async throws -> VerificationStore.Recorded {
        // Headers first, before taking a place in the queue: an oversized or broken upload is
        // refused without waiting behind anyone (reading a header decodes no pixel).
        try checkHeaders(request)
        try admit()
        defer { admitted.withLock { $0 -= 1 } }
        let started = ContinuousClock.now
        let now = clock()
        let today = CalendarDate(now)
        let measured = try await onQueue { try self.measure(request, today: today) }
        var evidence = measured.evidence
        if let selfie = measured.selfie {
            evidence.duplicateFace = try await store.isDuplicate(
                selfie: selfie, sha256: measured.selfieSHA256, excluding: request.userId,
                within: duplicateDistance, at: now)
        }
        let outcome = policy.decide(evidence, today: today)
        XoseenMetrics.verificationDecided(outcome.decision.rawValue, duration: ContinuousClock.now - started)
        logger.info(
            "verification decided",
            [
                "user": request.userId, "decision": outcome.decision.rawValue,
                "reasons": outcome.reasons.map(\.rawValue).joined(separator: ","),
            ])
        return try await store.record(
            userId: request.userId, outcome: outcome, selfie: measured.selfie,
            selfieSHA256: measured.selfieSHA256, binding: request.binding, at: now)
    }

    /// Takes a place in the bounded queue or refuses at once.
    func admit() throws(VerificationFailure) {
        let ahead = admitted.withLock { count -> Int? in
            guard count < limits.queueDepth else { return nil }
            count += 1
            return count
        }
        guard ahead != nil else {
            throw .busy(retryAfterSeconds: max(1, limits.queueDepth * limits.secondsPerAttempt))
        }
    }

    /// What the verifier reads from one document image (`xoseen read-document`): the same
    /// loading, portrait finding and reading as an attempt.
    public func readDocument(path: String, kind: DocumentKind?) async throws -> DocumentReport {
        let today = CalendarDate(clock())
        return try await onQueue {
            _ = try Self.checkHeaders([(path, "id_document")], budget: self.limits.pixelsPerAttempt)
            let (faces, text) = try self.loadedEngines()
            let document = try Self.load(path, field: "id_document", maxSide: Self.documentSide)
            let (reading, _) = try self.read(document, kind: kind, today: today, faces: faces, text: text)
            return DocumentReport(reading, policy: self.policy)
        }
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

    /// Every file's header against the per-image limits, and their pixels together against the
    /// attempt's budget, before a single pixel is decoded.
    static func checkHeaders(_ files: [(path: String, field: String)], budget: Int) throws -> Int {
        var total = 0
        for (path, field) in files {
            do {
                let (w, h) = try DecodedImage.header(path: path)
                total += w * h
            } catch {
                throw VerificationFailure.unusableImage(field: field, message: error.message)
            }
            if total > budget { throw VerificationFailure.attemptTooLarge(pixels: total, limit: budget, field: field) }
        }
        return total
    }

    /// Decodes one image and keeps it only at working size: the full-size pixels are freed
    /// before the next image is decoded.
    static func load(_ path: String, field: String, maxSide: Int) throws -> DecodedImage {
        do { return try DecodedImage.load(path: path).fitting(maxSide: maxSide) } catch {
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

    /// The document's portrait and what its text says (one path for attempts and operators).
    func read(
        _ document: DecodedImage, kind: DocumentKind?, today: CalendarDate, faces faceEngine: FaceEngine,
        text textReader: TextReader
    ) throws -> (DocumentReading, [DetectedFace]) {
        let documentFaces = try Self.faces(in: document, engine: faceEngine, describing: 1, tryRotations: false)
        let working = document.fitting(maxSide: Self.workingSide)
        let portrait = documentFaces.first.map { f in
            (
                x: Double(f.left) / Double(working.width), y: Double(f.top) / Double(working.height),
                width: Double(f.width) / Double(working.width), height: Double(f.height) / Double(working.height)
            )
        }
        return (DocumentReader(text: textReader).read(document, kind: kind, today: today, portrait: portrait), documentFaces)
    }

    /// Every file's header, and the attempt's pixels together, before any model runs or any
    /// pixel is decoded, so a bad or oversized upload fails fast and cheaply.
    func checkHeaders(_ request: VerificationRequest) throws {
        _ = try Self.checkHeaders(
            [(request.selfiePath, "selfie"), (request.documentPath, "id_document")]
                + request.profilePhotoPaths.map { ($0, "profile_photos") }, budget: limits.pixelsPerAttempt)
    }

    func measure(_ request: VerificationRequest, today: CalendarDate) throws -> Measured {
        let (faceEngine, textReader) = try loadedEngines()

        let selfieFaces = try Self.faces(
            in: try Self.load(request.selfiePath, field: "selfie", maxSide: Self.workingSide),
            engine: faceEngine, describing: 1, tryRotations: true)
        let selfie = selfieFaces.first?.descriptor
        let document = try Self.load(request.documentPath, field: "id_document", maxSide: Self.documentSide)
        let (reading, documentFaces) = try read(
            document, kind: request.documentKind, today: today, faces: faceEngine, text: textReader)
        let documentFace = documentFaces.first?.descriptor
        let distance = selfie.flatMap { s in documentFace.map { s.distance(to: $0) } }

        let photos: [VerificationEvidence.ProfilePhotoCheck] = try request.profilePhotoPaths.map { path in
            let image = try Self.load(path, field: "profile_photos", maxSide: Self.workingSide)
            guard let face = try Self.faces(in: image, engine: faceEngine, describing: 1, tryRotations: true).first?.descriptor
            else {
                return .noFace
            }
            guard let selfie else { return .noFace }
            let d = face.distance(to: selfie)
            return d <= policy.weakMatchDistance ? .matches(distance: d) : .differentPerson(distance: d)
        }
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
