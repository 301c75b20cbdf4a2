/// The open stories' meaning: per story the sum of its articles' sentence embeddings, one row
/// per story in one contiguous array, with each row's norm kept beside it, for the clusterer's
/// scan of the stories nearest in meaning to a new article.
///
/// Why not each story's own sum: the scan reads thousands of rows per article, and scattered
/// arrays whose norm is recomputed on every read cost about eight times more (measured with
/// `make bench-stories`, learned path); with the norm at hand the cosine is one dot product over
/// memory read in order. Rows are addressed by slot; the clusterer keeps slots aligned with its
/// list of indexed stories (a new story appends, a sweep compacts both the same way).
struct MeaningIndex {
    /// Row length: 0 until the first embedding arrives (the encoder decides it).
    private(set) var dimension = 0
    private(set) var count = 0
    private var rows: [Float] = []
    private var norms: [Float] = []
    /// Per slot: at least one embedding was added (an embedding of another length is ignored).
    private var filled: [Bool] = []

    /// A new, empty row (cosine 0 with everything) at slot `count`.
    mutating func append() {
        count += 1
        norms.append(0)
        filled.append(false)
        if dimension > 0 { rows.append(contentsOf: repeatElement(0, count: dimension)) }
    }

    /// The slot holds a sum of embeddings of this length.
    func has(_ slot: Int, dimension length: Int) -> Bool { (0..<count).contains(slot) && filled[slot] && length == dimension }

    /// Adds an article's embedding to the slot's sum.
    mutating func add(_ embedding: [Float], to slot: Int) {
        guard !embedding.isEmpty else { return }
        if dimension == 0 {
            dimension = embedding.count
            rows = Array(repeating: 0, count: count * dimension)
        }
        guard embedding.count == dimension else { return }
        let base = slot * dimension
        for c in 0..<dimension { rows[base + c] += embedding[c] }
        filled[slot] = true
        updateNorm(slot)
    }

    /// Adds one slot's sum to another's (stories merged) and empties the first.
    mutating func move(_ from: Int, into slot: Int) {
        guard dimension > 0, filled[from] else { return clear(from) }
        let source = from * dimension
        let target = slot * dimension
        for c in 0..<dimension { rows[target + c] += rows[source + c] }
        filled[slot] = true
        updateNorm(slot)
        clear(from)
    }

    /// The slot's row becomes zero: the story no longer comes up in a scan.
    mutating func clear(_ slot: Int) {
        norms[slot] = 0
        filled[slot] = false
        guard dimension > 0 else { return }
        let base = slot * dimension
        for c in 0..<dimension { rows[base + c] = 0 }
    }

    /// Keeps the rows of `slots` (ascending), in that order, as slots 0, 1, …
    ///
    /// In place (each kept row moves down, the tail is cut): a new array per sweep, tens of
    /// megabytes with a busy window, left the allocator holding freed copies.
    mutating func compact(keeping slots: [Int]) {
        let d = dimension
        rows.withUnsafeMutableBufferPointer { r in
            for (target, source) in slots.enumerated() where source != target && d > 0 {
                for c in 0..<d { r[target * d + c] = r[source * d + c] }
            }
        }
        for (target, source) in slots.enumerated() {
            norms[target] = norms[source]
            filled[target] = filled[source]
        }
        rows.removeLast((count - slots.count) * d)
        norms.removeLast(count - slots.count)
        filled.removeLast(count - slots.count)
        count = slots.count
    }

    /// Cosine of two slots' sums (0 when either is empty).
    func cosine(_ a: Int, _ b: Int) -> Float {
        guard dimension > 0, (0..<count).contains(a), (0..<count).contains(b), norms[a] > 0, norms[b] > 0 else { return 0 }
        return rows.withUnsafeBufferPointer { r in
            Self.dot(r.baseAddress! + a * dimension, r.baseAddress! + b * dimension, count: dimension) / (norms[a] * norms[b])
        }
    }

    private mutating func updateNorm(_ slot: Int) {
        let d = dimension
        norms[slot] = rows.withUnsafeBufferPointer { r in Self.dot(r.baseAddress! + slot * d, r.baseAddress! + slot * d, count: d)
        }
        .squareRoot()
    }

    /// Cosine of a unit vector and the slot's sum.
    func cosine(_ unit: [Float], slot: Int) -> Float {
        guard dimension > 0, unit.count == dimension, norms[slot] > 0 else { return 0 }
        return rows.withUnsafeBufferPointer { r in
            unit.withUnsafeBufferPointer { u in Self.dot(u.baseAddress!, r.baseAddress! + slot * dimension, count: dimension) }
        } / norms[slot]
    }

    /// The `k` slots among the last `limit` whose sums are closest to `unit`, with a cosine above
    /// `floor`, best first (ties: the earlier slot).
    func nearest(to unit: [Float], k: Int, floor: Float, limit: Int) -> [(slot: Int, cosine: Float)] {
        guard k > 0, dimension > 0, unit.count == dimension else { return [] }
        var best: [(slot: Int, cosine: Float)] = []
        best.reserveCapacity(k + 1)
        rows.withUnsafeBufferPointer { r in
            unit.withUnsafeBufferPointer { u in
                for slot in max(0, count - limit)..<count where norms[slot] > 0 {
                    let cosine = Self.dot(u.baseAddress!, r.baseAddress! + slot * dimension, count: dimension) / norms[slot]
                    guard cosine > floor, best.count < k || cosine > best[best.count - 1].cosine else { continue }
                    let at = best.firstIndex { $0.cosine < cosine } ?? best.count
                    best.insert((slot, cosine), at: at)
                    if best.count > k { best.removeLast() }
                }
            }
        }
        return best
    }

    /// Σ a[i]·b[i] over equal-length arrays (0 when the lengths differ).
    static func dot(_ a: [Float], _ b: [Float]) -> Float {
        guard a.count == b.count else { return 0 }
        return a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return 0 }
                return dot(p, q, count: x.count)
            }
        }
    }

    /// Σ a[i]·b[i] in sixteen lanes (two independent 8-wide sums the compiler keeps in vector
    /// registers), then the remainder.
    static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, count: Int) -> Float {
        var sum0 = SIMD8<Float>()
        var sum1 = SIMD8<Float>()
        let x = UnsafeRawPointer(a)
        let y = UnsafeRawPointer(b)
        let stride = MemoryLayout<SIMD8<Float>>.stride
        var i = 0
        while i + 16 <= count {
            let offset = i * MemoryLayout<Float>.stride
            sum0 +=
                x.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                * y.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            sum1 +=
                x.loadUnaligned(fromByteOffset: offset + stride, as: SIMD8<Float>.self)
                * y.loadUnaligned(fromByteOffset: offset + stride, as: SIMD8<Float>.self)
            i += 16
        }
        var total = (sum0 + sum1).sum()
        while i < count {
            total += a[i] * b[i]
            i += 1
        }
        return total
    }
}
