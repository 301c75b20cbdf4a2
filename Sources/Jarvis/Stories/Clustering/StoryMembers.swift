/// A story's latest articles as the learned join decision compares them (oldest first): their
/// headline terms, times, and embeddings.
///
/// The embeddings sit in one contiguous array, row k for member k: a candidate story's members are
/// read together for every article scored against it, and one array per member meant a cache miss
/// per member once the open window holds thousands of stories (`make bench-stories`, learned path).
struct StoryMembers {
    /// Headline terms, binary, L2-normalised (as `InternedArticle.title`).
    private(set) var titles: [SparseVector] = []
    private(set) var times: [Double] = []
    /// Row length: the first embedding's; 0 until one arrives.
    private var dimension = 0
    private var meaning: [Float] = []
    /// Per member: its row holds an embedding (a missing or odd-sized one leaves a zero row).
    private var hasMeaning: [Bool] = []

    var count: Int { times.count }

    /// Adds an article, keeping the latest `limit` (the oldest leaves first).
    mutating func append(title: SparseVector, embedding: [Float], time: Double, keeping limit: Int) {
        guard limit > 0 else { return }
        if dimension == 0 && !embedding.isEmpty {
            dimension = embedding.count
            meaning = Array(repeating: 0, count: count * dimension)
        }
        let fits = !embedding.isEmpty && embedding.count == dimension
        // The oldest leaves before the new one arrives, so the arrays never outgrow `limit` members
        // (appending first would double their capacity: twice the memory for every full story).
        if count >= limit { dropFirst(count - limit + 1) }
        titles.append(title)
        times.append(time)
        hasMeaning.append(fits)
        if dimension > 0 {
            // Grown one row at a time, not doubled: most stories never fill their `limit` rows, and
            // a doubled array would hold up to twice the bytes (copying at most `limit` rows is cheap).
            if meaning.capacity < meaning.count + dimension { meaning.reserveCapacity(meaning.count + dimension) }
            if fits {
                meaning.append(contentsOf: embedding)
            } else {
                meaning.append(contentsOf: repeatElement(0, count: dimension))
            }
        }
    }

    /// Both stories' members by time (ties: this story's first), the latest `limit`.
    mutating func merge(_ other: StoryMembers, keeping limit: Int) {
        let all = (0..<count).map { (self, $0) } + (0..<other.count).map { (other, $0) }
        let order = all.indices.sorted { a, b in
            let x = all[a].0.times[all[a].1]
            let y = all[b].0.times[all[b].1]
            return x != y ? x < y : a < b
        }
        var merged = StoryMembers()
        for k in order {
            let (source, member) = all[k]
            merged.append(
                title: source.titles[member], embedding: source.embedding(member), time: source.times[member], keeping: .max)
        }
        if merged.count > limit { merged.dropFirst(merged.count - limit) }
        self = merged
    }

    /// The member's embedding, empty when it had none.
    func embedding(_ member: Int) -> [Float] {
        hasMeaning[member] ? Array(meaning[member * dimension..<(member + 1) * dimension]) : []
    }

    /// The highest dot product of `unit` with a member's embedding, nil when no member's is comparable.
    func maxMeaningDot(_ unit: [Float]) -> Float? {
        guard dimension > 0, unit.count == dimension else { return nil }
        var best: Float?
        meaning.withUnsafeBufferPointer { rows in
            unit.withUnsafeBufferPointer { u in
                for member in 0..<count where hasMeaning[member] {
                    let dot = MeaningIndex.dot(u.baseAddress!, rows.baseAddress! + member * dimension, count: dimension)
                    best = max(best ?? dot, dot)
                }
            }
        }
        return best
    }

    private mutating func dropFirst(_ n: Int) {
        titles.removeFirst(n)
        times.removeFirst(n)
        hasMeaning.removeFirst(n)
        if dimension > 0 { meaning.removeFirst(n * dimension) }
    }
}
