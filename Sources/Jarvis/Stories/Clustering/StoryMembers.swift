/// A story's latest articles as the learned join decision compares them (oldest first): their
/// headline terms, times, embeddings, headline embeddings and event-branch vectors.
///
/// Each kind of vector sits in one contiguous array, row k for member k: a candidate story's members
/// are read together for every article scored against it, and one array per member meant a cache miss
/// per member once the open window holds thousands of stories (`make bench-stories`, learned path).
struct StoryMembers {
    /// Headline terms, binary, L2-normalised (as `InternedArticle.title`).
    private(set) var titles: [SparseVector] = []
    private(set) var times: [Double] = []
    private(set) var meaning = MemberVectors()
    private(set) var headlines = MemberVectors()
    private(set) var events = MemberVectors()

    var count: Int { times.count }

    /// Adds an article, keeping the latest `limit` (the oldest leaves first).
    mutating func append(
        title: SparseVector, embedding: [Float], headline: [Float], event: [Float], time: Double, keeping limit: Int
    ) {
        guard limit > 0 else { return }
        // The oldest leaves before the new one arrives, so the arrays never outgrow `limit` members
        // (appending first would double their capacity: twice the memory for every full story).
        if count >= limit { dropFirst(count - limit + 1) }
        titles.append(title)
        times.append(time)
        meaning.append(embedding, members: count - 1)
        headlines.append(headline, members: count - 1)
        events.append(event, members: count - 1)
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
                title: source.titles[member], embedding: source.meaning.row(member), headline: source.headlines.row(member),
                event: source.events.row(member), time: source.times[member], keeping: .max)
        }
        if merged.count > limit { merged.dropFirst(merged.count - limit) }
        self = merged
    }

    /// The member's embedding, empty when it had none.
    func embedding(_ member: Int) -> [Float] { meaning.row(member) }

    /// The highest dot product of `unit` with a member's embedding, nil when no member's is comparable.
    func maxMeaningDot(_ unit: [Float]) -> Float? { meaning.dots(unit)?.max }

    private mutating func dropFirst(_ n: Int) {
        titles.removeFirst(n)
        times.removeFirst(n)
        meaning.dropFirst(n)
        headlines.dropFirst(n)
        events.dropFirst(n)
    }
}

/// One vector per member in one contiguous array (a missing or odd-sized vector leaves a zero row).
struct MemberVectors {
    /// Row length: the first vector's; 0 until one arrives.
    private(set) var dimension = 0
    private var rows: [Float] = []
    /// Per member: its row holds a vector.
    private var has: [Bool] = []

    /// Adds the row of the member after the `members` already held.
    mutating func append(_ vector: [Float], members: Int) {
        if dimension == 0 && !vector.isEmpty {
            dimension = vector.count
            rows = Array(repeating: 0, count: members * dimension)
        }
        let fits = !vector.isEmpty && vector.count == dimension
        has.append(fits)
        guard dimension > 0 else { return }
        // Grown one row at a time, not doubled: most stories never fill their `limit` rows, and
        // a doubled array would hold up to twice the bytes (copying at most `limit` rows is cheap).
        if rows.capacity < rows.count + dimension { rows.reserveCapacity(rows.count + dimension) }
        if fits {
            rows.append(contentsOf: vector)
        } else {
            rows.append(contentsOf: repeatElement(0, count: dimension))
        }
    }

    func row(_ member: Int) -> [Float] {
        has[member] ? Array(rows[member * dimension..<(member + 1) * dimension]) : []
    }

    /// The highest and the mean dot product of `unit` with the members' vectors, nil when none is comparable.
    func dots(_ unit: [Float]) -> (max: Float, mean: Float)? {
        guard dimension > 0, unit.count == dimension else { return nil }
        var best: Float?
        var sum: Float = 0
        var n = 0
        rows.withUnsafeBufferPointer { rows in
            unit.withUnsafeBufferPointer { u in
                for member in has.indices where has[member] {
                    let dot = MeaningIndex.dot(u.baseAddress!, rows.baseAddress! + member * dimension, count: dimension)
                    best = max(best ?? dot, dot)
                    sum += dot
                    n += 1
                }
            }
        }
        return best.map { ($0, sum / Float(n)) }
    }

    mutating func dropFirst(_ n: Int) {
        has.removeFirst(n)
        if dimension > 0 { rows.removeFirst(n * dimension) }
    }
}
