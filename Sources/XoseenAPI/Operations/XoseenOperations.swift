import Foundation
import HTTPServer
import Metrics
import SQLStore
import Xoseen

extension XoseenApplication {
    /// Probes and metrics for this application's server: ready when the database answers, its
    /// schema is migrated and the verifier's face models are on disk (the safety scanner and the
    /// gazetteer are loaded before the server exists, or it does not start); `/metrics` adds the
    /// serving ranker and its rollout to the product's counters.
    /// `apiDescription`: the OpenAPI document's path (default: `openapi.json` in the resources directory).
    public func operations(registry: MetricsRegistry = .process, apiDescription: String? = nil) -> Operations {
        XoseenMetrics.declare()
        let readiness = ReadinessChecks()
        let database = database
        readiness.register("database") { try await database.checkReachable() }
        readiness.register("migrations") { try await database.checkMigrated(XoseenSchema.migrations) }
        let models = settings.modelsDirectory
        readiness.register("models") {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: models)) ?? []
            if !files.contains(where: { $0.hasSuffix(".dat") }) { throw NotReady("no face models in \(models)") }
        }
        let learning = learning
        registry.reading("xoseen_serving_model", help: "The ranker serving the feed (value 1), with its model version.") {
            let status = learning.snapshot.status
            return [MetricsRegistry.Reading(1, labels: ["ranker": status.ranker.rawValue, "version": status.modelVersion])]
        }
        registry.reading("xoseen_rollout_ratio", help: "Share of viewers the learned model serves (0-1).") {
            [MetricsRegistry.Reading(learning.snapshot.status.rolloutPct)]
        }
        registry.reading("xoseen_shadow_scoring", help: "1 when the learned model scores in shadow beside the served ranker.") {
            [MetricsRegistry.Reading(learning.snapshot.status.shadow ? 1 : 0)]
        }
        let document = FileManager.default.contents(atPath: apiDescription ?? settings.resourcesDirectory + "/openapi.json")
        return Operations(readiness: readiness, registry: registry, apiDescription: document)
    }
}
