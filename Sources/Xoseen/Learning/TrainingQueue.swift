import Dispatch
import Synchronization

/// Where training's CPU work runs: point-in-time features for every logged event and the fit take
/// seconds to minutes, and the in-server trainer runs beside the live server. On the cooperative
/// pool (one thread a core) a run would hold a thread the chat, feed and verification requests
/// need; on this serial queue it competes for the CPU like any thread, and two runs in one
/// process never overlap.
enum TrainingQueue {
    static let queue = DispatchQueue(label: "xoseen.training", qos: .utility)
    /// Work items finished on the queue (tests check that training went through it).
    static let finished = Atomic<Int>(0)

    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                let result = Result { try work() }
                finished.add(1, ordering: .relaxed)
                continuation.resume(with: result)
            }
        }
    }
}
