import Foundation
import Jarvis
import SQLStore
import Testing

/// Vectors of a model the build no longer makes (an older topic branch) are deleted a bounded number at a
/// time; those of the current models stay. On both engines: the row-value `IN (… LIMIT)` is the portable part.
@Suite struct RetiredVectorsTests {
    @Test(arguments: StoreEngine.allCases)
    func retiredModelsGoInBoundedStepsAndCurrentOnesStay(engine: StoreEngine) async throws {
        try await engine.withDatabase { database in
            let stories = StoryStore(database: database)
            try await database.write { connection in
                try connection.execute(
                    "INSERT INTO stories (id, created_at, updated_at, headline, last_article_at) VALUES ('s1', $1, $1, 'H', $1)",
                    Date(timeIntervalSince1970: 0))
                for i in 0..<5 {
                    try connection.execute(
                        """
                        INSERT INTO articles (id, story_id, source, source_url, headline, body, published_at, first_seen_at,
                            updated_at, guid, content_hash)
                        VALUES ($1, 's1', 'Wire', 'https://wire.example', 'H', 'B', $2, $2, $2, $1, $1)
                        """, "a\(i)", Date(timeIntervalSince1970: 0))
                }
            }
            let ids = (0..<5).map { "a\($0)" }
            for model in ["enc", "enc/headline", "enc+topic-branch-old", "enc+topic-branch-new"] {
                try await stories.saveEmbeddings(ids.map { ($0, [1, 0]) }, model: model)
            }
            let current = ["enc", "enc/headline", "enc+topic-branch-new"]
            #expect(try await stories.deleteVectors(notMadeBy: current, limit: 3) == 3)
            #expect(try await stories.deleteVectors(notMadeBy: current, limit: 3) == 2)
            #expect(try await stories.deleteVectors(notMadeBy: current, limit: 3) == 0)
            #expect(try await stories.deleteVectors(notMadeBy: [], limit: 3) == 0)
            #expect(try await stories.embeddings(ofStory: "s1", model: "enc+topic-branch-old").isEmpty)
            for model in current { #expect(try await stories.embeddings(ofStory: "s1", model: model).count == 5) }
        }
    }
}
