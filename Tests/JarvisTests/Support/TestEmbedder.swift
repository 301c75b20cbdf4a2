import Foundation
import Jarvis
import SentenceEmbedding
import Synchronization

/// The sentence encoder the tests share (third_party/sentence-model, fetched by setup) with the shipped event
/// branch (the join model's), as the server loads it, with a cache: evaluation tests cluster the same articles
/// in several orders.
final class CachedEmbedder: TextEmbedder {
    static let shared: CachedEmbedder = {
        let directory = TestPaths.repository.appendingPathComponent("third_party/sentence-model").path
        let branch = JoinModel.eventBranchPath(resourcesDirectory: TestPaths.resources.path)
        do {
            return CachedEmbedder(
                try SentenceEncoder(
                    directory: directory, branches: FileManager.default.fileExists(atPath: branch) ? [branch] : []))
        } catch {
            fatalError("\(error) (run scripts/setup.sh)")
        }
    }()

    let encoder: SentenceEncoder
    private let cache = Mutex<[String: [Float]]>([:])
    private let branchCache = Mutex<[String: [[Float]]]>([:])

    init(_ encoder: SentenceEncoder) { self.encoder = encoder }

    var dimension: Int { encoder.dimension }
    var identifier: String { encoder.identifier }
    var branchIdentifiers: [String] { encoder.branchIdentifiers }

    func embedWithBranches(_ texts: [String]) -> [(vector: [Float], branches: [[Float]])] {
        texts.map { text in
            if let branches = branchCache.withLock({ $0[text] }) { return (embed(text), branches) }
            let out = encoder.embedWithBranches([text])[0]
            cache.withLock { $0[text] = out.vector }
            branchCache.withLock { $0[text] = out.branches }
            return out
        }
    }

    func embed(_ text: String) -> [Float] {
        if let hit = cache.withLock({ $0[text] }) { return hit }
        let vector = encoder.embed(text)
        cache.withLock { $0[text] = vector }
        return vector
    }
}
