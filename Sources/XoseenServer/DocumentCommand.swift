import Foundation
import Runtime
import SQLStore
import Xoseen
import XoseenAPI
import XoseenVerification

/// `xoseen read-document FILE [--doc-type KIND]`: prints, as JSON, what the verifier reads from
/// an ID image — the document kind found, the MRZ with its check digits and fields, and the
/// date of birth an attempt would rest on (`dobSource`: `mrz`, `printed_field` or null). The
/// same loading, portrait search and reading as verify-live (`IdentityVerifier.readDocument`);
/// nothing is stored. Without `--doc-type` the reader looks for an MRZ first.
enum DocumentCommand {
    static let name = "read-document"

    static func run(_ arguments: [String]) async -> Int32 {
        var path: String?
        var kind: DocumentKind?
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            if argument == "--doc-type" || argument.hasPrefix("--doc-type=") {
                let value =
                    argument.contains("=") ? String(argument.split(separator: "=", maxSplits: 1)[1]) : rest.popFirst() ?? ""
                guard let parsed = DocumentKind(rawValue: value) else {
                    return fail("--doc-type must be one of \(DocumentKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                kind = parsed
            } else if path == nil, !argument.hasPrefix("--") {
                path = argument
            } else {
                return fail("usage: xoseen read-document FILE [--doc-type KIND]")
            }
        }
        guard let path else { return fail("usage: xoseen read-document FILE [--doc-type KIND]") }
        let environment = ProcessInfo.processInfo.environment
        let models = environment["XOSEEN_MODELS"] ?? FileManager.default.currentDirectoryPath + "/third_party/face-models"
        do {
            // The reader stores nothing; a scratch database satisfies the verifier's type.
            let scratch = NSTemporaryDirectory() + "xoseen-read-document-\(UUID().uuidString)"
            try PrivateFiles.prepareDirectory(scratch)
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let database = try await DatabaseConfiguration(url: .sqlite(path: scratch + "/scratch.sqlite")).open(
                migrations: XoseenSchema.migrations)
            defer { database.closeSync() }
            let verifier = IdentityVerifier(store: VerificationStore(database: database), modelsDirectory: models)
            let report = try await verifier.readDocument(path: path, kind: kind)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(NullKeeping(report)), as: UTF8.self))
            return 0
        } catch let failure as VerificationFailure {
            switch failure {
            case .unusableImage(_, let message): return fail(message)
            case .unavailable(let message): return fail(message)
            case .attemptTooLarge(let pixels, let limit, _): return fail("the image declares \(pixels) pixels (at most \(limit))")
            case .busy: return fail("busy")
            }
        } catch {
            return fail("\(error)")
        }
    }

    static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("xoseen read-document: \(message)\n".utf8))
        return 2
    }
}

/// Encodes the report with its absent values as `null` (an operator's script sees every key).
struct NullKeeping: Encodable {
    let report: DocumentReport
    init(_ report: DocumentReport) { self.report = report }

    enum Keys: String, CodingKey { case documentKind, mrz, dateOfBirth, dobSource, printedField, documentWords }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(report.documentKind, forKey: .documentKind)
        try c.encode(report.mrz, forKey: .mrz)
        try c.encode(report.dateOfBirth, forKey: .dateOfBirth)
        try c.encode(report.dobSource, forKey: .dobSource)
        try c.encode(report.printedField, forKey: .printedField)
        try c.encode(report.documentWords, forKey: .documentWords)
    }
}
