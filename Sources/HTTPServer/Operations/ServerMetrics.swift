import Metrics
import Synchronization

/// The transport's own figures for `/metrics`: every route's requests by status and latency,
/// requests that matched no route (one series, whatever their path), WebSocket connections and
/// messages, requests in flight. Appended to the product registry's families on each scrape.
public final class ServerMetrics: Sendable {
    /// Requests answered before any route matched (404, 405, malformed target, refused framing).
    let unmatched = RouteStatistics(method: "ANY", pattern: "unmatched")
    private let state = Mutex<State>(State())

    struct State {
        var routes: [RouteStatistics] = []
        var webSockets: WebSocketStatistics?
        var liveWebSockets: (@Sendable () -> Int)?
        var inFlight: (@Sendable () -> Int)?
    }

    public init() {}

    func attach(
        routes: [RouteStatistics], webSockets: WebSocketStatistics, liveWebSockets: @escaping @Sendable () -> Int,
        inFlight: @escaping @Sendable () -> Int
    ) {
        state.withLock { state in
            state.routes = routes.sorted { ($0.pattern, $0.method) < ($1.pattern, $1.method) }
            state.webSockets = webSockets
            state.liveWebSockets = liveWebSockets
            state.inFlight = inFlight
        }
    }

    /// The transport's families, then the product's (`registry`).
    public func render(with registry: MetricsRegistry) async -> String {
        var text = PrometheusText()
        let current = state.withLock { $0 }
        text.family("http_requests_total", help: "Requests answered, by route pattern, method and status.", kind: .counter)
        let routes = current.routes + [unmatched]
        var histograms: [(Labels, Histogram.Snapshot)] = []
        for route in routes {
            for (status, histogram) in route.snapshot {
                let labels = Labels(ordered: [("method", route.method), ("route", route.pattern), ("status", status)])
                text.sample("http_requests_total", labels: labels, value: Double(histogram.count))
                histograms.append((labels, histogram))
            }
        }
        text.family("http_request_duration_seconds", help: "Time from request line to answer queued.", kind: .histogram)
        for (labels, histogram) in histograms { text.histogram("http_request_duration_seconds", labels: labels, histogram) }
        text.family("http_requests_in_flight", help: "Requests being received or handled.", kind: .gauge)
        text.sample("http_requests_in_flight", labels: Labels([:]), value: Double(current.inFlight?() ?? 0))
        if let webSockets = current.webSockets {
            text.family("websocket_connections", help: "Open WebSocket connections.", kind: .gauge)
            text.sample("websocket_connections", labels: Labels([:]), value: Double(current.liveWebSockets?() ?? 0))
            text.family("websocket_connections_opened_total", help: "WebSocket upgrades accepted.", kind: .counter)
            text.sample("websocket_connections_opened_total", labels: Labels([:]), value: Double(webSockets.opened.value))
            text.family("websocket_messages_total", help: "Text and binary messages, by direction.", kind: .counter)
            text.sample(
                "websocket_messages_total", labels: Labels(["direction": "received"]),
                value: Double(webSockets.received.value))
            text.sample("websocket_messages_total", labels: Labels(["direction": "sent"]), value: Double(webSockets.sent.value))
        }
        await registry.render(into: &text)
        return text.output
    }
}
