import Foundation
import Logging

/// The shared `main` of both executables: `serve` (default) with its options, `--help`.
public enum ServeCommand {
    /// Parses `CommandLine.arguments`, then calls `serve` with the options. Exits with 64 on
    /// a usage error (also one `serve` throws: a setting only the application can judge) and 1 when
    /// serving fails. `ownsDataDirectory`: hold the data directory's lock
    /// while serving (`DataDirectoryLock`: one server per directory; `restore` waits for none).
    public static func main(
        product: String, defaultPort: UInt16, passthrough: Set<String> = [], ownsDataDirectory: Bool = false,
        serve: @Sendable (ServeOptions) async throws -> Void
    ) async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "serve" { arguments.removeFirst() }
        if arguments.contains("--help") || arguments.contains("-h") {
            FileHandle.standardOutput.write(
                Data(
                    """
                    usage: \(product) serve [--host H] [--port N] [--data-dir DIR] [--threads N] [--log-level LEVEL]
                           [--metrics-port N] [--tls-cert FILE --tls-key FILE]
                    environment: \(product.uppercased())_HOST, \(product.uppercased())_PORT, \(product.uppercased())_DATA_DIR, \
                    \(product.uppercased())_THREADS, LOG_LEVEL, \(product.uppercased())_METRICS_PORT, \(product.uppercased())_TLS_CERT, \
                    \(product.uppercased())_TLS_KEY; see docs/configuration.md

                    """.utf8))
            return
        }
        let options: ServeOptions
        do {
            options = try ServeOptions.parse(
                arguments, product: product, defaults: ServeOptions(port: defaultPort),
                passthrough: passthrough)
            try EnvironmentRules.check(EnvironmentRules.rules(for: product), in: ProcessInfo.processInfo.environment)
        } catch {
            FileHandle.standardError.write(Data("\(product): \(error)\n".utf8))
            exit(64)
        }
        LogSystem.bootstrap(level: options.logLevel)
        do {
            if ownsDataDirectory { try DataDirectoryLock.hold(options.dataDirectory, product: product) }
            try await serve(options)
        } catch let error as UsageError {
            LogSystem.flush()  // the lines logged before it come first
            FileHandle.standardError.write(Data("\(product): \(error)\n".utf8))
            exit(64)
        } catch {
            Logger(label: product).critical("fatal", ["error": "\(error)"])
            exit(1)
        }
    }
}
