import Foundation
import SQLStore
import Testing

@Suite struct TransactionTests {
    @Test(arguments: Backend.allCases)
    func writeCommitsOnReturn(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            let inserted = try await database.write { connection in
                try connection.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 1, "apple")
                    + connection.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 2, "pear")
            }
            #expect(inserted == 2)
            #expect(try await database.read { try $0.scalar(Int.self, "SELECT count(*) FROM items") } == 2)
        }
    }

    @Test(arguments: Backend.allCases)
    func throwingInWriteLeavesNothing(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            // The product's own error comes back unchanged, and nothing of the transaction remains.
            await #expect(throws: TestFailure()) {
                try await database.write { connection in
                    try connection.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 1, "apple")
                    try connection.execute("UPDATE items SET quantity = 5")
                    throw TestFailure()
                }
            }
            #expect(try await database.read { try $0.scalar(Int.self, "SELECT count(*) FROM items") } == 0)
            // The writer is usable again afterwards.
            try await database.write { try $0.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 1, "apple") }
            #expect(try await database.read { try $0.scalar(Int.self, "SELECT count(*) FROM items") } == 1)
        }
    }

    @Test(arguments: Backend.allCases)
    func failedStatementRollsBackEarlierStatements(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            try await database.write { try $0.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 1, "apple") }
            await #expect(throws: SQLStoreError.self) {
                try await database.write { connection in
                    try connection.execute("UPDATE items SET quantity = 99")
                    try connection.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 2, "apple")
                }
            }
            #expect(try await database.read { try $0.scalar(Int.self, "SELECT quantity FROM items") } == 0)
        }
    }

    @Test(arguments: Backend.allCases)
    func readIsReadOnly(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            let error = await #expect(throws: SQLStoreError.self) {
                try await database.read { try $0.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 1, "x") }
            }
            #expect(error?.code == .invalidStatement)
        }
    }

    @Test(arguments: Backend.allCases)
    func bodyMustNotEndTheTransaction(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            let error = await #expect(throws: SQLStoreError.self) {
                try await database.write { try $0.execute("COMMIT") }
            }
            #expect(error?.code == .transactionMisuse)
            // The writer still works.
            try await database.write { try $0.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 1, "x") }
        }
    }

    @Test(arguments: Backend.allCases)
    func nestedSyncCallFailsInsteadOfDeadlocking(_ backend: Backend) throws {
        let directory = try TemporaryDirectory()
        let database = try backend.configuration(in: directory, readerCount: 1).openSync()
        defer { database.closeSync() }
        let error = #expect(throws: SQLStoreError.self) {
            try database.writeSync { _ in try database.writeSync { _ in 1 } }
        }
        #expect(error?.code == .reentrantCall)
        let nestedRead = #expect(throws: SQLStoreError.self) {
            try database.readSync { _ in try database.readSync { _ in 1 } }
        }
        #expect(nestedRead?.code == .reentrantCall)
    }

    @Test(arguments: Backend.allCases)
    func closedDatabaseRefusesWork(_ backend: Backend) async throws {
        let directory = try TemporaryDirectory()
        let database = try await backend.configuration(in: directory).open()
        await database.close()
        let error = await #expect(throws: SQLStoreError.self) { try await database.read { _ in 1 } }
        #expect(error?.code == .closed)
        #expect(throws: SQLStoreError.self) { try database.writeSync { _ in 1 } }
    }
}

