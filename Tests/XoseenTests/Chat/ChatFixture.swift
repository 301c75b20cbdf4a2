import Foundation
import HTTPServer
import HTTPTesting
import Testing
import Xoseen
import XoseenAPI

/// A Xoseen server with a few hand-made users, for the chat tests.
struct ChatFixture {
    let application: XoseenApplication
    let server: LiveServer
    var tokens: [String: String] = [:]

    static func with(
        requireAuth: Bool = false, directory: String? = nil,
        _ body: (inout ChatFixture) async throws -> Void
    ) async throws {
        let temporary = directory == nil
        let directory = directory ?? NSTemporaryDirectory() + "xoseen-chat-\(UUID().uuidString)"
        defer { if temporary { try? FileManager.default.removeItem(atPath: directory) } }
        let application = try await XoseenApplication(
            settings: .init(
                dataDirectory: directory,
                resourcesDirectory: ProfileRoutesTests.resources,
                requireAuth: requireAuth))
        defer { application.database.closeSync() }
        try await withLiveServer(application.router(), hub: application.hub) { server in
            var fixture = ChatFixture(application: application, server: server)
            try await body(&fixture)
        }
    }

    static func profile(_ id: String, _ name: String, gender: String, seeking: [String]) -> [String: Any] {
        [
            "userId": id, "displayName": name, "ageDisplayed": 31, "trustScore": 80.0, "intent": "long_term",
            "interests": ["hiking", "jazz", "cooking"], "cityArea": "Williamsburg", "ageMin": 21, "ageMax": 50,
            "maxDistanceKm": 50.0, "gender": gender, "seeking": seeking,
        ]
    }

    /// Creates the user and keeps its token.
    mutating func user(_ id: String, _ name: String, gender: String = "woman", seeking: [String] = ["man", "woman", "nonbinary"])
        async throws
    {
        let response = try await post("/web/profile", Self.profile(id, name, gender: gender, seeking: seeking))
        #expect(response.status == 200, "\(response.bodyString)")
        tokens[id] = try json(response)["token"] as? String
    }

    func post(_ path: String, _ object: [String: Any], as user: String? = nil) async throws -> RawHTTPResponse {
        try await server.client.post(
            path, body: Array(try JSONSerialization.data(withJSONObject: object)),
            contentType: "application/json",
            headers: user.flatMap { tokens[$0] }.map { [("Authorization", "Bearer \($0)")] } ?? [])
    }

    func json(_ response: RawHTTPResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
    }

    /// Both like each other through the API.
    func match(_ a: String, _ b: String) async throws {
        _ = try await post("/ml/feedback", ["viewerId": a, "candidateId": b, "action": "like"], as: a)
        let back = try json(try await post("/ml/feedback", ["viewerId": b, "candidateId": a, "action": "like"], as: b))
        #expect(back["matched"] as? Bool == true)
    }

    static func room(_ kind: String, _ x: String, _ y: String) -> String { "\(kind):\(min(x, y)):\(max(x, y))" }

    /// Opens the chat socket; `token` defaults to the user's own (pass "" for none).
    func connect(room: String, user: String, token: String? = nil) async throws -> WebSocketClient {
        let token = token ?? tokens[user] ?? ""
        var query = "room=\(room)&user=\(user)&name=Someone"
        if !token.isEmpty { query += "&token=\(token)" }
        return try await WebSocketClient.connect(port: server.port, path: "/ws/chat?" + query)
    }

    /// Joins and consumes the `history` frame; returns the socket and the history's messages.
    func join(room: String, user: String, token: String? = nil) async throws -> (WebSocketClient, [[String: Any]]) {
        let socket = try await connect(room: room, user: user, token: token)
        let first = try await Self.frame(socket)
        #expect(first["type"] as? String == "history", "expected history, got \(first)")
        return (socket, first["messages"] as? [[String: Any]] ?? [])
    }

    /// The next JSON frame (pings skipped).
    static func frame(_ socket: WebSocketClient, timeout: Duration = .seconds(5)) async throws -> [String: Any] {
        while true {
            let text = try await socket.receiveText(timeout: timeout)
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
            if object["type"] as? String != "ping" { return object }
        }
    }

    /// Expects the server to refuse the join with 4401 and a reason starting with `code`.
    func expectRefused(
        room: String, user: String, token: String? = nil, code: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let socket = try await connect(room: room, user: user, token: token)
        let event = try await socket.receive()
        guard case .close(let closeCode, let reason) = event else {
            Issue.record("expected a 4401 close, got \(event)", sourceLocation: sourceLocation)
            return
        }
        #expect(closeCode == 4401, sourceLocation: sourceLocation)
        #expect(reason.hasPrefix(code + ":"), "reason was '\(reason)'", sourceLocation: sourceLocation)
    }
}
