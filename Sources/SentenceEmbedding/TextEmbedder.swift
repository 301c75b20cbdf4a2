/// Turns a text into a unit-length vector; the dot product of two is their similarity.
public protocol TextEmbedder: Sendable {
    var dimension: Int { get }
    /// Names the model and its settings: embeddings with different identifiers do not compare.
    var identifier: String { get }
    func embed(_ text: String) -> [Float]
    /// Several texts at once, in order (an embedder may share work between them).
    func embed(_ texts: [String]) -> [[Float]]
    /// Names the task-tuned vectors the embedder makes alongside its own (`EncoderBranch`), in order; empty: none.
    var branchIdentifiers: [String] { get }
    /// Each text's vector and its vector from every branch (in `branchIdentifiers` order), texts in order.
    func embedWithBranches(_ texts: [String]) -> [(vector: [Float], branches: [[Float]])]
}

extension TextEmbedder {
    public func embed(_ texts: [String]) -> [[Float]] { texts.map { embed($0) } }
    public var branchIdentifiers: [String] { [] }
    public func embedWithBranches(_ texts: [String]) -> [(vector: [Float], branches: [[Float]])] {
        embed(texts).map { ($0, []) }
    }
}

extension SentenceEncoder: TextEmbedder {
    public var identifier: String { "all-MiniLM-L6-v2/\(maxTokens)" }
}