@Suite struct ConstraintErrorTests {
    @Test(arguments: Backend.allCases)
    func uniqueViolationIsDistinguishable(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            try await database.write { try $0.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 1, "apple") }
            for (id, name) in [(2, "apple"), (1, "other")] {  // UNIQUE column, then PRIMARY KEY
                let error = await #expect(throws: SQLStoreError.self) {
                    try await database.write { try $0.execute("INSERT INTO items (id, name) VALUES ($1, $2)", id, name) }
                }
                #expect(error?.code == .uniqueViolation)
                #expect(error?.isUniqueViolation == true)
                #expect(error?.isConstraintViolation == true)
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func otherConstraintViolations(_ backend: Backend) async throws {
        let schema = Migration(
            version: 1, name: "schema",
            sql: """
                CREATE TABLE parents (id BIGINT PRIMARY KEY);
                CREATE TABLE children (
                    id BIGINT PRIMARY KEY,
                    parent_id BIGINT NOT NULL REFERENCES parents (id),
                    age BIGINT CHECK (age >= 0)
                );
                """)
        try await withDatabase(backend, migrations: [schema]) { database in
            let cases: [(String, [SQLValue], SQLStoreError.Code)] = [
                ("INSERT INTO children (id, parent_id) VALUES ($1, $2)", [1, 42], .foreignKeyViolation),
                ("INSERT INTO children (id, parent_id) VALUES ($1, $2)", [1, nil], .notNullViolation),
                (
                    "INSERT INTO parents (id) VALUES (1); INSERT INTO children (id, parent_id, age) VALUES (1, 1, -1)", [],
                    .checkViolation
                ),
            ]
            for (sql, bindings, code) in cases {
                let error = await #expect(throws: SQLStoreError.self) {
                    try await database.write { connection in
                        if bindings.isEmpty { try connection.executeScript(sql) } else { try connection.execute(sql, bindings) }
                    }
                }
                #expect(error?.code == code, "\(sql)")
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func malformedSQLIsInvalidStatement(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            for sql in ["SELEC 1", "SELECT * FROM missing_table", "SELECT 1; SELECT 2", ""] {
                let error = await #expect(throws: SQLStoreError.self) { try await database.read { try $0.query(sql) } }
                #expect(error?.code == .invalidStatement, "\(sql)")
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func upsertWithOnConflict(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            let upsert = """
                INSERT INTO items (id, name, quantity) VALUES ($1, $2, $3)
                ON CONFLICT (name) DO UPDATE SET quantity = items.quantity + excluded.quantity
                RETURNING quantity
                """
            for _ in 0..<3 {
                _ = try await database.write { try $0.query(upsert, 1, "apple", 2) }
            }
            let quantity = try await database.write { try $0.queryFirst(upsert, 1, "apple", 2)?.decode(Int.self, "quantity") }
            #expect(quantity == 8)
        }
    }
}

@Suite struct WorkLeaseTests {
    @Test(arguments: Backend.allCases)
    func oneHolderAtATimeUntilTheLeaseExpires(_ backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let first = WorkLease(database: database, holder: "a")
            let second = WorkLease(database: database, holder: "b")
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            var granted: [Bool] = []
            granted.append(try await first.acquire("trainer", for: 60, now: now))
            granted.append(try await second.acquire("trainer", for: 60, now: now.addingTimeInterval(30)))
            granted.append(try await first.acquire("trainer", for: 60, now: now.addingTimeInterval(30)))  // renewal
            granted.append(try await second.acquire("trainer", for: 60, now: now.addingTimeInterval(89)))
            // The holder stopped renewing (it died): the lease passes on once it expires.
            granted.append(try await second.acquire("trainer", for: 60, now: now.addingTimeInterval(91)))
            granted.append(try await first.acquire("trainer", for: 60, now: now.addingTimeInterval(92)))
            #expect(granted == [true, false, true, false, true, false])
        }
    }
}

@Suite struct ReadStatementTests {
    /// One statement without BEGIN/COMMIT answers what `read` answers, sees every committed write,
    /// refuses to write on a reader, and a failed one leaves the reader usable.
    @Test(arguments: Backend.allCases)
    func aSingleStatementReadsWhatReadReads(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            try await database.write { connection in
                try connection.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 1, "apple")
                try connection.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 2, "pear")
            }
            let sql = "SELECT name FROM items WHERE id >= $1 ORDER BY id"
            let single = try await database.readStatement(sql, [1.sqlValue]).map { try $0.decode(String.self, "name") }
            let read = try await database.read { try $0.query(sql, 1).map { try $0.decode(String.self, "name") } }
            #expect(single == ["apple", "pear"])
            #expect(single == read)
            await #expect(throws: SQLStoreError.self) {
                try await database.readStatement("SELECT nothing FROM nowhere", [])
            }
            await #expect(throws: SQLStoreError.self) {
                try await database.readStatement("INSERT INTO items (id, name) VALUES (3, 'fig')", [])
            }
            try await database.write { try $0.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 4, "plum") }
            for _ in 0..<4 {  // every reader of the pool
                #expect(try await database.readStatement(sql, [2.sqlValue]).count == 2)
            }
        }
    }
}
