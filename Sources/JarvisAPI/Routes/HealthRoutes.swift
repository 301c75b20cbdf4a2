import Foundation
import HTTPServer
import Jarvis

/// `GET /health` → `ServerHealth`.
struct HealthRoutes {
    let context: JarvisContext

    func register(on router: inout Router) {
        let context = context
        router.get("/health") { _ in
            let stories = try await context.articles.storyCount()
            let feeds = try await context.feeds.count()
            let uptime = max(0, Int(context.clock().timeIntervalSince(context.startedAt)))
            return try JarvisWire.json(
                ServerHealthDTO(
                    status: "ok", version: JarvisApplication.version, storiesCount: stories,
                    feedsCount: feeds, uptime: uptime))
        }
    }
}
