/// `GET /ml/health`: which ranker serves the feed, truthfully.
struct MLHealthAnswer: Encodable {
    let status: String
    let servingRanker: String
    let modelVersion: String
    let rolloutPct: Double
    let shadow: Bool
}

/// `GET /health`: the server's liveness and version.
struct HealthAnswer: Encodable {
    let status: String
    let version: String
    let uptime: Int
}
