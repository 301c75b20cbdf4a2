import Synchronization

/// Group commit: many small writes that arrive together share one write transaction (one
/// fsync) instead of queueing for one each. `submit` returns when the transaction holding the
/// item has committed — durability is unchanged — and items commit in submission order.
///
/// While one batch is committing, new items gather; the next batch takes all of them. Under
/// light load a batch holds one item and costs what a plain `write` costs.
///
/// One item's failure fails only that item: when a batch of several fails, each of its items runs
/// again alone, in its own transaction, in order (the failed batch was rolled back whole, so nothing
/// runs twice). `apply` must therefore depend only on the store, not on having run before. Errors
/// that would fail every retry the same way (the store closed, the writer lock timed out) fail the
/// whole batch at once instead of waiting once per item, and so does a COMMIT whose outcome is unknown.
public final class GroupCommit<Item: Sendable, Output: Sendable>: Sendable {
    public typealias Apply = @Sendable (any SQLConnection, [Item]) throws -> [Output]

    private struct Pending {
        let item: Item
        let continuation: CheckedContinuation<Output, any Error>
    }

    private struct State {
        var queue: [Pending] = []
        var inFlight = 0
        var draining = false
    }

    private let database: any Database
    private let apply: Apply
    private let maxBatch: Int
    private let state = Mutex(State())

    /// `apply` writes a batch inside one transaction and returns one output per item, in order.
    public init(database: any Database, maxBatch: Int = 512, apply: @escaping Apply) {
        self.database = database
        self.maxBatch = max(1, maxBatch)
        self.apply = apply
    }

    /// Items submitted and not yet answered: queued, or in the transaction being committed.
    public var pending: Int { state.withLock { $0.queue.count + $0.inFlight } }

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
                state.inFlight = batch.count
                if batch.isEmpty { state.draining = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            do {
                let outputs = try await commit(batch.map(\.item))
                for (pending, output) in zip(batch, outputs) { answer(pending, with: .success(output)) }
            } catch  where batch.count > 1 && Self.isolatesItems(error) {
                for pending in batch {
                    do {
                        answer(pending, with: .success(try await commit([pending.item])[0]))
                    } catch {
                        answer(pending, with: .failure(error))
                    }
                }
            } catch {
                for pending in batch { answer(pending, with: .failure(error)) }
            }
        }
    }

    /// An item leaves `pending` before its caller hears the answer, so a caller that has its answer never counts
    /// itself as pending (a test saw 100 still pending after all 300 answers were in).
    private func answer(_ pending: Pending, with result: Result<Output, any Error>) {
        state.withLock { $0.inFlight -= 1 }
        pending.continuation.resume(with: result)
    }

    private func commit(_ items: [Item]) async throws -> [Output] {
        let apply = apply
        let outputs = try await database.write { connection in try apply(connection, items) }
        precondition(outputs.count == items.count, "GroupCommit: apply must return one output per item")
        return outputs
    }

    /// Whether running the items one by one could let some of them succeed — and is safe. A COMMIT that
    /// failed without a verdict from the engine (PostgreSQL's connection dropped while committing) may have
    /// committed: running the items again could store them twice, so their callers get the error instead.
    private static func isolatesItems(_ error: any Error) -> Bool {
        guard let error = error as? SQLStoreError else { return true }
        if error.code == .engineFailure && error.sql == "COMMIT" { return false }
        return error.code != .closed && error.code != .busy
    }
}
