/// Prepared statements of one connection, keyed by SQL text, least recently used evicted first.
/// Products use a fixed set of statements, so a small capacity gives a near-100% hit rate.
final class StatementCache {
    private struct Entry {
        let statement: Statement
        var lastUse: UInt64
    }

    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    var count: Int { entries.count }

    func statement(for sql: String, prepare: () throws(SQLStoreError) -> Statement) throws(SQLStoreError) -> Statement {
        clock &+= 1
        if let entry = entries[sql] {
            entries[sql]?.lastUse = clock
            return entry.statement
        }
        let statement = try prepare()
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
        }
        entries[sql] = Entry(statement: statement, lastUse: clock)
        return statement
    }

    /// Finalizes every statement (they finalize on deinit); required before closing the connection.
    func removeAll() { entries.removeAll() }
}
