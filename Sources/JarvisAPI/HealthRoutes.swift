import Foundation
import HTTPServer

/// `GET /health` → `ServerHealth` (every key required by the app's onboarding check).
struct HealthRoutes {
    let application: JarvisApplication

    struct ServerHealth: Encodable {
        let status: String
        let version: String
        let storiesCount: Int
        let feedsCount: Int
        let uptime: Int
    }

    func register(on router: inout Router) {
        let startedAt = application.startedAt
        router.get("/health") { _ in
            try .json(ServerHealth(status: "ok", version: JarvisApplication.version, storiesCount: 0, feedsCount: 0,
                                   uptime: max(0, Int(Date().timeIntervalSince(startedAt)))))
        }
    }
}
