import Foundation
import HTTPServer
import HTTPTesting
import Testing

/// Graceful shutdown: in-flight requests finish, WebSockets get 1001, new connections are refused.
@Suite struct ShutdownLiveTests {
    @Test(.timeLimit(.minutes(1))) func inFlightRequestsFinishAndSocketsGet1001() async throws {
        // The handler says when it has started, so the shutdown begins with the request truly in flight
        // (a fixed pause lost that race on a loaded machine).
        let (started, handlerStarted) = AsyncStream.makeStream(of: Void.self)
        var router = Router()
        router.get("/slow") { _ in
            handlerStarted.yield()
            try await Task.sleep(for: .milliseconds(500))
            return .text("finished")
        }
        router.webSocket("/ws") { _ in WebSocketUpgrade { connection in for await _ in connection.messages {} } }
        let server = HTTPServer(router: router, configuration: LiveServer.testConfiguration())
        try server.start()
        let port = try #require(server.port)
        let ws = try await WebSocketClient.connect(port: port, path: "/ws")

        let slow = Task { try await HTTPTestClient(port: port).get("/slow") }
        var begun = started.makeAsyncIterator()
        _ = await begun.next()
        #expect(server.requestsInFlight >= 1, "the slow request is in flight (an upgraded socket may count until it closes)")
        let stopping = Task { await server.shutdown() }

        #expect(try await ws.receive() == .close(code: 1001, reason: "server shutting down"))
        let response = try await slow.value
        #expect(response.status == 200)
        #expect(response.bodyString == "finished")
        await stopping.value
        await #expect(throws: (any Error).self) { try await HTTPTestClient(port: port, timeout: .seconds(1)).get("/slow") }
    }
}
