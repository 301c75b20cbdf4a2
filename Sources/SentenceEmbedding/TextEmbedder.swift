/// Turns a text into a unit-length vector; the dot product of two is their similarity.
public protocol TextEmbedder: Sendable {
    var dimension: Int { get }
    func embed(_ text: String) -> [Float]
}

extension SentenceEncoder: TextEmbedder {}
