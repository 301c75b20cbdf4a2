import Foundation
import Testing

@testable import SQLStore

@Suite struct RowDecodingTests {
    static let schema = Migration(
        version: 1, name: "feeds",
        sql: """
            CREATE TABLE feeds (
                id BIGINT PRIMARY KEY,
                title TEXT NOT NULL,
                site_url TEXT,
                published_at BIGINT NOT NULL,
                is_active INTEGER NOT NULL,
                kind TEXT NOT NULL,
                priority BIGINT NOT NULL,
                score DOUBLE PRECISION NOT NULL,
                icon BLOB,
                note TEXT
            );
            INSERT INTO feeds VALUES (1, 'Tech', 'https://tech.example', 1700000000000, 1, 'rss', 2, 0.75, x'00ff00', NULL);
            INSERT INTO feeds VALUES (2, 'Art', NULL, 1700000001500, 0, 'atom', 1, 3, NULL, 'hi');
            """)

    enum Kind: String, Decodable { case rss, atom }
    enum Priority: Int, Decodable {
        case low = 1
        case high = 2
    }

    struct Feed: Decodable, Equatable {
        var id: Int64
        var title: String
        var siteURL: URL?
        var publishedAt: Date
        var isActive: Bool
        var kind: Kind
        var priority: Priority
        var score: Double
        var icon: Data?
        var note: String?
        var notAColumn: String?
    }

    @Test(arguments: Backend.allCases)
    func decodesStructsWithSnakeCaseColumns(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [Self.schema]) { database in
            let feeds = try await database.read { try $0.query(Feed.self, "SELECT * FROM feeds ORDER BY id") }
            #expect(feeds.count == 2)
            #expect(
                feeds.first
                    == Feed(
                        id: 1, title: "Tech", siteURL: URL(string: "https://tech.example"),
                        publishedAt: Date(timeIntervalSince1970: 1_700_000_000), isActive: true, kind: .rss,
                        priority: .high, score: 0.75, icon: Data([0, 255, 0]), note: nil, notAColumn: nil))
            let art = try #require(feeds.last)
            #expect(art.siteURL == nil)
            #expect(art.publishedAt == Date(timeIntervalSince1970: 1_700_000_001.5))
            #expect(art.score == 3)  // INTEGER value read as Double
            #expect(art.isActive == false)
            #expect(art.note == "hi")
            let byID = try await database.read { try $0.queryFirst(Feed.self, "SELECT * FROM feeds WHERE id = $1", Int64(2)) }
            #expect(byID == art)
            let none = try await database.read { try $0.queryFirst(Feed.self, "SELECT * FROM feeds WHERE id = $1", 99) }
            #expect(none == nil)
        }
    }

    @Test(arguments: Backend.allCases)
    func decodeErrorsNameTheColumn(_ backend: Backend) async throws {
        struct WrongType: Decodable { var title: Int }
        struct Missing: Decodable { var subtitle: String }
        struct NullInto: Decodable { var siteUrl: String }
        struct BadEnum: Decodable { var title: Kind }
        try await withDatabase(backend, migrations: [Self.schema]) { database in
            let row = try #require(try await database.read { try $0.queryFirst("SELECT * FROM feeds WHERE id = 2") })
            let wrong = #expect(throws: SQLStoreError.self) { try row.decode(as: WrongType.self) }
            #expect(wrong?.code == .typeMismatch)
            #expect(wrong?.message.contains("title") == true)
            let missing = #expect(throws: SQLStoreError.self) { try row.decode(as: Missing.self) }
            #expect(missing?.code == .missingColumn)
            let null = #expect(throws: SQLStoreError.self) { try row.decode(as: NullInto.self) }
            #expect(null?.code == .unexpectedNull)
            #expect(null?.message.contains("site_url") == true)
            let badEnum = #expect(throws: SQLStoreError.self) { try row.decode(as: BadEnum.self) }
            #expect(badEnum?.code == .typeMismatch)
        }
    }

    @Test(arguments: Backend.allCases)
    func typedColumnAccess(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [Self.schema]) { database in
            let row = try #require(try await database.read { try $0.queryFirst("SELECT * FROM feeds WHERE id = $1", 2) })
            #expect(row["title"] == .text("Art"))
            #expect(row["TITLE"] == .text("Art"))  // case-insensitive fallback, as PostgreSQL folds names
            #expect(row["nope"] == nil)
            #expect(try row.decode(String?.self, "site_url") == nil)
            #expect(try row.decode(Int?.self, "priority") == 1)
            #expect(try row.decode(Int.self, at: 0) == 2)

            let null = #expect(throws: SQLStoreError.self) { try row.decode(String.self, "site_url") }
            #expect(null?.code == .unexpectedNull)
            let mismatch = #expect(throws: SQLStoreError.self) { try row.decode(Int.self, "title") }
            #expect(mismatch?.code == .typeMismatch)
            #expect(mismatch?.message.contains("'title'") == true)
            #expect(try row.decode(Bool.self, "priority") == true)  // INTEGER 1
            let notBool = #expect(throws: SQLStoreError.self) { try row.decode(Bool.self, "score") }
            #expect(notBool?.code == .typeMismatch)  // REAL 3.0 is not a stored boolean
            let missing = #expect(throws: SQLStoreError.self) { try row.decode(Int.self, "nope") }
            #expect(missing?.code == .missingColumn)
        }
    }

    @Test(arguments: Backend.allCases)
    func singleColumnRowsDecodeToScalars(_ backend: Backend) async throws {
        try await withDatabase(backend, migrations: [Self.schema]) { database in
            let titles = try await database.read { try $0.query(String.self, "SELECT title FROM feeds ORDER BY id") }
            #expect(titles == ["Tech", "Art"])
            let narrow = try await database.read { try $0.query(Int8.self, "SELECT priority FROM feeds ORDER BY id") }
            #expect(narrow == [2, 1])
            let overflow = await #expect(throws: SQLStoreError.self) {
                try await database.read { try $0.query(Int8.self, "SELECT 1000") }
            }
            #expect(overflow?.code == .typeMismatch)
        }
    }

    @Test(arguments: [
        ("feedID", "feed_id"), ("publishedAt", "published_at"), ("imageURLString", "image_url_string"),
        ("id", "id"), ("already_snake", "already_snake"), ("v2Score", "v2_score"),
    ])
    func propertyNamesMapToSnakeCase(_ property: String, _ column: String) {
        #expect(snakeCase(property) == column)
    }
}
