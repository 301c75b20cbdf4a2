import Foundation
import HTTPServer
import HTTPTesting
import Testing

/// WebSockets through the real server: handshake, echo, control frames, close codes,
/// size limits, slow consumers, the hub, and many idle connections.
@Suite(.serialized) struct WebSocketLiveTests {
    static func router(maxMessageBytes: Int = 64 * 1024, sendQueueLimit: Int = 256 * 1024) -> Router {
        var router = Router()
        router.webSocket("/echo") { _ in
            WebSocketUpgrade(maxMessageBytes: maxMessageBytes, sendQueueLimitBytes: sendQueueLimit) { connection in
                for await message in connection.messages {
                    switch message {
                    case .text(let text) where text == "bye":
                        connection.close(.normal, reason: "bye to you")
                    case .text(let text):
                        connection.send(text: text)
                    case .binary(let bytes):
                        connection.send(binary: bytes)
                    }
                }
            }
        }
        router.webSocket("/auth") { request in
            WebSocketUpgrade { connection in
                guard connection.request.query["token"] == "good" else {
                    connection.close(.unauthorized, reason: "invalid_token: token does not match user")
                    return
                }
                connection.send(text: "welcome")
                for await _ in connection.messages {}
            }
        }
        router.webSocket("/firehose") { _ in
            WebSocketUpgrade(sendQueueLimitBytes: sendQueueLimit) { connection in
                let chunk = String(repeating: "x", count: 16 * 1024)
                while connection.send(text: chunk) {
                    await Task.yield()
                }
                for await _ in connection.messages {}
            }
        }
        router.webSocket("/rooms/{room}") { request in
            let room = try request.parameter("room")
            return WebSocketUpgrade { connection in
                for await message in connection.messages {
                    if case .text(let text) = message, text == "join" {
                        await RoomRegistry.shared.join(connection, room)
                        connection.send(text: "joined")
                    }
                }
            }
        }
        router.webSocket("/rejected") { _ in throw HTTPError(.unauthorized, code: "auth_required", message: "Token required.") }
        return router
    }

    /// Lets a test reach the server's hub from inside a route.
    actor RoomRegistry {
        static let shared = RoomRegistry()
        var hub: WebSocketHub?
        func set(_ hub: WebSocketHub) { self.hub = hub }
        func join(_ connection: WebSocketConnection, _ room: String) { hub?.join(connection, group: room) }
    }

    @Test func echoTextAndBinary() async throws {
        try await withLiveServer(Self.router()) { server in
            let ws = try await WebSocketClient.connect(port: server.port, path: "/echo")
            try await ws.send(text: "héllo 👋")
            #expect(try await ws.receive() == .text("héllo 👋"))
            try await ws.send(binary: [0, 1, 2, 255])
            #expect(try await ws.receive() == .binary([0, 1, 2, 255]))
            let big = String(repeating: "abc", count: 20_000)
            try await ws.send(text: big)
            #expect(try await ws.receive() == .text(big))
            try await ws.close()
        }
    }

    @Test func pingIsAnsweredWithPong() async throws {
        try await withLiveServer(Self.router()) { server in
            let ws = try await WebSocketClient.connect(port: server.port, path: "/echo")
            try await ws.ping([9, 8, 7])
            #expect(try await ws.receive() == .pong([9, 8, 7]))
        }
    }

    @Test func clientCloseIsEchoed() async throws {
        try await withLiveServer(Self.router()) { server in
            let ws = try await WebSocketClient.connect(port: server.port, path: "/echo")
            try await ws.close(code: 1000, reason: "done")
            #expect(try await ws.receive() == .close(code: 1000, reason: "done"))
        }
    }

    @Test func serverCloseCarriesCodeAndReason() async throws {
        try await withLiveServer(Self.router()) { server in
            let ws = try await WebSocketClient.connect(port: server.port, path: "/echo")
            try await ws.send(text: "bye")
            #expect(try await ws.receive() == .close(code: 1000, reason: "bye to you"))
        }
    }

    @Test func applicationCloseCode4401() async throws {
        try await withLiveServer(Self.router()) { server in
            let bad = try await WebSocketClient.connect(port: server.port, path: "/auth?token=forged")
            #expect(try await bad.receive() == .close(code: 4401, reason: "invalid_token: token does not match user"))
            let good = try await WebSocketClient.connect(port: server.port, path: "/auth?token=good")
            #expect(try await good.receive() == .text("welcome"))
        }
    }

    @Test func oversizeMessageClosesWith1009() async throws {
        try await withLiveServer(Self.router(maxMessageBytes: 1024)) { server in
            let ws = try await WebSocketClient.connect(port: server.port, path: "/echo")
            try await ws.send(text: String(repeating: "z", count: 4096))
            guard case .close(let code, _) = try await ws.receive() else {
                Issue.record("expected a close frame")
                return
            }
            #expect(code == 1009)
        }
    }

    @Test func invalidUTF8TextClosesWith1007() async throws {
        try await withLiveServer(Self.router()) { server in
            let ws = try await WebSocketClient.connect(port: server.port, path: "/echo")
            try await ws.sendRawText(bytes: [0xC3, 0x28])
            guard case .close(let code, _) = try await ws.receive() else {
                Issue.record("expected a close frame")
                return
            }
            #expect(code == 1007)
        }
    }

