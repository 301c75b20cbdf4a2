import Synchronization

/// Structured logging for every module: one line per event, `key=value` pairs after the message.
///
/// Library code logs through `Logger`, never `print`. Lines go to standard error through
/// one lock-protected sink, so concurrent lines never interleave.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case trace = 0
    case debug, info, notice, warning, error, critical

    public var name: String {
        switch self {
        case .trace: "trace"
        case .debug: "debug"
        case .info: "info"
        case .notice: "notice"
        case .warning: "warning"
        case .error: "error"
        case .critical: "critical"
        }
    }

    public init?(name: String) {
        guard let level = LogLevel.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = level
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where log lines end up. Tests install a capturing sink; production writes to stderr.
public protocol LogSink: Sendable {
    func write(_ line: String)
}

public struct StandardErrorSink: LogSink {
    private static let lock = Mutex(())
    public init() {}
    public func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        Self.lock.withLock { _ in
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = Glibc.write(2, raw.baseAddress! + offset, raw.count - offset)
                    if n <= 0 { break }
                    offset += n
                }
            }
        }
    }
}

/// Process-wide logging settings: the threshold and the sink.
public enum LogSystem {
    struct State: Sendable {
        var level: LogLevel
        var sink: any LogSink
    }
    static let state = Mutex(State(level: .info, sink: StandardErrorSink()))
    /// The threshold again, lock-free, for the per-request "is this enabled?" check.
    static let threshold = Atomic<Int>(LogLevel.info.rawValue)

    public static func bootstrap(level: LogLevel, sink: any LogSink = StandardErrorSink()) {
        state.withLock { $0 = State(level: level, sink: sink) }
        threshold.store(level.rawValue, ordering: .relaxed)
    }

    public static var level: LogLevel { LogLevel(rawValue: threshold.load(ordering: .relaxed)) ?? .info }
}

public struct Logger: Sendable {
    public let label: String

    public init(label: String) { self.label = label }

    public func isEnabled(_ level: LogLevel) -> Bool { level.rawValue >= LogSystem.threshold.load(ordering: .relaxed) }

    public func log(
        _ level: LogLevel, _ message: @autoclosure () -> String,
        _ metadata: @autoclosure () -> KeyValuePairs<String, String> = [:]
    ) {
        guard isEnabled(level) else { return }
        let sink = LogSystem.state.withLock { $0.sink }
        var line = "\(Timestamp.now()) \(level.name) [\(label)] \(message())"
        for (key, value) in metadata() {
            line += " \(key)=\(Self.quoteIfNeeded(value))"
        }
        sink.write(line)
    }

    public func trace(_ m: @autoclosure () -> String, _ md: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        log(.trace, m(), md())
    }
    public func debug(_ m: @autoclosure () -> String, _ md: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        log(.debug, m(), md())
    }
    public func info(_ m: @autoclosure () -> String, _ md: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        log(.info, m(), md())
    }
    public func notice(_ m: @autoclosure () -> String, _ md: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        log(.notice, m(), md())
    }
    public func warning(_ m: @autoclosure () -> String, _ md: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        log(.warning, m(), md())
    }
    public func error(_ m: @autoclosure () -> String, _ md: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        log(.error, m(), md())
    }
    public func critical(_ m: @autoclosure () -> String, _ md: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        log(.critical, m(), md())
    }

    static func quoteIfNeeded(_ value: String) -> String {
        guard value.isEmpty || value.utf8.contains(where: { $0 == 0x20 || $0 == 0x22 || $0 == 0x3D || $0 < 0x20 }) else {
            return value
        }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// UTC timestamps for log lines without Foundation's formatter cost.
enum Timestamp {
    static func now() -> String {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        var t = ts.tv_sec
        var parts = tm()
        gmtime_r(&t, &parts)
        func pad(_ v: Int32, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        let millis = Int32(ts.tv_nsec / 1_000_000)
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(millis, 3))Z"
    }
}
