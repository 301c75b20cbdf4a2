import Foundation

/// The labels of `Resources/jarvis/eval/stories-eval.json` that the clustering tests do not read: each
/// article's true topic and each event's reference summary. The articles themselves come from
/// `ClusteringEvalTests.loadEval()`, so every test reads the set the same way.
struct StoryEvalLabels: Decodable {
    struct Event: Decodable {
        let id: String
        let topic: String
        let referenceSummary: String
    }
    struct Article: Decodable {
        let id: String
        let topic: String
    }
    let events: [Event]
    let articles: [Article]

    static func load() throws -> StoryEvalLabels {
        try JSONDecoder().decode(
            StoryEvalLabels.self, from: Data(contentsOf: TestPaths.resources.appendingPathComponent("eval/stories-eval.json")))
    }

    /// Article id → true topic.
    var topicOfArticle: [String: String] { Dictionary(uniqueKeysWithValues: articles.map { ($0.id, $0.topic) }) }
}
