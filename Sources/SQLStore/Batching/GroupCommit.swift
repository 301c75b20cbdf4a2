import Synchronization

/// Group commit: many small writes that arrive together share one write transaction (one
/// fsync) instead of queueing for one each. `submit` returns when the transaction holding the
/// item has committed — durability is unchanged — and items commit in submission order.
///
/// While one batch is committing, new items gather; the next batch takes all of them. Under
/// light load a batch holds one item and costs what a plain `write` costs.
public final class GroupCommit<Item: Sendable, Output: Sendable>: Sendable {
    public typealias Apply = @Sendable (any SQLConnection, [Item]) throws -> [Output]

    private struct Pending {
        let item: Item
        let continuation: CheckedContinuation<Output, any Error>
    }

    private struct State {
        var queue: [Pending] = []
        var draining = false
    }

    private let database: any Database
    private let apply: Apply
    private let maxBatch: Int
    private let state = Mutex(State())

    /// `apply` writes a batch inside one transaction and returns one output per item, in order.
    public init(database: any Database, maxBatch: Int = 512, apply: @escaping Apply) {
        self.database = database
        self.maxBatch = maxBatch
        self.apply = apply
    }

    public func submit(_ item: Item) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            let start = state.withLock { state -> Bool in
                state.queue.append(Pending(item: item, continuation: continuation))
                guard !state.draining else { return false }
                state.draining = true
                return true
            }
            if start { Task { await self.drain() } }
        }
    }

    private func drain() async {
        while true {
            let batch = state.withLock { state -> [Pending] in
                let batch = Array(state.queue.prefix(maxBatch))
                state.queue.removeFirst(batch.count)
                if batch.isEmpty { state.draining = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            let items = batch.map(\.item)
            let apply = apply
            do {
                let outputs = try await database.write { connection in try apply(connection, items) }
                precondition(outputs.count == batch.count, "GroupCommit: apply must return one output per item")
                for (pending, output) in zip(batch, outputs) { pending.continuation.resume(returning: output) }
            } catch {
                for pending in batch { pending.continuation.resume(throwing: error) }
            }
        }
    }
}
