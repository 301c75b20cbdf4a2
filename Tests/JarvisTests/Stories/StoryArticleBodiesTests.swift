import Foundation
import Jarvis
import SQLStore
import Synchronization
import Testing

/// A story's analysis reads the bodies of 64 articles at most (each source's newest first): the store loads
/// those bodies only, so a story of thousands of articles costs no more to analyse than one of 64, and the
/// analysis is the same as with every body loaded; the topic reads those articles' vectors only. On both engines:
/// the `IN` list is the portable part.
@Suite struct StoryArticleBodiesTests {
    @Test(arguments: StoreEngine.allCases)
    func onlyTheBodiesTheAnalysisReadsAreLoaded(engine: StoreEngine) async throws {
        try await engine.withDatabase { database in
            let stories = StoryStore(database: database)
            let start = Date(timeIntervalSince1970: 1_790_000_000)
            let sources = ["Harbour Wire", "Coast Daily", "Port Gazette"]
            try await database.write { connection in
                try connection.execute(
                    "INSERT INTO stories (id, created_at, updated_at, headline, last_article_at) VALUES ('s1', $1, $1, 'H', $1)",
                    start)
                for i in 0..<90 {
                    try connection.execute(
                        """
                        INSERT INTO articles (id, story_id, source, source_url, headline, body, published_at, first_seen_at,
                            updated_at, guid, content_hash)
                        VALUES ($1, 's1', $2, 'https://wire.example', $3, $4, $5, $5, $5, $1, $1)
                        """, String(format: "a%03d", i), sources[i % 3], "Dock workers strike at Valmera port, day \(i)",
                        "Dock workers at the Port of Valmera stayed out on day \(i) of the strike over pay. "
                            + "Container traffic remained halted, the port authority said on Monday.",
                        start.addingTimeInterval(Double(i) * 600))
                }
            }
            let analyzer = StoryAnalyzer()
            let seenBodies = Mutex<[String]>([])
            let loaded = try await stories.storyArticles("s1") { heads in
                seenBodies.withLock { $0 = heads.map(\.body) }
                return analyzer.articlesRead(heads)
            }
            let everything = try await stories.storyArticles("s1") { Set($0.map(\.id)) }
            #expect(seenBodies.withLock { $0.count == 90 && $0.allSatisfy(\.isEmpty) }, "the choice sees no body")
            #expect(loaded.map(\.id) == everything.map(\.id), "every article, earliest first")
            let read = analyzer.articlesRead(everything)
            #expect(read.count == 64)
            #expect(loaded.filter { !$0.body.isEmpty }.map(\.id) == everything.filter { read.contains($0.id) }.map(\.id))
            #expect(everything.allSatisfy { !$0.body.isEmpty })
            // The topic reads the vectors of the same articles.
            try await stories.saveEmbeddings(everything.map { ($0.id, [1, 0]) }, model: "enc")
            let vectors = try await stories.embeddings(ofStory: "s1", model: "enc", articles: read.sorted())
            #expect(Set(vectors.keys) == read)
            #expect(try await stories.embeddings(ofStory: "s1", model: "enc").count == 90)
            #expect(try await stories.embeddings(ofStory: "s1", model: "enc", articles: []).isEmpty)
            // A page of stories lists each source's earliest article, picked by the database.
            let listed = try await stories.sources(of: ["s1", "none"])
            #expect(listed["s1"]?.map(\.articleId) == ["a000", "a001", "a002"])
            #expect(listed["s1"]?.map(\.name) == sources)
            #expect(listed["none"] == nil)
            let now = start.addingTimeInterval(90 * 600)
            #expect(analyzer.analyze(loaded, topic: .africa, now: now) == analyzer.analyze(everything, topic: .africa, now: now))
        }
    }
}
