import Foundation
import HTTPServer
import HTTPTesting
import Metrics
import Synchronization
import Testing

/// `/livez`, `/readyz` and `/metrics` through the real server.
@Suite(.serialized) struct OperationsLiveTests {
    static func router() -> Router {
        var router = Router()
        router.get("/items/{id}") { request in .text(try request.parameter("id")) }
        router.post("/items") { _ in throw HTTPError(.conflict, code: "taken", message: "Taken.") }
        router.webSocket("/echo") { _ in
            WebSocketUpgrade { connection in
                for await message in connection.messages {
                    if case .text(let text) = message { connection.send(text: text) }
                }
            }
        }
        return router
    }

    /// One sample's value from the text format (labels written exactly as the server orders them).
    static func value(_ text: String, _ series: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1))
        }
        return nil
    }

    @Test func livenessAnswersWithoutChecks() async throws {
        try await withLiveServer(Self.router()) { server in
            let response = try await server.client.get("/livez")
            #expect(response.status == 200)
            #expect(response.bodyString == #"{"status":"ok"}"#)
        }
    }

    @Test func readinessNamesTheFailingCheckAndRecovers() async throws {
        let healthy = Flag()
        let readiness = ReadinessChecks(timeout: .milliseconds(300))
        readiness.register("database") {}
        readiness.register("redis") { if !healthy.isSet { throw NotReady("connection refused") } }
        readiness.register("hung") { if !healthy.isSet { try await Task.sleep(for: .seconds(30)) } }
        let configuration = LiveServer.testConfiguration {
            $0.operations = Operations(readiness: readiness, registry: MetricsRegistry())
        }
        try await withLiveServer(Self.router(), configuration: configuration) { server in
            let failing = try await server.client.get("/readyz")
            #expect(failing.status == 503)
            let body = try JSONSerialization.jsonObject(with: Data(failing.body)) as? [String: Any]
            let checks = body?["checks"] as? [String: String]
            #expect(body?["status"] as? String == "not_ready")
            #expect(checks?["database"] == "ok")
            #expect(checks?["redis"] == "connection refused")
            #expect(checks?["hung"]?.hasPrefix("no answer within") == true)
            healthy.set()
            let ready = try await server.client.get("/readyz")
            #expect(ready.status == 200)
            #expect(ready.bodyString.contains(#""status":"ready""#))
        }
    }

    @Test func metricsCountByRoutePatternStatusAndWebSocket() async throws {
        let registry = MetricsRegistry()
        let polls = registry.counter("demo_polls_total", help: "Polls.", labels: ["outcome": "fetched"])
        registry.reading("demo_rows", help: "Rows.") { [MetricsRegistry.Reading(7)] }
        let configuration = LiveServer.testConfiguration { $0.operations = Operations(registry: registry) }
        try await withLiveServer(Self.router(), configuration: configuration) { server in
            for id in ["1", "2", "3"] { #expect(try await server.client.get("/items/\(id)").status == 200) }
            #expect(try await server.client.post("/items", body: []).status == 409)
            #expect(try await server.client.get("/nowhere/\(UUID().uuidString)").status == 404)
            let ws = try await WebSocketClient.connect(port: server.port, path: "/echo")
            try await ws.send(text: "hi")
            #expect(try await ws.receiveText() == "hi")
            polls.increment(by: 2)

            let response = try await server.client.get("/metrics")
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"]?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = response.bodyString
            // One series for the pattern, whatever the ids were.
            #expect(Self.value(text, #"http_requests_total{method="GET",route="/items/{id}",status="200"}"#) == 3)
            #expect(Self.value(text, #"http_requests_total{method="POST",route="/items",status="409"}"#) == 1)
            #expect(Self.value(text, #"http_requests_total{method="ANY",route="unmatched",status="404"}"#) == 1)
            #expect(!text.contains("/nowhere"))
            #expect(Self.value(text, #"http_request_duration_seconds_count{method="GET",route="/items/{id}",status="200"}"#) == 3)
            #expect(
                Self.value(
                    text, #"http_request_duration_seconds_bucket{method="GET",route="/items/{id}",status="200",le="+Inf"}"#) == 3)
            #expect(Self.value(text, #"http_requests_total{method="GET",route="/echo",status="101"}"#) == 1)
            #expect(Self.value(text, "websocket_connections") == 1)
            #expect(Self.value(text, #"websocket_messages_total{direction="received"}"#) == 1)
            #expect(Self.value(text, #"websocket_messages_total{direction="sent"}"#) == 1)
            #expect(Self.value(text, #"demo_polls_total{outcome="fetched"}"#) == 2)
            #expect(Self.value(text, "demo_rows") == 7)
            #expect(text.contains("# TYPE http_request_duration_seconds histogram"))
            try await ws.close()
        }
    }

    @Test func metricsPortKeepsTheFiguresOffThePublicPort() async throws {
        let configuration = LiveServer.testConfiguration { $0.operations.servesMetrics = false }
        try await withLiveServer(Self.router(), configuration: configuration) { server in
            #expect(try await server.client.get("/items/9").status == 200)
            #expect(try await server.client.get("/metrics").status == 404)
            let side = server.server.metricsServer(host: "127.0.0.1", port: 0)
            try side.start()
            defer { Task { await side.shutdown() } }
            let response = try await HTTPTestClient(port: side.port ?? 0).get("/metrics")
            #expect(response.status == 200)
            #expect(Self.value(response.bodyString, #"http_requests_total{method="GET",route="/items/{id}",status="200"}"#) == 1)
        }
    }

    @Test func histogramBucketsAreCumulative() {
        let histogram = Histogram(bounds: [0.01, 0.1, 1])
        histogram.observe(seconds: 0.005)
        histogram.observe(seconds: 0.05)
        histogram.observe(seconds: 0.05)
        histogram.observe(seconds: 5)
        let snapshot = histogram.snapshot
        #expect(snapshot.cumulative == [1, 3, 3, 4])
        #expect(abs(snapshot.sumSeconds - 5.105) < 1e-6)
        var text = PrometheusText()
        text.histogram("t", labels: Labels(["a": "x\"y"]), snapshot)
        #expect(text.output.contains(#"t_bucket{a="x\"y",le="0.1"} 3"#))
        #expect(text.output.contains(#"t_bucket{a="x\"y",le="+Inf"} 4"#))
    }
}

/// A flag a test flips while the server's checks read it.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
}
