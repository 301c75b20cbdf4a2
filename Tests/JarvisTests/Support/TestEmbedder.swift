import Foundation
import SentenceEmbedding
import Synchronization

/// The sentence encoder the tests share (third_party/sentence-model, fetched by setup), with a
/// cache: evaluation tests cluster the same articles in several orders.
final class CachedEmbedder: TextEmbedder {
    static let shared: CachedEmbedder = {
        let directory = TestPaths.repository.appendingPathComponent("third_party/sentence-model").path
        do { return CachedEmbedder(try SentenceEncoder(directory: directory)) } catch {
            fatalError("\(error) (run scripts/setup.sh)")
        }
    }()

    let encoder: SentenceEncoder
    private let cache = Mutex<[String: [Float]]>([:])

    init(_ encoder: SentenceEncoder) { self.encoder = encoder }

    var dimension: Int { encoder.dimension }
    var identifier: String { encoder.identifier }

    func embed(_ text: String) -> [Float] {
        if let hit = cache.withLock({ $0[text] }) { return hit }
        let vector = encoder.embed(text)
        cache.withLock { $0[text] = vector }
        return vector
    }
}
