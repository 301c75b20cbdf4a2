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

    /// The member's headline embedding and event-branch vector, empty when it had none.
    func headline(_ member: Int) -> [Float] { headlines.row(member) }
    func event(_ member: Int) -> [Float] { events.row(member) }

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

/// One vector per member in one contiguous array (a missing or odd-sized vector leaves a zero row), each
/// stored as 8-bit integers with a scale of its own (its largest magnitude / 127): a member's three vectors
/// take 1.2 KB instead of 4.6 KB, and a cosine read from them is within about 0.001 of the exact one (the join
/// model is trained on what this gives: `StoryPairs` replays through the same code).
struct MemberVectors {
    /// Row length: the first vector's; 0 until one arrives.
    private(set) var dimension = 0
    private var rows: [Int8] = []
    /// Per member: the row's scale (0 for a zero row).
    private var scales: [Float] = []
    /// Per member: its row holds a vector.
    private var has: [Bool] = []

    /// Adds the row of the member after the `members` already held.
    mutating func append(_ vector: [Float], members: Int) {
        if dimension == 0 && !vector.isEmpty {
            dimension = vector.count
            rows = Array(repeating: 0, count: members * dimension)
            scales = Array(repeating: 0, count: members)
        }
        let fits = !vector.isEmpty && vector.count == dimension
        has.append(fits)
        guard dimension > 0 else { return }
        // Grown one row at a time, not doubled: most stories never fill their `limit` rows, and
        // a doubled array would hold up to twice the bytes (copying at most `limit` rows is cheap).
        if rows.capacity < rows.count + dimension { rows.reserveCapacity(rows.count + dimension) }
        let largest = fits ? vector.reduce(0) { max($0, abs($1)) } : 0
        guard largest > 0, largest.isFinite else {
            rows.append(contentsOf: repeatElement(0, count: dimension))
            scales.append(0)
            return
        }
        let scale = largest / 127
        rows.append(contentsOf: vector.map { Int8(max(-127, min(127, ($0 / scale).rounded()))) })
        scales.append(scale)
    }

    /// The member's vector as stored (empty when it had none).
    func row(_ member: Int) -> [Float] {
        guard has[member] else { return [] }
        let scale = scales[member]
        return rows[member * dimension..<(member + 1) * dimension].map { Float($0) * scale }
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
                    let dot =
                        Self.dot(rows.baseAddress! + member * dimension, u.baseAddress!, count: dimension)
                        * scales[member]
                    best = max(best ?? dot, dot)
                    sum += dot
                    n += 1
                }
            }
        }
        return best.map { ($0, sum / Float(n)) }
    }

    /// Σ row[i] · unit[i], eight lanes at a time.
    @inline(__always)
    static func dot(_ row: UnsafePointer<Int8>, _ unit: UnsafePointer<Float>, count: Int) -> Float {
        var lanes = SIMD8<Float>()
        var i = 0
        while i + 8 <= count {
            let q = UnsafeRawPointer(row + i).loadUnaligned(as: SIMD8<Int8>.self)
            let u = UnsafeRawPointer(unit + i).loadUnaligned(as: SIMD8<Float>.self)
            lanes += SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: q)) * u
            i += 8
        }
        var total = lanes.sum()
        while i < count {
            total += Float(row[i]) * unit[i]
            i += 1
        }
        return total
    }

    mutating func dropFirst(_ n: Int) {
        has.removeFirst(n)
        if dimension > 0 {
            rows.removeFirst(n * dimension)
            scales.removeFirst(n)
        }
    }
}
