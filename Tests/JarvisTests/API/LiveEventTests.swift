import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import JarvisAPI
import Testing

/// `WS /ws`: every event reaches the app with the fields it requires; pings flow; a client
/// that stops answering is dropped.
@Suite struct LiveEventTests {
    /// Mirror of what the app's WebSocketManager reads.
    struct IOSEvent: Decodable {
        let type: String
        let storyId: String?
        let signalScore: Int?
        let sourceCount: Int?
        let feedId: String?
        let health: IOS.FeedHealth?
        let failureCount: Int?
    }

    static func withLiveJarvis(
        ping: Duration, pongTimeout: Duration,
        _ body: (JarvisApplication, LiveServer) async throws -> Void
    ) async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var settings = JarvisApplication.Settings(dataDirectory: directory)
        settings.pingInterval = ping
        settings.pongTimeout = pongTimeout
        let application = try await JarvisApplication(settings: settings, parser: LineParser())
        defer { application.database.closeSync() }
        try await withLiveServer(application.router()) { server in try await body(application, server) }
    }

    func nextEvent(_ ws: WebSocketClient) async throws -> IOSEvent {
        while true {
            let text = try await ws.receiveText()
            let event = try IOS.decoder().decode(IOSEvent.self, from: Data(text.utf8))
            if event.type != "ping" { return event }
        }
    }

    @Test func eventsCarryTheFieldsTheAppRequires() async throws {
        try await Self.withLiveJarvis(ping: .seconds(30), pongTimeout: .seconds(75)) { application, server in
            let ws = try await WebSocketClient.connect(port: server.port, path: "/ws")
            for _ in 0..<100 where application.events.subscriberCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
            application.events.publish(.storyUpdated(storyId: "story_a", signalScore: 77, sourceCount: 4))
            application.events.publish(.storyCreated(storyId: "story_b"))
            application.events.publish(.storyStale(storyId: "story_c"))
            application.events.publish(.feedHealth(feedId: "feed_d", health: .failing, failureCount: 3))
            let updated = try await nextEvent(ws)
            #expect(updated.type == "story.updated")
            #expect(updated.storyId == "story_a" && updated.signalScore == 77 && updated.sourceCount == 4)
            let created = try await nextEvent(ws)
            #expect(created.type == "story.created")
            let stale = try await nextEvent(ws)
            #expect(stale.type == "story.stale" && stale.storyId == "story_c")
            let health = try await nextEvent(ws)
            #expect(
                health.type == "feed.health" && health.feedId == "feed_d" && health.health == .failing && health.failureCount == 3
            )
        }
    }

    @Test func pingsAreSentAndSilentClientsDropped() async throws {
        try await Self.withLiveJarvis(ping: .milliseconds(200), pongTimeout: .milliseconds(2500)) { application, server in
            let answering = try await WebSocketClient.connect(port: server.port, path: "/ws")
            let silent = try await WebSocketClient.connect(port: server.port, path: "/ws")
            // Five pings at a 200 ms interval take a second; the deadline is generous because a
            // loaded machine delays timers, and what is checked is that pings keep coming.
            var pings = 0
            let deadline = ContinuousClock.now + .seconds(20)
            while pings < 5, ContinuousClock.now < deadline {
                if try await answering.receiveText() == #"{"type":"ping"}"# {
                    pings += 1
                    try await answering.send(text: #"{"type":"pong"}"#)
                }
            }
            #expect(pings == 5)
            var closed = false
            while !closed {
                switch try await silent.receive(timeout: .seconds(8)) {
                case .close(let code, let reason):
                    #expect(code == 1001)
                    #expect(reason == "no pong")
                    closed = true
                default: continue
                }
            }
            try await answering.send(text: #"{"type":"pong"}"#)
            #expect(try await answering.receiveText() == #"{"type":"ping"}"#, "the answering client is still served")
            _ = application
        }
    }
}
