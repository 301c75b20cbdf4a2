/// What the clusterer keeps per article and per story (`StoryClusterer`): interned vectors, the centroid
/// of a story still in the index, its latest members for the learned join, and where it stands.

struct InternedArticle {
    /// Sublinear term frequencies, L2-normalised (no IDF: that is applied when comparing).
    var terms: SparseVector
    /// The headline's terms, binary, L2-normalised.
    var title: SparseVector
    var entities: [UInt32]
    var quantities: [UInt32]
    /// Sentence embedding (unit length), empty without an embedder.
    var embedding: [Float]
    /// The headline's embedding (unit length), empty without an embedder.
    var headline: [Float]
    /// The event branch's vector (unit length), empty without one (`ArticleFeatures.eventEmbedding`).
    var event: [Float]
}

struct Story {
    enum State: Equatable {
        case indexed, archived, removed
        case absorbed(into: Int32)
    }

    var id: String
    var articleIds: [String] = []
    var first: Double
    var latest: Double
    /// Sum of the articles' normalised term vectors; IDF applied when compared.
    var terms = SparseVector()
    /// Sum of the articles' normalised headline vectors.
    var title = SparseVector()
    /// How many articles named each entity / quantity.
    var entities = SparseVector()
    var quantities = SparseVector()
    /// The latest `joinMembers` articles, oldest first (kept with an embedder only).
    var members = StoryMembers()
    var state = State.indexed
    /// Place in the clusterer's indexed stories and meaning rows (while indexed).
    var slot: Int32 = -1
    /// Cached tf-idf norm of `terms` and the document count it was computed at (-1: stale).
    var norm: Float = 0
    var normAt = -1

    init(id: String, first: Double, latest: Double) {
        self.id = id
        self.first = first
        self.latest = latest
    }

    mutating func clearFeatures() {
        normAt = -1
        terms = SparseVector()
        title = SparseVector()
        entities = SparseVector()
        quantities = SparseVector()
        members = StoryMembers()
    }
}

extension Array where Element == UInt32 {
    /// Membership in a sorted array.
    func binarySearchContains(_ value: UInt32) -> Bool {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < count && self[low] == value
    }
}

/// Story indices waiting for their second chance (`StoryClusterer.reconsiderLoneArticles`), first in first out:
/// the consumed head is dropped once it is half the array, so each push and pop is amortised O(1).
struct LoneStoryQueue {
    private var items: [Int32] = []
    private var head = 0

    var first: Int32? { head < items.count ? items[head] : nil }

    mutating func append(_ story: Int32) { items.append(story) }

    mutating func popFirst() {
        head += 1
        if head >= 1_024 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
    }
}
