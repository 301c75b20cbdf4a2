import SQLStore
import Testing

/// `IN (…)` lists after other bindings, on both engines: the numbered placeholders pick the right values.
@Suite struct PlaceholderTests {
    @Test func listsAreNumberedFromTheirFirstBinding() {
        #expect(SQLPlaceholders.list(3, from: 2) == "$2, $3, $4")
        #expect(SQLPlaceholders.list(1, from: 1) == "$1")
        #expect(SQLPlaceholders.list(0, from: 5) == "")
    }

    @Test(arguments: Backend.allCases)
    func anInListAfterAnotherBindingSelectsItsValues(_ backend: Backend) async throws {
        let schema = Migration(version: 1, name: "items", sql: "CREATE TABLE items (id TEXT PRIMARY KEY, kind TEXT);")
        try await withDatabase(backend, migrations: [schema]) { database in
            try await database.write { connection in
                for (id, kind) in [("a", "x"), ("b", "x"), ("c", "x"), ("d", "y")] {
                    try connection.execute("INSERT INTO items (id, kind) VALUES ($1, $2)", id, kind)
                }
            }
            let ids = ["c", "a", "d"]
            let found = try await database.read { connection in
                try connection.query(
                    "SELECT id FROM items WHERE kind = $1 AND id IN (\(SQLPlaceholders.list(ids.count, from: 2))) ORDER BY id",
                    [SQLValue.text("x")] + ids.map(SQLValue.text)
                ).map { try $0.decode(String.self, "id") }
            }
            #expect(found == ["a", "c"])
        }
    }
}
