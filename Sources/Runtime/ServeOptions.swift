import Foundation
import Logging

/// `<product> serve [--host H] [--port N] [--data-dir D] [--threads N] [--log-level L]`.
/// Precedence: flag, then environment (`<PRODUCT>_PORT`, `<PRODUCT>_HOST`,
/// `<PRODUCT>_DATA_DIR`, `<PRODUCT>_THREADS`, `LOG_LEVEL`), then the product's default.
public struct ServeOptions: Sendable, Equatable {
    public var host: String
    public var port: UInt16
    public var dataDirectory: String
    public var threads: Int
    public var logLevel: LogLevel
    /// `--metrics-port N`: `/metrics` on its own port (same host) instead of the public one.
    public var metricsPort: UInt16?
    /// `--tls-cert FILE --tls-key FILE`: PEM certificate chain and private key; both or neither.
    public var tlsCertificate: String?
    public var tlsKey: String?

    public init(
        host: String = "0.0.0.0", port: UInt16, dataDirectory: String = "./data", threads: Int? = nil,
        logLevel: LogLevel = .info
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.threads = threads ?? max(2, ProcessInfo.processInfo.activeProcessorCount)
        self.logLevel = logLevel
    }

    /// Parses the arguments after the subcommand, over `defaults` and the environment.
    /// `passthrough` names flags (each with one value) that the executable reads itself.
    public static func parse(
        _ arguments: [String], product: String, defaults: ServeOptions, passthrough: Set<String> = [],
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(UsageError) -> ServeOptions {
        var options = defaults
        let prefix = product.uppercased()
        if let value = environment["\(prefix)_HOST"] { options.host = value }
        if let value = environment["\(prefix)_PORT"] { options.port = try port(value, from: "\(prefix)_PORT") }
        if let value = environment["\(prefix)_DATA_DIR"] { options.dataDirectory = value }
        if let value = environment["\(prefix)_THREADS"] { options.threads = try threads(value, from: "\(prefix)_THREADS") }
        if let value = environment["LOG_LEVEL"] { options.logLevel = try level(value, from: "LOG_LEVEL") }
        if let value = environment["\(prefix)_METRICS_PORT"] {
            options.metricsPort = try port(value, from: "\(prefix)_METRICS_PORT")
        }
        if let value = environment["\(prefix)_TLS_CERT"] { options.tlsCertificate = value }
        if let value = environment["\(prefix)_TLS_KEY"] { options.tlsKey = value }

        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            let (name, inlineValue) = split(flag)
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw UsageError("\(name) needs a value") }
                return next
            }
            switch name {
            case "--host": options.host = try value()
            case "--port", "-p": options.port = try port(try value(), from: name)
            case "--data-dir": options.dataDirectory = try value()
            case "--threads": options.threads = try threads(try value(), from: name)
            case "--log-level": options.logLevel = try level(try value(), from: name)
            case "--metrics-port": options.metricsPort = try port(try value(), from: name)
            case "--tls-cert": options.tlsCertificate = try value()
            case "--tls-key": options.tlsKey = try value()
            case _ where passthrough.contains(name): _ = try value()
            default: throw UsageError("unknown option \(flag)")
            }
        }
        try options.checkTLS(prefix: prefix)
        if let metricsPort = options.metricsPort, metricsPort == options.port, metricsPort != 0 {
            throw UsageError("--metrics-port/\(prefix)_METRICS_PORT: \(metricsPort) is already the serving port")
        }
        return options
    }

    /// Both TLS files or neither, and each readable (a typo is a start-up error, not a plain-HTTP server).
    private func checkTLS(prefix: String) throws(UsageError) {
        switch (tlsCertificate, tlsKey) {
        case (nil, nil): return
        case (nil, _): throw UsageError("--tls-key/\(prefix)_TLS_KEY needs --tls-cert/\(prefix)_TLS_CERT too")
        case (_, nil): throw UsageError("--tls-cert/\(prefix)_TLS_CERT needs --tls-key/\(prefix)_TLS_KEY too")
        case (let certificate?, let key?):
            for (file, source) in [(certificate, "--tls-cert/\(prefix)_TLS_CERT"), (key, "--tls-key/\(prefix)_TLS_KEY")]
            where !FileManager.default.isReadableFile(atPath: file) {
                throw UsageError("\(source): '\(file)' is not a readable file")
            }
        }
    }

    private static func split(_ flag: String) -> (String, String?) {
        guard flag.hasPrefix("--"), let eq = flag.firstIndex(of: "=") else { return (flag, nil) }
        return (String(flag[..<eq]), String(flag[flag.index(after: eq)...]))
    }

    private static func port(_ text: String, from source: String) throws(UsageError) -> UInt16 {
        guard let value = UInt16(text) else { throw UsageError("\(source): '\(text)' is not a port (0-65535)") }
        return value
    }

    private static func threads(_ text: String, from source: String) throws(UsageError) -> Int {
        guard let value = Int(text), (1...256).contains(value) else { throw UsageError("\(source): '\(text)' is not 1-256") }
        return value
    }

    private static func level(_ text: String, from source: String) throws(UsageError) -> LogLevel {
        guard let value = LogLevel(name: text) else {
            throw UsageError("\(source): '\(text)' is not one of \(LogLevel.allCases.map(\.name).joined(separator: ", "))")
        }
        return value
    }
}

public struct UsageError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
