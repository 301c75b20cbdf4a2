import Foundation
import HTTPServer
import Jarvis
import Logging
import SQLStore

/// What the routes share: the stores, the event bus, the clock and the settings.
struct JarvisContext: Sendable {
    let feeds: FeedStore
    let articles: ArticleStore
    let stories: StoryStore
    let events: JarvisEventBus
    let allowPrivateFeedAddresses: Bool
    let startedAt: Date
    let clock: @Sendable () -> Date
    /// The live stream's pings and the silence after which a client is dropped.
    let keepAlive: WebSocketKeepAlive
    /// Feed writes need `Authorization: Bearer <adminToken>` when set.
    let adminToken: String?
    let feedCaps: FeedStore.Caps
    let logger = Logger(label: "jarvis")
    /// First pages of `GET /stories`, emptied by story events.
    let storyPages = StoryPageCache()

    /// Midnight UTC of the current day (the app's "today" for `articleCountToday`).
    func startOfToday() -> Date {
        let seconds = clock().timeIntervalSince1970
        return Date(timeIntervalSince1970: (seconds / 86_400).rounded(.down) * 86_400)
    }
}