    @Test func slowConsumerIsDisconnectedAndServerMemoryStaysBounded() async throws {
        try await withLiveServer(Self.router(sendQueueLimit: 256 * 1024)) { server in
            let ws = try await WebSocketClient.connect(port: server.port, path: "/firehose", receiveBufferSize: 4096)
            ws.pauseReading()
            let before = ProcessMemory.residentBytes()
            // The route sends 16 KiB frames as fast as it can; a client that never reads fills its
            // TCP buffers, then the server's bounded queue, and is cut.
            var waited = 0
            while server.server.hub.connectionCount > 0 && waited < 100 {
                try await Task.sleep(for: .milliseconds(50))
                waited += 1
            }
            #expect(server.server.hub.connectionCount == 0, "slow consumer still connected")
            let growth = ProcessMemory.residentBytes() - before
            #expect(growth < 64 * 1024 * 1024, "server grew by \(growth) bytes")
        }
    }

    @Test func rejectedUpgradeAnswersHTTP() async throws {
        try await withLiveServer(Self.router()) { server in
            let rejected = try await WebSocketClient.rawHandshake(
                port: server.port, path: "/rejected",
                headers: WebSocketClient.handshakeHeaders())
            #expect(rejected.status == 401)
            #expect(rejected.bodyString.contains("auth_required"))

            let noKey = WebSocketClient.handshakeHeaders().filter { $0.0 != "Sec-WebSocket-Key" }
            #expect(try await WebSocketClient.rawHandshake(port: server.port, path: "/echo", headers: noKey).status == 400)
            let badVersion = WebSocketClient.handshakeHeaders().map { $0.0 == "Sec-WebSocket-Version" ? ($0.0, "8") : $0 }
            #expect(try await WebSocketClient.rawHandshake(port: server.port, path: "/echo", headers: badVersion).status == 400)
            #expect(try await server.client.get("/echo").status == 426)
        }
    }

    @Test func hubSendsToGroupsAndEveryone() async throws {
        try await withLiveServer(Self.router()) { server in
            await RoomRegistry.shared.set(server.server.hub)
            let a = try await WebSocketClient.connect(port: server.port, path: "/rooms/r1")
            let b = try await WebSocketClient.connect(port: server.port, path: "/rooms/r1")
            let c = try await WebSocketClient.connect(port: server.port, path: "/rooms/r2")
            for ws in [a, b] {
                try await ws.send(text: "join")
                #expect(try await ws.receiveText() == "joined")
            }
            try await c.send(text: "join")
            #expect(try await c.receiveText() == "joined")
            #expect(server.server.hub.count(inGroup: "r1") == 2)
            #expect(server.server.hub.send("to r1", toGroup: "r1") == 2)
            #expect(try await a.receiveText() == "to r1")
            #expect(try await b.receiveText() == "to r1")
            #expect(server.server.hub.broadcast("all") == 3)
            for ws in [a, b, c] { #expect(try await ws.receiveText() == "all") }
            a.disconnectAbruptly()
            var waited = 0
            while server.server.hub.count(inGroup: "r1") != 1 && waited < 400 {
                try await Task.sleep(for: .milliseconds(20))
                waited += 1
            }
            #expect(server.server.hub.count(inGroup: "r1") == 1)
        }
    }

    @Test func framesSentRightAfterTheHandshakeAreNotLost() async throws {
        try await withLiveServer(Self.router()) { server in
            for _ in 0..<20 {
                let ws = try await WebSocketClient.connect(port: server.port, path: "/echo")
                try await ws.send(text: "first")
                #expect(try await ws.receive() == .text("first"))
            }
        }
    }

    @Test func thousandIdleConnectionsWithFlatMemory() async throws {
        let configuration = LiveServer.testConfiguration { $0.connectionLimit = 4000 }
        try await withLiveServer(Self.router(), configuration: configuration) { server in
            var clients: [WebSocketClient] = []
            clients.reserveCapacity(1000)
            for _ in 0..<100 { clients.append(try await WebSocketClient.connect(port: server.port, path: "/echo")) }
            let afterHundred = ProcessMemory.residentBytes()
            for _ in 100..<1000 { clients.append(try await WebSocketClient.connect(port: server.port, path: "/echo")) }
            var waited = 0
            while server.server.hub.connectionCount < 1000 && waited < 200 {
                try await Task.sleep(for: .milliseconds(20))
                waited += 1
            }
            #expect(server.server.hub.connectionCount == 1000)
            let afterThousand = ProcessMemory.residentBytes()
            // Held idle for a while, memory must not creep.
            try await Task.sleep(for: .seconds(1))
            let later = ProcessMemory.residentBytes()
            let perConnection = (afterThousand - afterHundred) / 900
            #expect(perConnection < 64 * 1024, "\(perConnection) bytes per idle connection (client and server together)")
            #expect(later - afterThousand < 8 * 1024 * 1024, "grew \(later - afterThousand) bytes while idle")
            // Every one of them still answers.
            for ws in clients.prefix(1000).enumerated().filter({ $0.offset % 100 == 0 }).map(\.element) {
                try await ws.send(text: "still here")
                #expect(try await ws.receive() == .text("still here"))
            }
        }
    }
}

/// Resident memory of this process, from /proc.
enum ProcessMemory {
    static func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let kb = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
            return kb * 1024
        }
        return 0
    }
}
