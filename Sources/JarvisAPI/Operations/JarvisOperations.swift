import Foundation
import HTTPServer
import Jarvis
import Metrics
import SQLStore

extension JarvisApplication {
    /// Probes and metrics for this application's server: ready when the database answers, its
    /// schema is migrated and the story engines are loaded; `/metrics` adds feeds by health,
    /// stories and articles (read from the database at scrape time) to the pipeline's counters.
    /// `apiDescription`: the OpenAPI document's path (default: `openapi.json` in the resources directory).
    public func operations(registry: MetricsRegistry = .process, apiDescription: String? = nil) -> Operations {
        JarvisMetrics.declare()
        let readiness = ReadinessChecks()
        let database = database
        readiness.register("database") { try await database.checkReachable() }
        readiness.register("migrations") { try await database.checkMigrated(JarvisSchema.migrations) }
        let storiesLoaded = storyService != nil
        readiness.register("models") {
            if !storiesLoaded { throw NotReady("story engines (topic model, clustering) not loaded") }
        }
        let feeds = feeds
        let articles = articles
        registry.reading("jarvis_feeds", help: "Feeds by health.") {
            guard let all = try? await feeds.all() else { return [] }
            return FeedHealth.allCases.map { health in
                MetricsRegistry.Reading(Double(all.count { $0.health == health }), labels: ["health": health.rawValue])
            }
        }
        registry.reading("jarvis_stories", help: "Live stories (not merged, not stale).") {
            (try? await articles.storyCount()).map { [MetricsRegistry.Reading(Double($0))] } ?? []
        }
        registry.reading("jarvis_articles", help: "Articles stored.") {
            (try? await articles.count()).map { [MetricsRegistry.Reading(Double($0))] } ?? []
        }
        let resources = settings.resourcesDirectory ?? FileManager.default.currentDirectoryPath + "/Resources/jarvis"
        let document = FileManager.default.contents(atPath: apiDescription ?? resources + "/openapi.json")
        return Operations(readiness: readiness, registry: registry, apiDescription: document)
    }
}
