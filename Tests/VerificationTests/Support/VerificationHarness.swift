import Foundation
import HTTPServer
import HTTPTesting
import XoseenAPI

/// A real Xoseen server on a fresh data directory, with the operator token set.
enum VerificationHarness {
    static let operatorToken = "op-test-token-7f3a"
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/xoseen").path

    static func withXoseen(
        requireAuth: Bool = false, operatorToken: String? = operatorToken, environment extra: [String: String] = [:],
        _ body: (XoseenApplication, LiveServer) async throws -> Void
    ) async throws {
        let directory = NSTemporaryDirectory() + "xoseen-verify-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var environment = ["XOSEEN_MODELS": ThirdParty.modelsDirectory].merging(extra) { $1 }
        if let operatorToken { environment["XOSEEN_OPERATOR_TOKEN"] = operatorToken }
        let application = try await XoseenApplication(
            settings: .init(
                dataDirectory: directory, resourcesDirectory: resources,
                requireAuth: requireAuth, environment: environment))
        defer { application.database.closeSync() }
        try await withLiveServer(application.router()) { server in try await body(application, server) }
    }

    struct Decision: Decodable {
        let userId: String
        let decision: String
        let trustScore: Double
        let reasons: [String]
        let reverifyBy: String
        let ageOver18: Bool?
        let ageDisplayed: Int?
        let claimToken: String?
    }

    struct Envelope: Decodable {
        struct Body: Decodable {
            let code: String
            let message: String
            let field: String?
        }
        let error: Body
    }

    static func file(_ field: String, _ path: String) throws -> MultipartUpload.File {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let type = path.hasSuffix(".png") ? "image/png" : "image/jpeg"
        return (field, (path as NSString).lastPathComponent, type, bytes)
    }

    /// `POST /web/profile` with a minimal valid body.
    static func createProfile(_ server: LiveServer, user: String, headers: [(String, String)] = []) async throws
        -> RawHTTPResponse
    {
        let profile: [String: Any] = [
            "userId": user, "displayName": "Lee", "ageDisplayed": 30, "intent": "long_term",
            "cityArea": "Manhattan", "gender": "man",
        ]
        return try await server.client.post(
            "/web/profile", body: Array(try JSONSerialization.data(withJSONObject: profile)),
            contentType: "application/json", headers: headers)
    }

    static func claim(_ secret: String?) -> [(String, String)] { secret.map { [("X-Verification-Claim", $0)] } ?? [] }

    /// `POST /verify/verification/verify-live`.
    static func verify(
        _ server: LiveServer, user: String, document: String?, selfie: String?, photos: [String] = [],
        fields: [(String, String)] = [], headers: [(String, String)] = []
    ) async throws -> RawHTTPResponse {
        var files: [MultipartUpload.File] = []
        if let document { files.append(try file("id_document", document)) }
        if let selfie { files.append(try file("selfie", selfie)) }
        for photo in photos { files.append(try file("profile_photos", photo)) }
        // One attempt is seconds of CPU in a debug build on a loaded machine, and attempts queue.
        let client = HTTPTestClient(port: server.port, timeout: .seconds(120))
        return try await client.multipart(
            "/verify/verification/verify-live", fields: [("user_id", user)] + fields, files: files,
            headers: headers)
    }
}
