import Foundation
import HTTPServer
import Xoseen

/// Stage 0: `GET /ml/health` (which ranker serves, truthfully) and the server's `GET /health`.
struct CapabilityRoutes {
    let learning: LearnedServing
    let startedAt: Date

    func register(on router: inout Router) {
        let learning = learning
        let startedAt = startedAt
        router.get("/ml/health") { _ in
            // What the feed serves: the snapshot `CandidateFeed` assigns viewers from.
            let serving = learning.snapshot.status
            return try .json(
                MLHealthAnswer(
                    status: "ok", servingRanker: serving.ranker.rawValue, modelVersion: serving.modelVersion,
                    rolloutPct: serving.rolloutPct, shadow: serving.shadow))
        }
        router.get("/health") { _ in
            try .json(
                HealthAnswer(
                    status: "ok", version: XoseenApplication.version, uptime: max(0, Int(Date().timeIntervalSince(startedAt)))))
        }
    }
}
