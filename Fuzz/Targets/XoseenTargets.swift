// Xoseen: every JSON request body, the feed cursor and user token, the chat frame, and what the
// verifier reads off a document (MRZ lines, printed and typed dates of birth).
import Foundation

@testable import HTTPServer
@testable import Xoseen
@testable import XoseenAPI
@testable import XoseenVerification

enum XoseenTargets {
    static let all: [FuzzTarget] = [xoseenJSON, xoseenCursor, chatFrame, mrz, dob]

    static let today = CalendarDate(FuzzClock.now)

    /// A real application (empty store in a temporary directory, no seed): its context is what
    /// the routes use to validate profiles and check cursors.
    nonisolated(unsafe) private static var application: XoseenApplication?
    static var context: XoseenContext { application!.context }

    static let prepareApplication: @Sendable () -> Void = {
        guard application == nil else { return }
        let directory = NSTemporaryDirectory() + "xoseen-fuzz-\(getpid())"
        var settings = XoseenApplication.Settings(
            dataDirectory: directory, resourcesDirectory: "Resources/xoseen", seedCount: 0,
            environment: ["XOSEEN_TOKEN_SECRET": String(repeating: "f", count: 64)])
        settings.trainInterval = 0
        let configured = settings
        let made = BlockingResult<XoseenApplication> {
            try await XoseenApplication(settings: configured, clock: { FuzzClock.now })
        }
        application = made.value
    }

    /// The request bodies, one per route; the input's first byte picks which (so one corpus
    /// holds them all). Each is decoded as the route decodes it, then checked as the route checks it.
    static let bodies: [@Sendable (Request) -> Void] = [
        { request in
            guard let body = try? request.decode(RankBody.self) else { return }
            if let cursor = body.cursor { _ = context.cursorChain(cursor) }
        },
        { request in _ = try? request.decode(PairBody.self) },
        { request in
            guard let body = try? request.decode(FeedbackBody.self) else { return }
            _ = MatchingStore.Action(rawValue: body.action)
        },
        { request in _ = try? request.decode(ReportBody.self) },
        { request in _ = try? request.decode(ViewerBody.self) },
        { request in _ = try? request.decode(ReviewBody.self) },
        { request in _ = try? request.decode(ReplySuggestBody.self) },
        { request in
            guard let body = try? request.decode(ProfileBody.self) else { return }
            let submission = ProfileSubmission(
                userId: body.userId, displayName: body.displayName, ageDisplayed: body.ageDisplayed, trustScore: body.trustScore,
                intent: body.intent, interests: body.interests, cityArea: body.cityArea, ageMin: body.ageMin, ageMax: body.ageMax,
                maxDistanceKm: body.maxDistanceKm, gender: body.gender, seeking: body.seeking, orientation: body.orientation,
                asexual: body.asexual, asexualOnly: body.asexualOnly, bio: body.bio)
            guard case .success(let profile) = context.validation.validate(submission, existing: nil, now: FuzzClock.now) else {
                return
            }
            // Tokens are `<userId>.<expiry>.<mac>`: a valid user id must keep them unambiguous.
            expect(!profile.userId.contains("."), "user id \(profile.userId) contains a dot")
            expect(
                context.signer.verify(context.signer.issue(for: profile.userId)) == .success(profile.userId),
                "token for \(profile.userId) does not verify")
        },
    ]

    static let xoseenJSON = FuzzTarget(
        name: "xoseen-json", summary: "every Xoseen JSON body (first byte picks the type)",
        maxLength: 8192, prepare: prepareApplication
    ) { bytes in
        guard let selector = bytes.first else { return }
        let request = Request(
            method: .post, rawPath: "/", headers: ["Content-Type": "application/json"],
            body: Data(bytes.dropFirst()))
        bodies[Int(selector) % bodies.count](request)
    }

    /// `POST /ml/rank {"cursor"}` and `Authorization: Bearer`: forged, altered and malformed
    /// strings; what we issue always verifies.
    static let xoseenCursor = FuzzTarget(
        name: "xoseen-cursor", summary: "feed cursors and user tokens (TokenSigner)",
        maxLength: 1024, prepare: prepareApplication
    ) { bytes in
        let text = bytes.text
        if let chain = context.cursorChain(text) { expect(text.hasPrefix(chain + "."), "cursor \(text) names another chain") }
        if text.hasPrefix("ch_"), text.count <= 64, !text.contains(".") {
            expect(context.cursorChain(context.cursor(for: text)) == text, "issued cursor for \(text) does not verify")
        }
        if case .success(let subject) = context.signer.verify(text) {
            expect(text.hasPrefix(subject + "."), "token subject mismatch")
        }
    }

