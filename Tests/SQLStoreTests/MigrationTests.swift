import ClusterTesting
import Foundation
import SQLStore
import Testing

@Suite struct MigrationTests {
    let v1 = Migration(version: 1, name: "feeds", sql: "CREATE TABLE feeds (id BIGINT PRIMARY KEY, url TEXT NOT NULL);")
    let v2 = Migration(
        version: 2, name: "stories",
        sql: """
            CREATE TABLE stories (id BIGINT PRIMARY KEY, feed_id BIGINT NOT NULL REFERENCES feeds (id));
            CREATE INDEX stories_feed ON stories (feed_id);
            """)
    let v3 = Migration(version: 3, name: "backfill") { connection in
        try connection.execute("INSERT INTO feeds (id, url) VALUES ($1, $2)", 1, "https://example.com/rss")
    }

    @Test(arguments: Backend.allCases)
    func appliesPendingMigrationsInVersionOrder(_ backend: Backend) async throws {
        try await withDatabase(backend) { database in
            // Given out of order: v2 needs v1's table, so this only works if they run sorted.
            let applied = try await database.migrate([v2, v1])
            #expect(applied == [1, 2])
            #expect(try await database.schemaVersion() == 2)
            let names = try await database.read { connection in
                try connection.query("SELECT name FROM schema_migrations ORDER BY version").map {
                    try $0.decode(String.self, "name")
                }
            }
            #expect(names == ["feeds", "stories"])
        }
    }

    /// A reader that loaded the schema before a migration dropped a column names `SELECT *`'s columns
    /// right (SQLite re-prepares the statement at its first step). PostgreSQL refuses a prepared
    /// statement whose result type changed, once: the statement is then prepared again.
    @Test(arguments: Backend.allCases)
    func selectStarAfterAColumnIsDroppedNamesTheRemainingColumns(_ backend: Backend) async throws {
        try await withDatabase(backend, readerCount: 1) { database in
            try await database.migrate([v1])
            try await database.write { try $0.execute("INSERT INTO feeds (id, url) VALUES (1, 'u')") }
            _ = try await database.read { try $0.query("SELECT * FROM feeds") }
            try await database.migrate([
                v1,
                Migration(
                    version: 2, name: "title, then no url",
                    sql: """
                        ALTER TABLE feeds ADD COLUMN title TEXT NOT NULL DEFAULT 't';
                        ALTER TABLE feeds DROP COLUMN url;
                        """),
            ])
            if backend == .postgres {
                await #expect(throws: SQLStoreError.self) { try await database.read { try $0.query("SELECT * FROM feeds") } }
            }
            let row = try #require(try await database.read { try $0.query("SELECT * FROM feeds") }.first)
            #expect(row.columnNames == ["id", "title"])
            #expect(try row.decode(String.self, "title") == "t")
        }
    }

    @Test(arguments: Backend.allCases)
    func isIdempotentAcrossReopen(_ backend: Backend) async throws {
        let directory = try TemporaryDirectory()
        let configuration = DatabaseConfiguration(url: try backend.freshURL(in: directory))
        let first = try await configuration.open(migrations: [v1, v2])
        #expect(try await first.migrate([v1, v2]).isEmpty)
        await first.close()

        let second = try await configuration.open(migrations: [v1, v2])
        #expect(try await second.migrate([v1, v2]).isEmpty)
        #expect(try await second.migrate([v1, v2, v3]) == [3])
        let count = try await second.read { try $0.scalar(Int.self, "SELECT count(*) FROM schema_migrations") }
        #expect(count == 3)
        await second.close()
    }

