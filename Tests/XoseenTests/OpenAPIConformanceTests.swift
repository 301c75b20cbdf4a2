import Foundation
import HTTPServer
import HTTPTesting
import Testing
import Xoseen
import XoseenAPI

/// `Resources/xoseen/openapi.json` against the code: every route is documented (and nothing else),
/// and the live server's answers — successes and errors — match the documented schemas and error
/// codes, so a changed DTO, a new route or a new error code fails here until the document says so.
@Suite struct XoseenOpenAPIConformanceTests {
    static let documentPath = ProfileRoutesTests.resources + "/openapi.json"
    static let operatorRoutes: Set<String> = ["GET /livez", "GET /readyz", "GET /metrics", "GET /openapi.json"]

    @Test func everyRouteIsDocumentedAndNothingElse() async throws {
        let checker = try OpenAPIChecker(data: try Data(contentsOf: URL(fileURLWithPath: Self.documentPath)))
        try await ProfileRoutesTests.withXoseen { application, _ in
            let routes = Set(application.router().routes.map { "\($0.method) \($0.pattern)" })
            #expect(routes.subtracting(checker.operations).sorted() == [], "routes missing from openapi.json")
            #expect(checker.operations.subtracting(routes.union(Self.operatorRoutes)).sorted() == [], "documented but not served")
        }
    }

    @Test func liveAnswersMatchTheDocument() async throws {
        let checker = try OpenAPIChecker(data: try Data(contentsOf: URL(fileURLWithPath: Self.documentPath)))
        let directory = NSTemporaryDirectory() + "xoseen-openapi-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let application = try await XoseenApplication(
            settings: .init(dataDirectory: directory, resourcesDirectory: ProfileRoutesTests.resources))
        defer { application.database.closeSync() }
        try await application.bootstrap(seedCount: 30)
        var configuration = LiveServer.testConfiguration()
        configuration.operations = application.operations(registry: .init(), apiDescription: Self.documentPath)
        try await withLiveServer(application.router(), configuration: configuration, hub: application.hub) { server in
            let client = server.client
            var problems: [String] = []
            func check(_ method: String, _ template: String, _ response: RawHTTPResponse) {
                problems += checker.problems(method, template, response)
            }
            func post(_ path: String, _ object: [String: Any], token: String? = nil) async throws -> RawHTTPResponse {
                try await client.post(
                    path, body: Array(try JSONSerialization.data(withJSONObject: object)), contentType: "application/json",
                    headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [])
            }
            check("GET", "/health", try await client.get("/health"))
            check("GET", "/ml/health", try await client.get("/ml/health"))
            check("GET", "/ml/weights", try await client.get("/ml/weights"))
            check("GET", "/web/options", try await client.get("/web/options"))
            let viewers = try await client.get("/ml/viewers")
            check("GET", "/ml/viewers", viewers)
            let seeded =
                ((try JSONSerialization.jsonObject(with: Data(viewers.body)) as? [String: Any])?["viewers"] as? [[String: Any]]
                ?? [])
                .compactMap { $0["id"] as? String }
            let viewer = try #require(seeded.first)
            var profile = ChatFixture.profile("usr_oa", "Oa", gender: "woman", seeking: ["man", "woman"])
            let created = try await post("/web/profile", profile)
            check("POST", "/web/profile", created)
            let token = (try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any])?["token"] as? String
            check("POST", "/web/profile", try await post("/web/profile", profile))
            profile["intent"] = "no_such_intent"
            check("POST", "/web/profile", try await post("/web/profile", profile, token: token))
            check("POST", "/ml/rank", try await post("/ml/rank", ["viewerId": viewer, "limit": 5]))
            let page = try await post("/ml/rank", ["viewerId": viewer, "limit": 5])
            let candidate =
                ((try JSONSerialization.jsonObject(with: Data(page.body)) as? [String: Any])?["candidates"] as? [[String: Any]])?
                .first?["candidateId"] as? String ?? seeded[1]
            check("POST", "/ml/rank", try await post("/ml/rank", ["viewerId": "usr_nobody", "limit": 5]))
            check("POST", "/ml/rank", try await post("/ml/rank", ["viewerId": viewer, "limit": 500]))
            check("POST", "/ml/rank", try await post("/ml/rank", ["viewerId": viewer, "cursor": "garbage"]))
            check("POST", "/ml/explain", try await post("/ml/explain", ["viewerId": viewer, "candidateId": candidate]))
            check(
                "POST", "/ml/feedback",
                try await post("/ml/feedback", ["viewerId": viewer, "candidateId": candidate, "action": "like"]))
            check(
                "POST", "/ml/feedback",
                try await post("/ml/feedback", ["viewerId": viewer, "candidateId": candidate, "action": "meh"]))
            check(
                "POST", "/ml/feedback",
                try await post(
                    "/ml/feedback", ["viewerId": "usr_oa", "candidateId": candidate, "action": "like"],
                    token: "usr_oa.1.forged"))
            check("GET", "/web/suggestions", try await client.get("/web/suggestions?viewerId=\(viewer)&candidateId=\(candidate)"))
            check("POST", "/web/reply-suggest", try await post("/web/reply-suggest", ["user": viewer, "history": ["hi there"]]))
            check("POST", "/web/blind/next", try await post("/web/blind/next", ["viewerId": viewer]))
            check("POST", "/web/blind/pairings", try await post("/web/blind/pairings", ["viewerId": viewer]))
            check(
                "POST", "/web/blind/reveal", try await post("/web/blind/reveal", ["viewerId": viewer, "candidateId": candidate]))
            check(
                "POST", "/web/report",
                try await post("/web/report", ["viewerId": viewer, "candidateId": candidate, "reason": "spam"]))
            check("POST", "/web/block", try await post("/web/block", ["viewerId": viewer, "candidateId": candidate]))
            check("POST", "/web/logout-all", try await post("/web/logout-all", ["viewerId": "usr_oa"], token: token))
            check("GET", "/verify/verification/status/{user_id}", try await client.get("/verify/verification/status/usr_none"))
            check("GET", "/verify/verification/review", try await client.get("/verify/verification/review"))
            check(
                "POST", "/verify/verification/verify-live",
                try await client.multipart(
                    "/verify/verification/verify-live",
                    fields: [(name: "user_id", value: "usr_oa")]))
            check("GET", "/app/photos/{name}", try await client.get("/app/photos/nope.png"))
            check("POST", "/web/matches", try await post("/web/matches", ["viewerId": viewer]))
            check("POST", "/web/matches", try await post("/web/matches", ["viewerId": "usr_nobody"]))
            check("GET", "/ops/api/models", try await client.get("/ops/api/models"))
            check("GET", "/ops/api/safety-flags", try await client.get("/ops/api/safety-flags?days=7"))
            check("GET", "/app", try await client.get("/app"))
            check("GET", "/app/{path...}", try await client.get("/app/no-such-file.js"))
            check("GET", "/ops", try await client.get("/ops"))
            check("GET", "/shared/{path...}", try await client.get("/shared/dom.js"))
            check("GET", "/ws/chat", try await client.get("/ws/chat"))
            check("DELETE", "/web/me", try await client.delete("/web/me?userId=usr_oa"))
            check("GET", "/livez", try await client.get("/livez"))
            check("GET", "/openapi.json", try await client.get("/openapi.json"))
            #expect(problems == [])
        }
    }
}
