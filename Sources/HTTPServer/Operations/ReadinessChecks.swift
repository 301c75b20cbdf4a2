import Synchronization

/// What `/readyz` asks before it says the server may take traffic: the database answers, the
/// schema is migrated, the models are loaded, and whatever a backend adds (a Redis ping). Each
/// check throws to say "not ready" (its message is shown) and is cut after `timeout`, so a
/// hung dependency makes the probe fail rather than hang.
public final class ReadinessChecks: Sendable {
    public typealias Check = @Sendable () async throws -> Void

    private let checks = Mutex<[(name: String, check: Check)]>([])
    public let timeout: Duration

    public init(timeout: Duration = .seconds(2)) { self.timeout = timeout }

    /// Adds a check, or replaces the one already registered under `name`.
    public func register(_ name: String, _ check: @escaping Check) {
        checks.withLock { checks in
            checks.removeAll { $0.name == name }
            checks.append((name, check))
        }
    }

    public var names: [String] { checks.withLock { $0.map(\.name) } }

    /// Every check's verdict, in registration order: nil when it passed, else why not.
    public func evaluate() async -> [(name: String, failure: String?)] {
        let current = checks.withLock { $0 }
        let timeout = timeout
        return await withTaskGroup(of: (Int, String?).self) { group in
            for (index, entry) in current.enumerated() {
                group.addTask { (index, await Self.verdict(of: entry.check, timeout: timeout)) }
            }
            var verdicts = [(name: String, failure: String?)](repeating: ("", nil), count: current.count)
            for await (index, failure) in group { verdicts[index] = (current[index].name, failure) }
            return verdicts
        }
    }
}

extension ReadinessChecks {
    /// Runs one check in its own task and answers at its end or at the timeout, whichever comes
    /// first: a check that ignores cancellation is left running rather than waited for.
    static func verdict(of check: @escaping Check, timeout: Duration) async -> String? {
        let verdict = FirstVerdict()
        return await withCheckedContinuation { continuation in
            verdict.wait(continuation)
            let work = Task {
                do {
                    try await check()
                    verdict.deliver(nil)
                } catch {
                    verdict.deliver("\(error)")
                }
            }
            let timer = Task {
                try? await Task.sleep(for: timeout)
                if verdict.deliver("no answer within \(timeout)") { work.cancel() }
            }
            verdict.onDelivered { timer.cancel() }
        }
    }
}

/// Whichever of a check and its timer answers first resumes the probe, once.
private final class FirstVerdict: Sendable {
    private let state = Mutex<
        (
            continuation: CheckedContinuation<String?, Never>?, delivered: Bool,
            cleanup: (@Sendable () -> Void)?
        )
    >((nil, false, nil))

    func wait(_ continuation: CheckedContinuation<String?, Never>) { state.withLock { $0.continuation = continuation } }

    /// Runs `cleanup` once the verdict is in (at once if it already is).
    func onDelivered(_ cleanup: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.delivered { return true }
            state.cleanup = cleanup
            return false
        }
        if now { cleanup() }
    }

    @discardableResult
    func deliver(_ verdict: String?) -> Bool {
        let taken = state.withLock { state -> (CheckedContinuation<String?, Never>, (@Sendable () -> Void)?)? in
            guard !state.delivered, let continuation = state.continuation else { return nil }
            state.delivered = true
            state.continuation = nil
            defer { state.cleanup = nil }
            return (continuation, state.cleanup)
        }
        guard let (continuation, cleanup) = taken else { return false }
        continuation.resume(returning: verdict)
        cleanup?()
        return true
    }
}

/// A check failing with a plain message.
public struct NotReady: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