    @Test(arguments: Backend.allCases)
    func failingMigrationRollsBackAndKeepsVersion(_ backend: Backend) async throws {
        let broken = Migration(
            version: 2, name: "broken",
            sql: """
                CREATE TABLE half_done (id BIGINT PRIMARY KEY);
                INSERT INTO feeds (id, url) VALUES (1, 'x');
                CREATE TABLE oops (;
                """)
        try await withDatabase(backend, migrations: [v1]) { database in
            let error = await #expect(throws: SQLStoreError.self) { try await database.migrate([v1, broken]) }
            #expect(error?.code == .migrationFailed)
            #expect(error?.message.contains("broken") == true)
            #expect(try await database.schemaVersion() == 1)
            let leftovers = try await database.read { connection in
                (
                    try connection.query(
                        connection.dialect == .sqlite
                            ? "SELECT name FROM sqlite_master WHERE name = 'half_done'"
                            : "SELECT table_name FROM information_schema.tables WHERE table_name = 'half_done'"
                    ).count,
                    try connection.scalar(Int.self, "SELECT count(*) FROM feeds")
                )
            }
            #expect(leftovers.0 == 0)
            #expect(leftovers.1 == 0)
        }
    }

    @Test(arguments: Backend.allCases)
    func failingClosureMigrationRollsBack(_ backend: Backend) async throws {
        let failing = Migration(version: 2, name: "throws") { connection in
            try connection.execute("INSERT INTO feeds (id, url) VALUES ($1, $2)", 7, "a")
            throw TestFailure()
        }
        try await withDatabase(backend, migrations: [v1]) { database in
            let error = await #expect(throws: SQLStoreError.self) { try await database.migrate([v1, failing]) }
            #expect(error?.code == .migrationFailed)
            let version = try await database.schemaVersion()
            let rows = try await database.read { try $0.scalar(Int.self, "SELECT count(*) FROM feeds") }
            #expect(version == 1)
            #expect(rows == 0)
        }
    }

    @Test(arguments: Backend.allCases)
    func refusesDatabaseNewerThanTheCode(_ backend: Backend) async throws {
        let directory = try TemporaryDirectory()
        let configuration = DatabaseConfiguration(url: try backend.freshURL(in: directory))
        await (try await configuration.open(migrations: [v1, v2, v3])).close()

        let error = await #expect(throws: SQLStoreError.self) { try await configuration.open(migrations: [v1, v2]) }
        #expect(error?.code == .schemaTooNew)
        #expect(error?.message.contains("version 3") == true)
    }

    @Test(arguments: Backend.allCases)
    func rejectsDuplicateVersions(_ backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let error = await #expect(throws: SQLStoreError.self) {
                try await database.migrate([v1, Migration(version: 1, name: "again", sql: "SELECT 1;")])
            }
            #expect(error?.code == .migrationFailed)
        }
    }

    @Test(arguments: Backend.allCases)
    func syncMigrationForCommandLineTools(_ backend: Backend) throws {
        let directory = try TemporaryDirectory()
        let database = try DatabaseConfiguration(url: try backend.freshURL(in: directory)).openSync(migrations: [v1, v2])
        defer { database.closeSync() }
        #expect(try database.migrateSync([v1, v2, v3]) == [3])
        #expect(try database.readSync { try $0.scalar(Int.self, "SELECT count(*) FROM feeds") } == 1)
    }

    /// Several instances starting together on one PostgreSQL database: each migration runs exactly once.
    @Test func instancesStartingTogetherMigrateOnce() async throws {
        let url = DatabaseURL.postgres(try ThrowawayPostgres.start().freshURL())
        let slow = Migration(version: 4, name: "slow") { connection in
            try connection.execute("INSERT INTO feeds (id, url) VALUES ($1, $2)", 4, "https://example.com/4")
            usleep(200_000)  // widens the window in which another instance could run it too
        }
        let opened = try await withThrowingTaskGroup(of: (any Database).self) { group in
            for _ in 0..<4 {
                group.addTask { try await DatabaseConfiguration(url: url, readerCount: 1).open(migrations: [v1, v2, v3, slow]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let database = opened[0]
        #expect(try await database.read { try $0.scalar(Int.self, "SELECT count(*) FROM schema_migrations") } == 4)
        #expect(try await database.read { try $0.scalar(Int.self, "SELECT count(*) FROM feeds") } == 2)
        for each in opened { await each.close() }
    }
}
