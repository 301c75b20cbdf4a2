import Foundation
import HTTPTesting
import Testing
import XoseenAPI

@testable import Xoseen

/// The learned ranker through the real server: promotion, rollout buckets, shadow mode,
/// rollback, and a corrupt stored model falling back to the rules.
@Suite(.serialized) struct LearnedServingTests {
    func json(_ response: RawHTTPResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
    }

    func rank(_ server: LiveServer, _ viewer: String) async throws -> [(String, Double)] {
        let body = Array(try JSONSerialization.data(withJSONObject: ["viewerId": viewer, "limit": 20]))
        let answer = try json(try await server.client.post("/ml/rank", body: body, contentType: "application/json"))
        return (answer["candidates"] as? [[String: Any]] ?? []).map {
            ($0["candidateId"] as? String ?? "", $0["score"] as? Double ?? -1)
        }
    }

    @Test func promotionRolloutShadowRollbackAndACorruptFile() async throws {
        try await CoreLoopTests.withSeeded { application, server in
            let known = try await application.profiles.viewers().map(\.id).filter { $0.hasPrefix("usr_") }.prefix(60)
            #expect(known.count == 60)
            let registry = application.learning.registry
            var viewer = known.first!
            for id in known where try await rank(server, id).count >= 5 {
                viewer = id
                break
            }
            let rules = try await rank(server, viewer)
            #expect(rules.count >= 5)

            // Shadow before any promotion: nothing served changes; both scores are logged.
            let first = try await application.training.run(at: Date(), promote: false)
            #expect(first.version == "v0001")
            try await registry.promote("v0001", rolloutPct: 0, at: Date())
            try await registry.setShadow(true, at: Date())
            await application.learning.refresh()
            let health0 = try json(try await server.client.get("/ml/health"))
            #expect(health0["servingRanker"] as? String == "rule_based" && health0["shadow"] as? Bool == true)
            let shadowed = try await rank(server, viewer)
            #expect(
                shadowed.map(\.0) == rules.map(\.0) && shadowed.map(\.1) == rules.map(\.1), "shadow mode changes nothing served")
            let logged = try await application.database.read {
                try $0.scalar(Int.self, "SELECT COUNT(*) FROM shadow_scores") ?? 0
            }
            #expect(logged == shadowed.count)

            // Everyone on the model: /ml/health says so, scores move, explain uses the same ranker.
            try await registry.promote("v0001", rolloutPct: 1, at: Date())
            await application.learning.refresh()
            let health1 = try json(try await server.client.get("/ml/health"))
            #expect(health1["servingRanker"] as? String == "learned" && health1["modelVersion"] as? String == "v0001")
            let learned = try await rank(server, viewer)
            #expect(learned.map(\.1) != rules.map(\.1))
            let scores = learned.map(\.1)
            #expect(scores.allSatisfy { $0 > 0 && $0 < 0.99 })
            if let top = learned.first {
                let body = Array(try JSONSerialization.data(withJSONObject: ["viewerId": viewer, "candidateId": top.0]))
                let explain = try json(try await server.client.post("/ml/explain", body: body, contentType: "application/json"))
                let final = (explain["breakdown"] as? [String: Double])?["final"] ?? -1
                #expect(abs(final - top.1) < 1e-3, "explain uses the ranker that served the viewer")
            }
            let weights = try json(try await server.client.get("/ml/weights"))
            #expect((weights["learned"] as? [String: Any])?["modelVersion"] as? String == "v0001")

            // A half rollout: buckets are stable, and about half the viewers are on each side.
            try await registry.setRollout(0.5, at: Date())
            await application.learning.refresh()
            #expect(try json(try await server.client.get("/ml/health"))["servingRanker"] as? String == "rollout")
            let sides = known.map { application.learning.assignment(for: $0) }.map { if case .learned = $0 { 1 } else { 0 } }
            let again = known.map { application.learning.assignment(for: $0) }.map { if case .learned = $0 { 1 } else { 0 } }
            #expect(sides == again, "a viewer stays in its bucket")
            #expect((10...50).contains(sides.reduce(0, +)), "\(sides.reduce(0, +)) of \(known.count)")

            // A stored model corrupted after promotion: the rules serve, /ml/health tells the truth, nothing fails.
            let second = try await application.training.run(at: Date(), promote: false)
            #expect(second.version == "v0002")
            try await registry.promote("v0002", rolloutPct: 1, at: Date())
            try await application.database.write {
                try $0.execute("UPDATE ml_models SET model_json = '{ not json' WHERE version = 'v0002'")
            }
            await application.learning.refresh()
            #expect(try json(try await server.client.get("/ml/health"))["servingRanker"] as? String == "rule_based")
            #expect(try await rank(server, viewer).map(\.1) == rules.map(\.1))

            // Rollback to the good version.
            try await registry.promote("v0001", rolloutPct: 1, action: "rollback", at: Date())
            await application.learning.refresh()
            let health2 = try json(try await server.client.get("/ml/health"))
            #expect(health2["servingRanker"] as? String == "learned" && health2["modelVersion"] as? String == "v0001")

            // The store holds the model: the operators' file copy gone changes nothing served.
            try FileManager.default.removeItem(atPath: application.settings.dataDirectory + "/models/v0001.json")
            #expect(try await registry.load("v0001").version == "v0001")

            // A row registered before the store kept model bytes is read from its file once, then from the store.
            let file = try await registry.load("v0001")
            try JSONEncoder().encode(file).write(
                to: URL(fileURLWithPath: application.settings.dataDirectory + "/models/v0001.json"))
            try await application.database.write {
                try $0.execute("UPDATE ml_models SET model_json = NULL WHERE version = 'v0001'")
            }
            #expect(try await registry.load("v0001") == file)
            try FileManager.default.removeItem(atPath: application.settings.dataDirectory + "/models/v0001.json")
            #expect(try await registry.load("v0001") == file, "the legacy file's bytes were stored on first load")
        }
    }
}
