import Foundation
import HTTPServer
import Xoseen

/// Stage 0: `GET /ml/health` (which ranker serves, truthfully) and the server's `GET /health`.
struct CapabilityRoutes {
    let learning: LearnedServing
    let startedAt: Date

    struct MLHealth: Encodable {
        let status: String
        let servingRanker: String
        let modelVersion: String
        let rolloutPct: Double
        let shadow: Bool
    }

    struct Health: Encodable {
        let status: String
        let version: String
        let uptime: Int
    }

    func register(on router: inout Router) {
        let learning = learning, startedAt = startedAt
        router.get("/ml/health") { _ in
            // What the feed serves: the snapshot `CandidateFeed` assigns viewers from.
            let serving = learning.snapshot.status
            return try .json(MLHealth(status: "ok", servingRanker: serving.ranker.rawValue, modelVersion: serving.modelVersion,
                               rolloutPct: serving.rolloutPct, shadow: serving.shadow))
        }
        router.get("/health") { _ in
            try .json(Health(status: "ok", version: XoseenApplication.version, uptime: max(0, Int(Date().timeIntervalSince(startedAt)))))
        }
    }
}
