import Foundation
import Metrics

/// What the server says about itself to an operator, on every server built on this core:
///
/// - `GET /livez`: 200 while the process serves requests at all (restart it when this fails).
/// - `GET /readyz`: 200 when every readiness check passes, else 503; the body names each check's
///   verdict (send traffic elsewhere meanwhile).
/// - `GET /metrics`: the Prometheus text format (transport figures, then the product's), unless
///   `servesMetrics` is off because a separate metrics port serves it.
/// - `GET /openapi.json`: the product's API description, when it has one.
public struct Operations: Sendable {
    public var readiness: ReadinessChecks
    public var registry: MetricsRegistry
    /// False when `/metrics` is served on its own port instead (`--metrics-port`).
    public var servesMetrics: Bool
    /// The OpenAPI document served at `/openapi.json` (nil: no such route).
    public var apiDescription: Data?

    public init(
        readiness: ReadinessChecks = ReadinessChecks(), registry: MetricsRegistry = .process, servesMetrics: Bool = true,
        apiDescription: Data? = nil
    ) {
        self.readiness = readiness
        self.registry = registry
        self.servesMetrics = servesMetrics
        self.apiDescription = apiDescription
    }
}

struct OperationsRoutes {
    let operations: Operations
    let metrics: ServerMetrics

    func register(on router: inout Router) {
        router.get("/livez") { _ in Response.json(bytes: Data(#"{"status":"ok"}"#.utf8)) }
        let readiness = operations.readiness
        router.get("/readyz") { _ in
            let verdicts = await readiness.evaluate()
            let ready = verdicts.allSatisfy { $0.failure == nil }
            var checks: [String: String] = [:]
            for verdict in verdicts { checks[verdict.name] = verdict.failure ?? "ok" }
            let body = try JSONSerialization.data(
                withJSONObject: ["status": ready ? "ready" : "not_ready", "checks": checks],
                options: [.sortedKeys])
            return Response.json(bytes: body, status: ready ? .ok : .serviceUnavailable)
        }
        if operations.servesMetrics { Self.registerMetrics(on: &router, metrics: metrics, registry: operations.registry) }
        if let document = operations.apiDescription {
            router.get("/openapi.json") { _ in Response.json(bytes: document) }
        }
    }

    static func registerMetrics(on router: inout Router, metrics: ServerMetrics, registry: MetricsRegistry) {
        router.get("/metrics") { _ in
            let text = await metrics.render(with: registry)
            return Response(status: .ok, headers: ["Content-Type": PrometheusText.contentType], body: .bytes(Data(text.utf8)))
        }
    }
}
