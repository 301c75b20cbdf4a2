import Foundation

/// One labelled item of the topic corpus (`Resources/jarvis/topics/corpus.jsonl`, one JSON object a line).
public struct LabelledText: Sendable, Codable, Equatable, Identifiable {
    public var id: String
    public var topic: Topic
    public var headline: String
    public var body: String
    /// The invented outlet; not used as a feature (the hint stands for the feed).
    public var source: String?
    /// The feed's topic hint (`finance|tech|politics|africa`), nil when the feed has none.
    public var feedHint: String?

    public init(id: String, topic: Topic, headline: String, body: String, source: String? = nil, feedHint: String? = nil) {
        self.id = id
        self.topic = topic
        self.headline = headline
        self.body = body
        self.source = source
        self.feedHint = feedHint
    }
}

/// A corpus line that does not parse, with its line number.
public struct TopicCorpusError: Error, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var reason: String
    public var description: String { "\(path):\(line): \(reason)" }
}
