import Foundation
import SQLStore
import Testing

@Suite struct TransactionTests {
    @Test func writeCommitsOnReturn() async throws {
        try await withDatabase(migrations: [itemsSchema]) { database in
            let inserted = try await database.write { connection in
                try connection.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 1, "apple")
                    + connection.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 2, "pear")
            }
            #expect(inserted == 2)
            #expect(try await database.read { try $0.scalar(Int.self, "SELECT count(*) FROM items") } == 2)
        }
    }

    @Test func throwingInWriteLeavesNothing() async throws {
        try await withDatabase(migrations: [itemsSchema]) { database in
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

    @Test func failedStatementRollsBackEarlierStatements() async throws {
        try await withDatabase(migrations: [itemsSchema]) { database in
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

    @Test func readIsReadOnly() async throws {
        try await withDatabase(migrations: [itemsSchema]) { database in
            let error = await #expect(throws: SQLStoreError.self) {
                try await database.read { try $0.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 1, "x") }
            }
            #expect(error?.code == .invalidStatement)
        }
    }

    @Test func bodyMustNotEndTheTransaction() async throws {
        try await withDatabase(migrations: [itemsSchema]) { database in
            let error = await #expect(throws: SQLStoreError.self) {
                try await database.write { try $0.execute("COMMIT") }
            }
            #expect(error?.code == .transactionMisuse)
            // The writer still works.
            try await database.write { try $0.execute("INSERT INTO items (id, name) VALUES ($1, $2)", 1, "x") }
        }
    }

    @Test func nestedSyncCallFailsInsteadOfDeadlocking() throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(path: directory.file(), readerCount: 1)
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

    @Test func closedDatabaseRefusesWork() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(path: directory.file())
        await database.close()
        let error = await #expect(throws: SQLStoreError.self) { try await database.read { _ in 1 } }
        #expect(error?.code == .closed)
        #expect(throws: SQLStoreError.self) { try database.writeSync { _ in 1 } }
    }
}

@Suite struct ConstraintErrorTests {
    @Test func uniqueViolationIsDistinguishable() async throws {
        try await withDatabase(migrations: [itemsSchema]) { database in
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

    @Test func otherConstraintViolations() async throws {
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
        try await withDatabase(migrations: [schema]) { database in
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

    @Test func malformedSQLIsInvalidStatement() async throws {
        try await withDatabase(migrations: [itemsSchema]) { database in
            for sql in ["SELEC 1", "SELECT * FROM missing_table", "SELECT 1; SELECT 2", ""] {
                let error = await #expect(throws: SQLStoreError.self) { try await database.read { try $0.query(sql) } }
                #expect(error?.code == .invalidStatement, "\(sql)")
            }
        }
    }

    @Test func upsertWithOnConflict() async throws {
        try await withDatabase(migrations: [itemsSchema]) { database in
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
