import Foundation
import HTTPServer
import Jarvis

/// `WS /ws`: the live event stream. Every domain event goes out as one JSON text frame
/// (`story.created`, `story.updated` with `storyId` + `signalScore` + `sourceCount`,
/// `story.stale`, `feed.health`); the server sends `{"type":"ping"}` every 30 s and drops a
/// client that has not answered `{"type":"pong"}` (or sent anything) for 75 s.
struct LiveEventRoutes {
    let context: JarvisContext

    struct EventDTO: Encodable {
        let type: String
        var storyId: String?
        var signalScore: Int?
        var sourceCount: Int?
        var feedId: String?
        var health: String?
        var failureCount: Int?
    }

    /// The keep-alive's ping; the app answers `{"type":"pong"}`.
    static let ping = #"{"type":"ping"}"#

    static let encoder = WireJSONEncoder(dateStyle: .iso8601Seconds, omitNilKeys: true)

    /// The event's frame; nil for internal events live clients are not sent.
    static func frame(_ event: JarvisEvent) -> String? {
        let dto: EventDTO
        switch event {
        case .storyRevised:
            return nil
        case .storyCreated(let storyId):
            dto = EventDTO(type: "story.created", storyId: storyId)
        case .storyUpdated(let storyId, let signalScore, let sourceCount):
            dto = EventDTO(type: "story.updated", storyId: storyId, signalScore: signalScore, sourceCount: sourceCount)
        case .storyStale(let storyId):
            dto = EventDTO(type: "story.stale", storyId: storyId)
        case .feedHealth(let feedId, let health, let failureCount):
            dto = EventDTO(type: "feed.health", feedId: feedId, health: health.rawValue, failureCount: failureCount)
        }
        return String(decoding: (try? encoder.encode(dto)) ?? Data(), as: UTF8.self)
    }

    func register(on router: inout Router) {
        let context = context
        router.webSocket("/ws") { _ in
            WebSocketUpgrade(maxMessageBytes: 4096, sendQueueLimitBytes: 1 << 20) { connection in
                await Self.serve(connection, context: context)
            }
        }
    }

    static func serve(_ connection: WebSocketConnection, context: JarvisContext) async {
        let events = context.events.subscribe()
        let lastHeard = LastHeard()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in events {
                    guard let text = frame(event) else { continue }
                    guard connection.send(text: text) else { break }
                }
            }
            group.addTask { await context.keepAlive.run(on: connection, lastHeard: lastHeard) }
            group.addTask {
                // Any frame from the client proves it is alive; `pong` is what the app sends.
                for await _ in connection.messages { lastHeard.touch() }
            }
            await group.next()
            group.cancelAll()
        }
    }
}
