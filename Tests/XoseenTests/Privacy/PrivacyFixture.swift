import Foundation
import HTTPServer
import HTTPTesting
import Synchronization
import Testing
import Xoseen
import XoseenAPI

/// A Xoseen server on the seed population (or empty), with a clock the test moves, for the
/// privacy and exhaustion attacks. Requests go over real sockets; tokens come from the server's
/// own signer (as `POST /web/profile` would hand them out).
struct PrivacyFixture {
    final class Clock: Sendable {
        let now = Mutex(Date())
        func read() -> Date { now.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
    }

    let application: XoseenApplication
    let server: LiveServer
    let clock: Clock

    static func with(requireAuth: Bool = false, seedCount: Int = 400, _ body: (PrivacyFixture) async throws -> Void) async throws
    {
        let directory = NSTemporaryDirectory() + "xoseen-privacy-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clock = Clock()
        let application = try await XoseenApplication(
            settings: .init(dataDirectory: directory, resourcesDirectory: ProfileRoutesTests.resources, requireAuth: requireAuth),
            clock: { clock.read() })
        defer { application.database.closeSync() }
        if seedCount > 0 { try await application.bootstrap(seedCount: seedCount) }
        try await withLiveServer(application.router(), hub: application.hub) { server in
            try await body(PrivacyFixture(application: application, server: server, clock: clock))
        }
    }

    func token(_ userId: String) -> String {
        application.signer.issue(for: userId, version: application.tokenVersions.version(of: userId))
    }

    func post(_ path: String, _ object: [String: Any], token: String? = nil) async throws -> RawHTTPResponse {
        try await server.client.post(
            path, body: Array(try JSONSerialization.data(withJSONObject: object)), contentType: "application/json",
            headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [])
    }

    func get(_ path: String, token: String? = nil) async throws -> RawHTTPResponse {
        try await server.client.get(path, headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [])
    }

    static func json(_ response: RawHTTPResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
    }

    static func code(_ response: RawHTTPResponse) -> String? {
        ((try? json(response))?["error"] as? [String: Any])?["code"] as? String
    }

    /// Seed persona ids, in the picker's order.
    func personas() async throws -> [String] {
        try await application.database.read { connection in
            try connection.query("SELECT id FROM users WHERE is_seed = 1 ORDER BY display_name, id").map {
                try $0.decode(String.self, "id")
            }
        }
    }

    /// A persona whose feed holds at least `minimum` candidates (some personas' preferences leave few).
    func viewerWithFeed(minimum: Int = 30) async throws -> String {
        for id in try await personas() where try await feed(of: id).count >= minimum { return id }
        throw CancellationError()
    }

    /// A persona's first-page candidate ids.
    func feed(of viewer: String, limit: Int = 100) async throws -> [[String: Any]] {
        let response = try await post("/ml/rank", ["viewerId": viewer, "limit": limit], token: token(viewer))
        #expect(response.status == 200, "\(response.bodyString)")
        return try Self.json(response)["candidates"] as? [[String: Any]] ?? []
    }

    /// A verified user saved straight to the store (verification itself is another suite's).
    func verifiedUser(
        _ id: String, _ name: String, gender: Gender = .woman, seeking: Set<Gender> = [.woman, .man, .nonbinary],
        age: Int = 30, area: String = "Williamsburg"
    ) async throws {
        let now = clock.read()
        try await application.profiles.save(
            Profile(
                userId: id, displayName: name, ageDisplayed: age, trustScore: 90, intent: .longTerm,
                interests: ["jazz", "hiking"],
                cityArea: area, ageMin: 21, ageMax: 60, maxDistanceKm: 80, gender: gender, seeking: seeking, asexual: false,
                asexualOnly: false, bio: "", textingStyle: nil, photoSeed: id, verified: true, isSeed: false, createdAt: now,
                updatedAt: now))
    }

    func rowCount(_ table: String) async throws -> Int {
        try await application.database.read { try $0.scalar(Int.self, "SELECT COUNT(*) FROM \(table)") } ?? 0
    }
}
