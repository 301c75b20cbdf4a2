import Dispatch
import Foundation
import SQLStore
import Synchronization
import Testing

/// Group commit: concurrent writes share transactions, every one lands once, and one bad item fails alone.
@Suite struct GroupCommitTests {
    /// The size of every batch `apply` was given, in order.
    final class BatchSizes: Sendable {
        private let sizes = Mutex<[Int]>([])
        func record(_ size: Int) { sizes.withLock { $0.append(size) } }
        var all: [Int] { sizes.withLock { $0 } }
    }

    /// Inserts item N as row N named `item-N` and answers the name it stored; records every batch's size.
    static func inserter(_ database: any Database, sizes: BatchSizes) -> GroupCommit<Int, String> {
        GroupCommit(database: database) { connection, numbers in
            sizes.record(numbers.count)
            return try numbers.map { number in
                try connection.scalar(
                    String.self, "INSERT INTO items (id, name) VALUES ($1, $2) RETURNING name", number, "item-\(number)") ?? ""
            }
        }
    }

    /// Holds the writer until released, so submissions pile up behind it and go out as one batch.
    static func holdWriter(_ database: any Database) async throws -> (held: Task<Void, any Error>, release: DispatchSemaphore) {
        let release = DispatchSemaphore(value: 0)
        let holding = Flag()
        let held = Task {
            try await database.write { _ in
                holding.set()
                release.wait()
            }
        }
        try await holding.wait()
        return (held, release)
    }

    static func waitUntil(_ condition: @escaping @Sendable () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw TestFailure() }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    @Test(arguments: Backend.allCases)
    func concurrentWritesLandExactlyOnceInSharedTransactions(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            let sizes = BatchSizes()
            let commit = Self.inserter(database, sizes: sizes)
            let (held, release) = try await Self.holdWriter(database)
            let count = 300
            let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for number in 0..<count {
                    group.addTask { (number, try await commit.submit(number)) }
                }
                try await Self.waitUntil { commit.pending == count }
                release.signal()
                var answers: [Int: String] = [:]
                for try await (number, name) in group { answers[number] = name }
                return answers
            }
            try await held.value
            #expect(answers.count == count)
            for (number, name) in answers { #expect(name == "item-\(number)", "each caller gets its own item's output") }
            let stored = try await database.read { try $0.scalar(Int.self, "SELECT count(DISTINCT name) FROM items") }
            #expect(stored == count)
            let batches = sizes.all
            #expect(batches.reduce(0, +) == count, "no item ran twice: \(batches)")
            #expect(batches.count < count / 10, "writes waiting together share a transaction: \(batches)")
            #expect(commit.pending == 0)
        }
    }

    @Test(arguments: Backend.allCases)
    func aFailingItemFailsOnlyItsOwnSubmission(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            // Item 7's name is taken already: its insert violates UNIQUE (name).
            try await database.write { try $0.execute("INSERT INTO items (id, name) VALUES (1000, 'item-7')") }
            let sizes = BatchSizes()
            let commit = Self.inserter(database, sizes: sizes)
            let (held, release) = try await Self.holdWriter(database)
            let numbers = Array(0..<20)
            let results = try await withThrowingTaskGroup(of: (Int, Result<String, SQLStoreError>).self) { group in
                for number in numbers {
                    group.addTask {
                        do {
                            return (number, .success(try await commit.submit(number)))
                        } catch let error as SQLStoreError {
                            return (number, .failure(error))
                        }
                    }
                }
                try await Self.waitUntil { commit.pending == numbers.count }
                release.signal()
                var results: [Int: Result<String, SQLStoreError>] = [:]
                for try await (number, result) in group { results[number] = result }
                return results
            }
            try await held.value
            for number in numbers where number != 7 {
                #expect((try? results[number]?.get()) == "item-\(number)", "item \(number) committed despite its neighbour")
            }
            guard case .failure(let error) = results[7] else {
                Issue.record("the duplicate must fail")
                return
            }
            #expect(error.code == .uniqueViolation)
            let stored = try await database.read { try $0.scalar(Int.self, "SELECT count(*) FROM items") }
            #expect(stored == numbers.count, "19 new rows and the one already there, each once")
            #expect(sizes.all.count > 1, "the failed batch was rolled back and its items retried alone")
        }
    }
}
