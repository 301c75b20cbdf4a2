import Dispatch
import Foundation
import SQLStore
import Synchronization
import Testing

@Suite struct ConcurrencyTests {
    @Test(arguments: Backend.allCases)
    func concurrentWritersLoseNothing(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            let writers = 200
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<writers {
                    group.addTask {
                        try await database.write { connection in
                            try connection.execute("INSERT INTO items (id, name) VALUES ($1, $2)", index, "item-\(index)")
                            try connection.execute("UPDATE items SET quantity = quantity + 1 WHERE id = $1", index)
                        }
                    }
                    // Readers run alongside; they must never see SQLITE_BUSY either.
                    if index % 10 == 0 {
                        group.addTask { _ = try await database.read { try $0.scalar(Int.self, "SELECT count(*) FROM items") } }
                    }
                }
                try await group.waitForAll()
            }
            let (count, total) = try await database.read { connection in
                (
                    try connection.scalar(Int.self, "SELECT count(*) FROM items"),
                    try connection.scalar(Int.self, "SELECT sum(quantity) FROM items")
                )
            }
            #expect(count == writers)
            #expect(total == writers)
        }
    }

    @Test(arguments: Backend.allCases)
    func concurrentIncrementsOfOneRowAreSerialized(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            try await database.write { try $0.execute("INSERT INTO items (id, name) VALUES (1, 'counter')") }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<100 {
                    group.addTask {
                        // Read-modify-write in one transaction: only correct if writes are serialized.
                        try await database.write { connection in
                            let current = try connection.scalar(Int.self, "SELECT quantity FROM items WHERE id = 1") ?? 0
                            try connection.execute("UPDATE items SET quantity = $1 WHERE id = 1", current + 1)
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await database.read { try $0.scalar(Int.self, "SELECT quantity FROM items") } == 100)
        }
    }

    @Test(arguments: Backend.allCases)
    func readersSeeCommittedDataWhileAWriteIsInProgress(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            try await database.write { try $0.execute("INSERT INTO items (id, name) VALUES (1, 'committed')") }

            let inside = Flag()
            let release = Flag()
            let writer = Task {
                try await database.write { connection in
                    try connection.execute("INSERT INTO items (id, name) VALUES (2, 'pending')")
                    inside.set()
                    // Hold the write transaction open (on the writer's own thread) until the reader is done.
                    while !release.isSet { usleep(1_000) }
                }
            }
            try await inside.wait()
            let started = ContinuousClock.now
            let seen = try await database.read { connection in
                try connection.query("SELECT name FROM items ORDER BY id").map { try $0.decode(String.self, "name") }
            }
            let elapsed = ContinuousClock.now - started
            #expect(seen == ["committed"])
            #expect(elapsed < .seconds(2))  // not waiting for the writer
            #expect(!release.isSet)
            release.set()
            try await writer.value
            #expect(try await database.read { try $0.scalar(Int.self, "SELECT count(*) FROM items") } == 2)
        }
    }

    @Test(arguments: Backend.allCases)
    func syncCallsFromManyThreadsShareThePools(_ backend: Backend) async throws {
        let directory = try TemporaryDirectory()
        let database = try backend.configuration(in: directory, readerCount: 2).openSync()
        defer { database.closeSync() }
        try database.migrateSync([itemsSchema])
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            do {
                try database.writeSync { try $0.execute("INSERT INTO items (id, name) VALUES ($1, $2)", index, "t\(index)") }
                _ = try database.readSync { try $0.scalar(Int.self, "SELECT count(*) FROM items") }
            } catch {
                failures.withLock { $0 += 1 }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(try database.readSync { try $0.scalar(Int.self, "SELECT count(*) FROM items") } == 40)
    }
}

@Suite struct DurabilityTests {
    @Test(arguments: Backend.allCases)
    func dataSurvivesCloseAndReopen(_ backend: Backend) async throws {
        let directory = try TemporaryDirectory()
        // SQLite: the directory is created on open.
        let configuration = DatabaseConfiguration(url: try backend.freshURL(in: directory, file: "nested/dir/store.sqlite"))
        let first = try await configuration.open()
        try await first.migrate([itemsSchema])
        try await first.write { try $0.execute("INSERT INTO items (id, name, quantity) VALUES ($1, $2, $3)", 1, "kept", 5) }
        await first.close()

        let second = try await configuration.open(migrations: [itemsSchema])
        #expect(try await second.migrate([itemsSchema]).isEmpty)
        let row = try await second.read { try $0.queryFirst("SELECT name, quantity FROM items WHERE id = $1", 1) }
        #expect(try row?.decode(String.self, "name") == "kept")
        #expect(try row?.decode(Int.self, "quantity") == 5)
        await second.close()
    }

    @Test func openedInWALModeWithDurableSettings() async throws {
        try await withDatabase(.sqlite) { database in
            let settings = try await database.read { connection in
                (
                    try connection.scalar(String.self, "PRAGMA journal_mode"),
                    try connection.scalar(Int.self, "PRAGMA synchronous"),
                    try connection.scalar(Int.self, "PRAGMA foreign_keys")
                )
            }
            #expect(settings.0 == "wal")
            #expect(settings.1 == 2)  // FULL
            #expect(settings.2 == 1)
        }
    }

    /// PostgreSQL commits are durable whatever the server's default (`synchronous_commit`).
    @Test func postgresSessionsCommitDurably() async throws {
        try await withDatabase(.postgres) { database in
            let reader = try await database.read { try $0.scalar(String.self, "SHOW synchronous_commit") }
            let writer = try await database.write { try $0.scalar(String.self, "SHOW synchronous_commit") }
            #expect(reader == "on")
            #expect(writer == "on")
        }
    }
}
