import Foundation
import Testing

/// `xoseen read-document FILE` (the real executable) prints what the verifier reads from an ID
/// image: on a rendered TD3 passport the MRZ with valid check digits and its fields, the date of
/// birth from the MRZ; on a plain photo, no document at all.
@Suite(.serialized) struct ReadDocumentTests {
    static let root = FileManager.default.currentDirectoryPath

    static func run(_ arguments: [String]) throws -> (status: Int32, json: [String: Any]?) {
        let process = Process()
        process.executableURL = ExecutableTests.binary("xoseen")
        process.arguments = ["read-document"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["XOSEEN_MODELS": root + "/third_party/face-models"]) {
            $1
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, try? JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aPassportsMRZIsReadWithItsCheckDigits() throws {
        let out = NSTemporaryDirectory() + "read-document-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let render = Process()
        render.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        render.arguments = [
            "python3", Self.root + "/scripts/render-document.py", "--kind", "passport", "--photo",
            Self.root + "/third_party/face-photos/obama.jpg", "--dob", "1988-07-04", "--out", out,
        ]
        try render.run()
        render.waitUntilExit()
        try #require(render.terminationStatus == 0)

        let (status, json) = try Self.run([out])
        #expect(status == 0)
        let report = try #require(json)
        #expect(report["documentKind"] as? String == "passport")
        let mrz = try #require(report["mrz"] as? [String: Any])
        #expect(mrz["checkDigitsValid"] as? Bool == true)
        #expect(mrz["dateOfBirth"] as? String == "1988-07-04")
        #expect((mrz["lines"] as? [String])?.count == 2)
        #expect(
            mrz["expiryDate"] is String && mrz["documentNumber"] is String && mrz["nationality"] is String && mrz["sex"] is String
        )
        #expect(report["dateOfBirth"] as? String == "1988-07-04")
        #expect(report["dobSource"] as? String == "mrz")
    }

    @Test func aPlainPhotoIsNoDocument() throws {
        let (status, json) = try Self.run([Self.root + "/third_party/face-photos/obama2.jpg"])
        #expect(status == 0)
        let report = try #require(json)
        #expect(report["documentKind"] as? String == "none")
        #expect(report["mrz"] is NSNull && report["dobSource"] is NSNull && report["dateOfBirth"] is NSNull)
    }

    @Test func aMissingFileIsAnError() throws {
        #expect(try Self.run(["/nonexistent/file.png"]).status != 0)
    }
}
