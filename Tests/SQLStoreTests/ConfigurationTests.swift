import Foundation
import SQLStore
import Testing

@Suite struct ConfigurationTests {
    @Test(arguments: [
        ("sqlite:///var/lib/app/jarvis.db", "/var/lib/app/jarvis.db"),
        ("sqlite://data/x.sqlite", "data/x.sqlite"),
        ("sqlite:relative.db", "relative.db"),
        ("/abs/plain.sqlite", "/abs/plain.sqlite"),
        ("./data/plain.sqlite", "./data/plain.sqlite"),
    ])
    func parsesSQLiteURLs(_ text: String, _ path: String) throws {
        #expect(try DatabaseURL(parsing: text) == .sqlite(path: path))
    }

    @Test func postgresURLSelectsPostgresAndHidesThePassword() async throws {
        let url = try DatabaseURL(parsing: "postgres://app:secret@127.0.0.1:1/jarvis")
        #expect(url == .postgres("postgres://app:secret@127.0.0.1:1/jarvis"))
        #expect(!url.description.contains("secret"))
        // Port 1: nobody listens, so the open fails at connect, naming the cause but not the password.
        let error = await #expect(throws: SQLStoreError.self) { try await DatabaseConfiguration(url: url).open() }
        #expect(error?.code == .engineFailure)
        #expect(error?.message.contains("secret") == false)
    }

    @Test(arguments: ["", "mysql://host/db", "sqlite://", "redis://127.0.0.1:6379", "postgres://", "postgres://user@host"])
    func rejectsBadURLs(_ text: String) {
        let error = #expect(throws: SQLStoreError.self) { try DatabaseURL(parsing: text) }
        #expect(error?.code == .invalidURL)
    }

    @Test func environmentSelectsTheURL() throws {
        #expect(
            try DatabaseConfiguration.fromEnvironment(name: "jarvis", environment: [:]).url
                == .sqlite(path: "./data/jarvis.sqlite"))
        let configured = try DatabaseConfiguration.fromEnvironment(
            name: "jarvis", environment: ["DATABASE_URL": "sqlite:///tmp/j.db"])
        #expect(configured.url == .sqlite(path: "/tmp/j.db"))
    }

    @Test(arguments: Backend.allCases)
    func openThroughConfigurationAppliesMigrations(_ backend: Backend) async throws {
        let directory = try TemporaryDirectory()
        let url = try DatabaseURL(parsing: try backend.freshURL(in: directory).description)
        let database = try await DatabaseConfiguration(url: url).open(migrations: [itemsSchema])
        #expect(database.dialect == (backend == .sqlite ? .sqlite : .postgres))
        #expect(try await database.schemaVersion() == 1)
        await database.close()
    }
}
