/// The Prometheus text exposition format (version 0.0.4), written line by line.
public struct PrometheusText: Sendable {
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    public private(set) var output = ""

    public init() {}

    public mutating func family(_ name: String, help: String, kind: MetricsRegistry.Kind) {
        output += "# HELP \(name) \(Self.escapeHelp(help))\n# TYPE \(name) \(kind.rawValue)\n"
    }

    public mutating func sample(_ name: String, labels: Labels, value: Double) {
        output += name
        output += Self.render(labels.pairs)
        output += " \(Self.format(value))\n"
    }

    public mutating func histogram(_ name: String, labels: Labels, _ snapshot: Histogram.Snapshot) {
        for (index, bound) in snapshot.bounds.enumerated() {
            output += "\(name)_bucket\(Self.render(labels.pairs + [("le", Self.format(bound))])) \(snapshot.cumulative[index])\n"
        }
        output += "\(name)_bucket\(Self.render(labels.pairs + [("le", "+Inf")])) \(snapshot.count)\n"
        output += "\(name)_sum\(Self.render(labels.pairs)) \(Self.format(snapshot.sumSeconds))\n"
        output += "\(name)_count\(Self.render(labels.pairs)) \(snapshot.count)\n"
    }

    static func render(_ pairs: [(String, String)]) -> String {
        guard !pairs.isEmpty else { return "" }
        return "{" + pairs.map { "\($0.0)=\"\(escapeValue($0.1))\"" }.joined(separator: ",") + "}"
    }

    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func escapeValue(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    static func escapeHelp(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
