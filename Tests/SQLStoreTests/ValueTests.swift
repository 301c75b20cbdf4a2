import Foundation
import SQLStore
import Testing

@Suite struct ValueTests {
    static let values: [SQLValue] = [
        .null,
        .integer(0), .integer(Int64.max), .integer(Int64.min), .integer(-1),
        .real(3.141592653589793), .real(-0.5), .real(1e300), .real(Double.leastNonzeroMagnitude),
        .text(""), .text("plain"), .text("héllo wörld — 日本語 🌍👩‍👩‍👧"), .text("nul\u{0}inside"),
        .blob([]), .blob([0, 0, 0]), .blob([0, 1, 2, 0, 255, 0]), .blob(Array(0...255)),
    ]

    @Test(arguments: Backend.allCases, values)
    func rawValuesRoundTrip(_ backend: Backend, _ value: SQLValue) async throws {
        // One column per storage class: PostgreSQL columns are typed (SQLite's would take any value).
        let schema = Migration(
            version: 1, name: "cells",
            sql: "CREATE TABLE cells (id BIGINT PRIMARY KEY, i BIGINT, r DOUBLE PRECISION, t TEXT, b BLOB);")
        let column =
            switch value {
            case .null, .integer: "i"
            case .real: "r"
            case .text: "t"
            case .blob: "b"
            }
        try await withDatabase(backend, migrations: [schema]) { database in
            if backend == .postgres, case .text(let text) = value, text.contains("\u{0}") {
                // PostgreSQL text cannot hold U+0000: refused, never truncated.
                let error = await #expect(throws: SQLStoreError.self) {
                    try await database.write { try $0.execute("INSERT INTO cells (id, t) VALUES ($1, $2)", [1, value]) }
                }
                #expect(error?.code == .typeMismatch)
                return
            }
            try await database.write { try $0.execute("INSERT INTO cells (id, \(column)) VALUES ($1, $2)", [1, value]) }
            let row = try await database.read { try $0.queryFirst("SELECT \(column) FROM cells WHERE id = $1", 1) }
            #expect(row?[column] == value)
        }
    }

    @Test(arguments: Backend.allCases)
    func typedValuesRoundTrip(_ backend: Backend) async throws {
        let schema = Migration(
            version: 1, name: "typed",
            sql: """
                CREATE TABLE typed (
                    id BIGINT PRIMARY KEY, i BIGINT, i64 BIGINT, d DOUBLE PRECISION, s TEXT, b INTEGER,
                    data BLOB, bytes BLOB, at BIGINT, uuid TEXT, url TEXT, missing TEXT
                );
                """)
        let date = Date(timeIntervalSince1970: 1_700_000_000.123)
        let uuid = UUID()
        let url = URL(string: "https://example.com/feed.xml?q=1")!
        let data = Data([0, 42, 0, 7])
        let missing: String? = nil
        try await withDatabase(backend, migrations: [schema]) { database in
            try await database.write { connection in
                try connection.execute(
                    "INSERT INTO typed VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                    1, Int.min, Int64.max, 2.5, "ünïcode ✓", true, data, [UInt8]([1, 0, 1]), date, uuid, url, missing)
            }
            let row = try #require(try await database.read { try $0.queryFirst("SELECT * FROM typed") })
            #expect(try row.decode(Int.self, "i") == Int.min)
            #expect(try row.decode(Int64.self, "i64") == Int64.max)
            #expect(try row.decode(Double.self, "d") == 2.5)
            #expect(try row.decode(String.self, "s") == "ünïcode ✓")
            #expect(try row.decode(Bool.self, "b") == true)
            #expect(try row.decode(Data.self, "data") == data)
            #expect(try row.decode([UInt8].self, "bytes") == [1, 0, 1])
            #expect(try row.decode(Date.self, "at") == date)
            #expect(try row.decode(UUID.self, "uuid") == uuid)
            #expect(try row.decode(URL.self, "url") == url)
            #expect(try row.decode(String?.self, "missing") == nil)
            // Storage forms are the documented portable ones.
            #expect(row["at"] == .integer(1_700_000_000_123))
            #expect(row["b"] == .integer(1))
            #expect(row["uuid"] == .text(uuid.uuidString.lowercased()))
        }
    }

    @Test(arguments: Backend.allCases)
    func dollarPlaceholdersBindByNumberNotPosition(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            // $2 appears first: SQLite numbers it parameter 1, but it must take the second binding.
            try await database.write { try $0.execute("INSERT INTO items (name, id, quantity) VALUES ($2, $1, $1)", 7, "seven") }
            let row = try #require(try await database.read { try $0.queryFirst("SELECT * FROM items WHERE name = $1", "seven") })
            #expect(try row.decode(Int.self, "id") == 7)
            #expect(try row.decode(Int.self, "quantity") == 7)
        }
    }

    @Test(arguments: Backend.allCases, ["SELECT ?", "SELECT ?1", "SELECT :name", "SELECT @name", "SELECT $name", "SELECT $0"])
    func nonPortablePlaceholdersAreRefused(_ backend: Backend, _ sql: String) async throws {
        try await withDatabase(backend) { database in
            let error = await #expect(throws: SQLStoreError.self) { try await database.read { try $0.query(sql, 1) } }
            #expect(error?.code == .bindingMismatch)
        }
    }

    @Test(arguments: Backend.allCases)
    func bindingCountMustMatch(_ backend: Backend) async throws {
        try await withDatabase(backend) { database in
            for bindings: [SQLValue] in [[], [1, 2]] {
                let error = await #expect(throws: SQLStoreError.self) {
                    try await database.read { try $0.query("SELECT $1 AS x", bindings) }
                }
                #expect(error?.code == .bindingMismatch)
            }
            // A repeated placeholder is one parameter.
            let sum = try await database.read { try $0.scalar(Int.self, "SELECT $1 + $1", [21]) }
            #expect(sum == 42)
        }
    }

    @Test(arguments: Backend.allCases)
    func executeReportsRowsAffected(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [itemsSchema]) { database in
            let counts = try await database.write { connection in
                [
                    try connection.execute("INSERT INTO items (id, name) VALUES (1, 'a'), (2, 'b'), (3, 'c')"),
                    try connection.execute("UPDATE items SET quantity = 1 WHERE id >= $1", 2),
                    try connection.execute("CREATE TABLE other (id BIGINT)"),
                    try connection.execute("DELETE FROM items WHERE id = $1", 99),
                    try connection.execute("DELETE FROM items"),
                ]
            }
            #expect(counts == [3, 2, 0, 0, 3])
        }
    }

    @Test(arguments: Backend.allCases)
    func returningGivesGeneratedValues(_ backend: Backend) async throws {
        let schema = Migration(
            version: 1, name: "notes",
            sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL, created_at BIGINT NOT NULL);")
        try await withDatabase(backend, migrations: [schema]) { database in
            let ids = try await database.write { connection in
                try (0..<3).map { index in
                    try connection.queryFirst(
                        "INSERT INTO notes (body, created_at) VALUES ($1, $2) RETURNING id", "n\(index)", Date()
                    )!.decode(Int.self, "id")
                }
            }
            #expect(ids == [1, 2, 3])
        }
    }

    @Test(arguments: Backend.allCases)
    func manyDistinctStatementsThroughASmallCache(_ backend: Backend) async throws {
        let directory = try TemporaryDirectory()
        let database = try backend.configuration(in: directory, statementCacheCapacity: 2).openSync()
        defer { database.closeSync() }
        let sums = try database.readSync { connection in
            try (1...20).map { n in try connection.scalar(Int.self, "SELECT \(n) + $1", [1]) }
        }
        #expect(sums == (1...20).map { $0 + 1 })
    }
}
