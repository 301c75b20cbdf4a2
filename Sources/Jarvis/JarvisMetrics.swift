import Metrics

/// The news pipeline's own figures for `/metrics` (the HTTP layer adds per-route ones). Counts kept
/// in the database (feeds by health, stories) are read at scrape time by the API layer.
public enum JarvisMetrics {
    static let registry = MetricsRegistry.process

    /// One counter per poll outcome; HTTP failures share one label so the series stay few.
    static func poll(outcome: String) -> Counter {
        let label = outcome.hasPrefix("http_") ? "http_error" : outcome
        return switch label {
        case "fetched": polledFetched
        case "not_modified": polledNotModified
        case "unparseable": polledUnparseable
        case "http_error": polledHTTPError
        default: polledFailed
        }
    }

    private static func polls(_ outcome: String) -> Counter {
        registry.counter("jarvis_polls_total", help: "Feed polls by outcome.", labels: ["outcome": outcome])
    }

    static let polledFetched = polls("fetched")
    static let polledNotModified = polls("not_modified")
    static let polledUnparseable = polls("unparseable")
    static let polledHTTPError = polls("http_error")
    static let polledFailed = polls("failed")

    static let articlesIngested = registry.counter("jarvis_articles_ingested_total", help: "New articles stored from polls.")
    static let articlesUpdated = registry.counter("jarvis_articles_updated_total", help: "Stored articles whose content changed.")
    /// Features for a batch: the sentence encoder's forward pass is most of it.
    static let encoderSeconds = registry.histogram(
        "jarvis_encoder_seconds",
        help: "Feature extraction (sentence encoder) per clustering batch.")
    static let clusteringSeconds = registry.histogram(
        "jarvis_clustering_seconds", help: "Clustering decisions, their storage and story re-analysis per batch.")
    static let clusteredArticles = registry.counter("jarvis_clustered_articles_total", help: "Articles placed in a story.")

    /// 1 while the clustering index is rebuilt in the background after start-up (ingestion waits).
    static let clusteringIndexRestoring = registry.gauge(
        "jarvis_clustering_index_restoring", help: "Clustering index rebuilds running (ingestion waits for them).")

    /// Creates every family now (statics are lazy), so a scrape lists them at zero before any work.
    public static func declare() {
        _ = [polledFetched, polledNotModified, polledUnparseable, polledHTTPError, polledFailed]
        _ = [articlesIngested, articlesUpdated, clusteredArticles]
        _ = [encoderSeconds, clusteringSeconds]
        _ = clusteringIndexRestoring
    }
}
