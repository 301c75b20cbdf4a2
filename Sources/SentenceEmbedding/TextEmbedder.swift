/// Turns a text into a unit-length vector; the dot product of two is their similarity.
public protocol TextEmbedder: Sendable {
    var dimension: Int { get }
    /// Names the model and its settings: embeddings with different identifiers do not compare.
    var identifier: String { get }
    func embed(_ text: String) -> [Float]
}

extension SentenceEncoder: TextEmbedder {
    public var identifier: String { "all-MiniLM-L6-v2/\(maxTokens)" }
}
