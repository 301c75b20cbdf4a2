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
        // The pong timeout is generous: the answering client's task shares two cooperative threads with
        // every other test of the run, and on a loaded machine its pongs have arrived 2.5 s late.
        try await Self.withLiveJarvis(ping: .milliseconds(200), pongTimeout: .seconds(6)) { application, server in
            let answering = try await WebSocketClient.connect(port: server.port, path: "/ws")
            let silent = try await WebSocketClient.connect(port: server.port, path: "/ws")
            // The answering client answers every ping for the whole test, beside the waits below.
            let answerer = PingAnswerer(answering, ping: #"{"type":"ping"}"#, pong: #"{"type":"pong"}"#)
            #expect(await answerer.waitFor(pings: 5), "five pings at a 200 ms interval")
            var close: (UInt16, String)?
            let closeDeadline = ContinuousClock.now + .seconds(30)
            while close == nil, ContinuousClock.now < closeDeadline {
                if case .close(let code, let reason) = try await silent.receive(timeout: .seconds(30)) { close = (code, reason) }
            }
            #expect(close?.0 == 1001)
            #expect(close?.1 == "no pong")
            #expect(await answerer.waitFor(pings: answerer.pings + 3), "the answering client is still served")
            #expect(!answerer.isClosed)
            _ = application
        }
    }
}
