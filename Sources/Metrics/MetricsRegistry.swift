import Synchronization

/// Named metric families and their labelled series. Asking twice for the same name and labels gives the
/// same series, so a component can look its counters up once at start and hold them.
///
/// `process` is the registry product code records into (one process serves one product); the HTTP layer
/// keeps its per-route figures itself and appends them to the same scrape.
public final class MetricsRegistry: Sendable {
    public static let process = MetricsRegistry()

    public enum Kind: String, Sendable { case counter, gauge, histogram }

    /// One figure read at scrape time (a row count, a model version).
    public struct Reading: Sendable {
        public var labels: [String: String]
        public var value: Double
        public init(_ value: Double, labels: [String: String] = [:]) {
            self.value = value
            self.labels = labels
        }
    }

    private enum Series: @unchecked Sendable {
        case counter(Counter)
        case gauge(Gauge)
        case histogram(Histogram)
    }

    private struct Family {
        let help: String
        let kind: Kind
        var series: [Labels: Series] = [:]
        var reader: (@Sendable () async -> [Reading])?
    }

    private let families = Mutex<[String: Family]>([:])

    public init() {}

    public func counter(_ name: String, help: String, labels: [String: String] = [:]) -> Counter {
        guard case .counter(let counter) = series(name, help: help, kind: .counter, labels: labels, make: { .counter(Counter()) })
        else { preconditionFailure("\(name) is not a counter") }
        return counter
    }

    public func gauge(_ name: String, help: String, labels: [String: String] = [:]) -> Gauge {
        guard case .gauge(let gauge) = series(name, help: help, kind: .gauge, labels: labels, make: { .gauge(Gauge()) })
        else { preconditionFailure("\(name) is not a gauge") }
        return gauge
    }

    public func histogram(
        _ name: String, help: String, labels: [String: String] = [:],
        bounds: [Double] = Histogram.workBounds
    ) -> Histogram {
        guard
            case .histogram(let histogram) = series(
                name, help: help, kind: .histogram, labels: labels,
                make: { .histogram(Histogram(bounds: bounds)) })
        else { preconditionFailure("\(name) is not a histogram") }
        return histogram
    }

    /// A family whose values are read when scraped (counts kept in the database, the serving model).
    /// A second registration under the same name replaces the first (the newest application wins).
    public func reading(_ name: String, help: String, kind: Kind = .gauge, read: @escaping @Sendable () async -> [Reading]) {
        families.withLock { families in
            families[name] = Family(help: help, kind: kind, reader: read)
        }
    }

    private func series(_ name: String, help: String, kind: Kind, labels: [String: String], make: () -> Series) -> Series {
        let key = Labels(labels)
        return families.withLock { families in
            var family = families[name] ?? Family(help: help, kind: kind)
            precondition(family.kind == kind, "\(name) was registered as a \(family.kind.rawValue)")
            if let existing = family.series[key] { return existing }
            let created = make()
            family.series[key] = created
            families[name] = family
            return created
        }
    }

    /// Every family in the Prometheus text format, names in order.
    public func render(into text: inout PrometheusText) async {
        let snapshot = families.withLock { $0 }
        for name in snapshot.keys.sorted() {
            let family = snapshot[name]!
            text.family(name, help: family.help, kind: family.kind)
            if let reader = family.reader {
                for reading in await reader() { text.sample(name, labels: Labels(reading.labels), value: reading.value) }
            }
            for (labels, series) in family.series.sorted(by: { $0.key < $1.key }) {
                switch series {
                case .counter(let counter): text.sample(name, labels: labels, value: Double(counter.value))
                case .gauge(let gauge): text.sample(name, labels: labels, value: Double(gauge.value))
                case .histogram(let histogram): text.histogram(name, labels: labels, histogram.snapshot)
                }
            }
        }
    }
}

/// A label set in a fixed order (sorted by name), so equal sets are one series.
public struct Labels: Hashable, Sendable, Comparable {
    public let pairs: [(String, String)]

    public init(_ labels: [String: String]) {
        pairs = labels.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    public init(ordered pairs: [(String, String)]) { self.pairs = pairs }

    public static func == (a: Labels, b: Labels) -> Bool {
        a.pairs.count == b.pairs.count && zip(a.pairs, b.pairs).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    public func hash(into hasher: inout Hasher) {
        for (name, value) in pairs {
            hasher.combine(name)
            hasher.combine(value)
        }
    }

    public static func < (a: Labels, b: Labels) -> Bool { a.key < b.key }

    private var key: String { pairs.map { "\($0.0)=\($0.1)" }.joined(separator: ",") }
}
