import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real executable's `serve` started on a free port, for tests of the shipped binaries.
///
/// The port is picked before the server binds it, so something else may take it meanwhile; such a
/// server exits at once and is started again on another port. A server that is still starting is
/// waited for (a loaded machine can take many seconds), never started a second time: a second
/// server on the same data directory would find it locked.
public struct ServedProcess {
    public let process: Process
    public let port: Int
    /// The server's standard error, when `captureErrors` was asked for.
    public let errors: Pipe?

    /// A port below Linux's ephemeral range (32768–60999), where other tests' client sockets live.
    public static func freePort() -> Int { Int.random(in: 20_000..<32_000) }

    /// Starts `executable` with `arguments(port)` and waits until `ready(port)` holds. Returns nil when
    /// five attempts exited early or one kept running without becoming ready within `startup`
    /// (that one is stopped first).
    public static func start(
        _ executable: URL, arguments: (Int) -> [String], environment: [String: String] = [:],
        captureErrors: Bool = false, startup: Duration = .seconds(60),
        ready: (Int) async -> Bool
    ) async throws -> ServedProcess? {
        for _ in 0..<5 {
            let port = freePort()
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments(port)
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let errors = captureErrors ? Pipe() : nil
            process.standardError = errors ?? FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let deadline = ContinuousClock.now + startup
            while process.isRunning, ContinuousClock.now < deadline {
                if await ready(port) { return ServedProcess(process: process, port: port, errors: errors) }
                try await Task.sleep(for: .milliseconds(50))
            }
            if process.isRunning {
                _ = await ServedProcess(process: process, port: port, errors: errors).stop()
                return nil
            }
        }
        return nil
    }

    /// Sends SIGTERM and waits up to `timeout` for the process to exit; true when it did.
    public func stop(timeout: Duration = .seconds(30)) async -> Bool {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        return !process.isRunning
    }

    /// Stops the process if it still runs (for `defer`), without waiting.
    public func terminate() {
        if process.isRunning { process.terminate() }
    }

    /// What the server wrote to standard error (after it exited; empty without `captureErrors`).
    public func errorOutput() -> String {
        guard let errors else { return "" }
        return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
