import Foundation
import Jarvis
import SQLStore
import Testing

/// Version 7 keeps one vector per article and model (the embedding and the topic branch's vector side by side);
/// the vectors an installation stored under version 4's one-per-article table carry over.
@Suite struct ArticleVectorsMigrationTests {
    @Test func storedEmbeddingsCarryOverAndASecondModelStandsBeside() async throws {
        let path = temporaryDirectory() + ".sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try SQLiteDatabase(path: path)
        defer { database.closeSync() }
        _ = try await database.migrate(JarvisSchema.migrations.filter { $0.version <= 6 })
        let vector: [Float] = [0.6, 0.8, 0]
        let bytes = vector.flatMap { value in withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) } }
        try await database.write { connection in
            try connection.execute(
                "INSERT INTO stories (id, created_at, updated_at, headline, last_article_at) VALUES ('s1', 0, 0, 'H', 0)")
            try connection.execute(
                """
                INSERT INTO articles (id, story_id, source, source_url, headline, body, published_at, first_seen_at, updated_at,
                    guid, content_hash)
                VALUES ('a1', 's1', 'Wire', 'https://wire.example', 'H', 'B', 0, 0, 0, 'g1', 'h1')
                """)
            try connection.execute(
                "INSERT INTO article_embeddings (article_id, model, vector) VALUES ('a1', 'enc/3', $1)", bytes)
        }
        _ = try await database.migrate(JarvisSchema.migrations)
        let stories = StoryStore(database: database)
        #expect(try await stories.embeddings(ofStory: "s1", model: "enc/3") == ["a1": vector])
        try await stories.saveEmbeddings([("a1", [0, 0, 1])], model: "enc/3+topics-1")
        try await stories.saveEmbeddings([("a1", [0, 1, 0])], model: "enc/3+topics-1")
        #expect(try await stories.embeddings(ofStory: "s1", model: "enc/3") == ["a1": vector])
        #expect(try await stories.embeddings(ofStory: "s1", model: "enc/3+topics-1") == ["a1": [0, 1, 0]])
    }
}
