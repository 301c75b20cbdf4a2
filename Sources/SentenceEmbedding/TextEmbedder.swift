/// Turns a text into a unit-length vector; the dot product of two is their similarity.
public protocol TextEmbedder: Sendable {
    var dimension: Int { get }
    /// Names the model and its settings: embeddings with different identifiers do not compare.
    var identifier: String { get }
    func embed(_ text: String) -> [Float]
    /// Several texts at once, in order (an embedder may share work between them).
    func embed(_ texts: [String]) -> [[Float]]
    /// Names a second, task-tuned vector the embedder makes alongside (`EncoderBranch`); nil: none.
    var branchIdentifier: String? { get }
    /// Each text's vector and its branch vector (empty without a branch), in order.
    func embedWithBranch(_ texts: [String]) -> [(vector: [Float], branch: [Float])]
}

extension TextEmbedder {
    public func embed(_ texts: [String]) -> [[Float]] { texts.map { embed($0) } }
    public var branchIdentifier: String? { nil }
    public func embedWithBranch(_ texts: [String]) -> [(vector: [Float], branch: [Float])] { embed(texts).map { ($0, []) } }
}

extension SentenceEncoder: TextEmbedder {
    public var identifier: String { "all-MiniLM-L6-v2/\(maxTokens)" }
}
