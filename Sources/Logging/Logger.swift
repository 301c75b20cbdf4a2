import Synchronization

/// Structured logging for every module: one line per event, `key=value` pairs after the message.
///
/// Library code logs through `Logger`, never `print`. Lines go to standard error through one
/// batching sink (`BatchedSink`), so concurrent lines never interleave and a busy server pays one
/// `write(2)` per batch, not per line.
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

/// Where log lines end up. Production writes to standard error through `StandardErrorSink`.
public protocol LogSink: Sendable {
    func write(_ line: String)
    /// One formatted line (without its newline) at `level`; by default handed to `write(_:)` as text.
    func write(line: [UInt8], level: LogLevel)
    /// Writes out whatever the sink holds back; by default there is nothing.
    func flush()
}

extension LogSink {
    public func write(line: [UInt8], level: LogLevel) { write(String(decoding: line, as: UTF8.self)) }
    public func flush() {}
}

/// Standard error, in batches (`BatchedSink`: 32 KiB or 100 ms, lines at notice and above at once).
/// Every instance shares one buffer, as they share the descriptor.
public struct StandardErrorSink: LogSink {
    static let shared = BatchedSink(fileDescriptor: 2)
    public init() {}
    public func write(_ line: String) { Self.shared.write(line) }
    public func write(line: [UInt8], level: LogLevel) { Self.shared.write(line: line, level: level) }
    public func flush() { Self.shared.flush() }
}

/// Process-wide logging settings: the threshold and the sink.
public enum LogSystem {
    struct State: Sendable {
        var level: LogLevel
        var sink: any LogSink
    }
    static let state: Mutex<State> = {
        // Lines still buffered when the process exits (`exit`, or `main` returning) are written first.
        atexit { LogSystem.flush() }
        return Mutex(State(level: .info, sink: StandardErrorSink()))
    }()
    /// The threshold again, lock-free, for the per-request "is this enabled?" check.
    static let threshold = Atomic<Int>(LogLevel.info.rawValue)

    /// Sets the threshold and the sink; lines the previous sink held back are written out first.
    public static func bootstrap(level: LogLevel, sink: any LogSink = StandardErrorSink()) {
        let previous = state.withLock { state in
            defer { state = State(level: level, sink: sink) }
            return state.sink
        }
        previous.flush()
        threshold.store(level.rawValue, ordering: .relaxed)
    }

    public static var level: LogLevel { LogLevel(rawValue: threshold.load(ordering: .relaxed)) ?? .info }

    /// Writes out every line the sink holds back (at exit this runs by itself).
    public static func flush() { state.withLock { $0.sink }.flush() }
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
        let line = LogLine.format(
            at: Timestamp.now(), level: level, label: label, message: message(), metadata: metadata())
        LogSystem.state.withLock { $0.sink }.write(line: line, level: level)
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
}
