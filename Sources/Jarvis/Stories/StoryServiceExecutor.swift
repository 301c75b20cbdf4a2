import Dispatch

/// Where `StoryService` runs: a serial Dispatch queue of its own instead of the cooperative pool.
///
/// The service makes a batch's clustering decisions in one synchronous loop (no other batch may
/// interleave with its time order) and analyses every touched story; a first poll of thousands of
/// articles keeps it busy for seconds. The cooperative pool has one thread a core, and the HTTP and
/// WebSocket handlers need them: on this queue the work competes for the CPU like any thread
/// and never holds one the handlers wait for.
final class StoryServiceExecutor: SerialExecutor, @unchecked Sendable {
    private let queue: DispatchQueue
    private static let key = DispatchSpecificKey<Bool>()

    init(label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.key, value: true)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    /// Whether the caller is running on one of these queues (tests check the service's work does).
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}
