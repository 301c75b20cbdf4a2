/// # Runtime
///
/// Process plumbing shared by the executables: long-running services run side by side and
/// stop together on SIGINT/SIGTERM (each gets cancelled and shuts down cleanly), the `serve`
/// command line with environment overrides and their start-up checks (`EnvironmentRules`), what
/// the options mean for the transport (TLS, the metrics port, SIGHUP reload), one server per data
/// directory (`DataDirectoryLock`), and `backup` / `restore`.
import Dispatch
import Foundation
import Logging

/// A long-running part of the process: an HTTP server, a feed poller, a trainer.
/// `run()` returns when the surrounding task is cancelled, after stopping cleanly.
public struct Service: Sendable {
    public let name: String
    let body: @Sendable () async throws -> Void

    public init(_ name: String, run: @escaping @Sendable () async throws -> Void) {
        self.name = name
        self.body = run
    }
}

/// Runs services until a termination signal, or until one of them fails; then cancels the
/// rest and waits for them to finish their shutdown.
public struct ServiceGroup: Sendable {
    public let services: [Service]
    public let signals: [Int32]
    private let logger = Logger(label: "runtime")

    public init(_ services: [Service], signals: [Int32] = [SIGINT, SIGTERM]) {
        self.services = services
        self.signals = signals
    }

    public func run() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            let watcher = SignalWatcher(signals: signals)
            group.addTask {
                let signal = await watcher.next()
                logger.notice("received signal, shutting down", ["signal": "\(signal)"])
                throw ShutdownRequested()
            }
            for service in services {
                group.addTask {
                    do {
                        try await service.body()
                    } catch is CancellationError {
                    } catch {
                        logger.error("service failed", ["service": service.name, "error": "\(error)"])
                        throw error
                    }
                    if !Task.isCancelled { throw ServiceEnded(name: service.name) }
                }
            }
            do {
                try await group.next()
            } catch is ShutdownRequested {
            } catch let ended as ServiceEnded {
                logger.notice("service ended, stopping the others", ["service": ended.name])
            }
            group.cancelAll()
            watcher.cancel()
            while let result = await group.nextResult() {
                if case .failure(let error) = result, !(error is CancellationError), !(error is ShutdownRequested),
                    !(error is ServiceEnded)
                {
                    logger.error("service failed during shutdown", ["error": "\(error)"])
                }
            }
        }
    }

    struct ShutdownRequested: Error {}
    struct ServiceEnded: Error { let name: String }
}

/// Turns POSIX signals into an awaitable event (dispatch sources, no async-signal-unsafe code).
/// @unchecked: `sources` is written once in init and only cancelled afterwards, which
/// dispatch allows from any thread.
final class SignalWatcher: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]
    private let stream: AsyncStream<Int32>
    private let continuation: AsyncStream<Int32>.Continuation

    init(signals: [Int32]) {
        (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let continuation = self.continuation
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
    }

    func next() async -> Int32 {
        for await number in stream { return number }
        return 0
    }

    func cancel() {
        continuation.finish()
        for source in sources { source.cancel() }
    }
}