    /// A client's chat frame as `ChatSession.handle` reads it before any store or socket is
    /// involved: JSON object, client id, type, the opaque payload of enc/pubkey, and the safety
    /// scan of a message's text.
    static let chatFrame = FuzzTarget(name: "chat-frame", summary: "chat frame decoding + SafetyScanner.scan", maxLength: 4096) {
        bytes in
        guard let object = (try? JSONSerialization.jsonObject(with: bytes.data)) as? [String: Any] else { return }
        _ = (object["id"] as? String).map { String($0.prefix(64)) }
        let type = object["type"] as? String ?? (object["text"] != nil ? "message" : "")
        switch type {
        case "enc", "pubkey":
            if let payload = ChatFrames.opaquePayload(of: object) {
                let reparsed = (try? JSONSerialization.jsonObject(with: Data(payload.utf8))) as? [String: Any]
                expect(
                    reparsed.map { Set($0.keys).isDisjoint(with: ChatFrames.reservedKeys) } == true,
                    "payload keeps a reserved key")
            }
        default:
            guard let raw = object["text"] as? String else { return }
            let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, text.count <= ChatService.maxTextCharacters else { return }
            _ = scanner.scan(text)
        }
    }
    /// The shipped scanner (rules + learned model) from `XOSEEN_RESOURCES`, else `./Resources/xoseen`.
    static let scanner = try! SafetyScanner(
        resourcesDirectory: ProcessInfo.processInfo.environment["XOSEEN_RESOURCES"]
            ?? FileManager.default.currentDirectoryPath + "/Resources/xoseen")

    /// OCR'd lines (one per input line) as the document reader hands them to the MRZ finder.
    static let mrz = FuzzTarget(name: "mrz", summary: "MachineReadableZone.find on OCR lines (TD1/TD3)", maxLength: 1024) {
        bytes in
        let lines = bytes.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let zone = MachineReadableZone.find(in: lines, today: today), let birth = zone.dateOfBirth {
            expect(birth <= today, "MRZ birth date \(birth) after today")
        }
        for line in lines.prefix(4) { _ = MachineReadableZone.checkDigit(line) }
    }

    /// Dates of birth: the typed `dob` field (strict ISO), and printed dates after a label on a
    /// card's OCR'd lines, in both day/month orders.
    /// The printed-date regexes compile on first use, and the standard library's regex compiler
    /// leaves a few boxes unfreed doing so (once per process): compile them before the leak check.
    static let warmUpRegexes: @Sendable () -> Void = {
        _ = PrintedDate.all(in: "14.03.1990 14 MAR 1990 MARCH 14, 1990", order: .dayFirst, pivot: today)
    }

    static let dob = FuzzTarget(
        name: "dob", summary: "typed dob (CalendarDate iso) + printed DOB fields", maxLength: 1024,
        prepare: warmUpRegexes
    ) { bytes in
        let text = bytes.text
        if let typed = CalendarDate(iso: text) { expect(typed.description == text, "\(text) read as \(typed)") }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            DateOfBirthField.Line(text: String($0), confidence: 90)
        }
        for order in [PrintedDate.Order.dayFirst, .monthFirst] {
            if let field = DateOfBirthField.find(in: lines, order: order, today: today) {
                expect(field.date <= today, "printed birth date \(field.date) after today")
            }
        }
    }
}

/// Runs async set-up to completion from the synchronous fuzzer entry (once, before any input).
final class BlockingResult<T>: @unchecked Sendable {
    private(set) var value: T!
    init(_ work: @escaping @Sendable () async throws -> T) {
        let done = DispatchSemaphore(value: 0)
        Task {
            do { self.value = try await work() } catch {
                FileHandle.standardError.write(Data("fuzz set-up failed: \(error)\n".utf8))
                exit(2)
            }
            done.signal()
        }
        done.wait()
    }
}
