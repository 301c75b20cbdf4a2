import Foundation
import HTTPServer
import HTTPTesting
import Testing

/// `WebSocketKeepAlive` through the real server over a real socket, as both products' sockets
/// use it: a client that never answers is closed with 1001 "no pong"; one that answers stays.
@Suite(.serialized) struct WebSocketKeepAliveLiveTests {
    static let keepAlive = WebSocketKeepAlive(pingInterval: .milliseconds(100), pongTimeout: .milliseconds(1500), ping: "ping")

    /// A session shaped like the products': the keep-alive beside a reader that notes every frame.
    static func router() -> Router {
        var router = Router()
        router.webSocket("/kept") { _ in
            WebSocketUpgrade { connection in
                let lastHeard = LastHeard()
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await keepAlive.run(on: connection, lastHeard: lastHeard) }
                    group.addTask { for await _ in connection.messages { lastHeard.touch() } }
                    await group.next()
                    group.cancelAll()
                }
            }
        }
        return router
    }

    @Test func aClientThatNeverAnswersIsClosed() async throws {
        try await withLiveServer(Self.router()) { server in
            let silent = try await WebSocketClient.connect(port: server.port, path: "/kept")
            var pings = 0
            while true {
                switch try await silent.receive(timeout: .seconds(10)) {
                case .text("ping"): pings += 1
                case .close(let code, let reason):
                    #expect(code == 1001)
                    #expect(reason == "no pong")
                    #expect(pings >= 1, "pinged before it was given up on")
                    return
                case let other: Issue.record("unexpected \(other)")
                }
            }
        }
    }

    @Test func aClientThatAnswersStaysOpen() async throws {
        try await withLiveServer(Self.router()) { server in
            let answering = try await WebSocketClient.connect(port: server.port, path: "/kept")
            let silent = try await WebSocketClient.connect(port: server.port, path: "/kept")
            let answerer = PingAnswerer(answering, ping: "ping", pong: "pong")
            // The silent one beside it is closed after one pong timeout…
            var silentClosed = false
            while !silentClosed {
                if case .close(let code, _) = try await silent.receive(timeout: .seconds(10)) {
                    #expect(code == 1001)
                    silentClosed = true
                }
            }
            // …while the answering one outlives several more (timers run late on a loaded machine,
            // so time is counted in pings received, not in seconds).
            let start = answerer.pings
            #expect(await answerer.waitFor(pings: start + 20), "still pinged (\(answerer.pings - start) more)")
            #expect(!answerer.isClosed, "the answering client was closed")
        }
    }
}
