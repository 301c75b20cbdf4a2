/// A sparse vector as two parallel arrays sorted by feature id: 8 bytes an entry, which keeps
/// hundreds of thousands of story centroids affordable (a Dictionary costs about 4× more).
struct SparseVector: Sendable, Equatable {
    var ids: [UInt32] = []
    var values: [Float] = []

    var count: Int { ids.count }
    var isEmpty: Bool { ids.isEmpty }

    /// Σ self[i] · other[i] · weight(i), by merging the two sorted id lists.
    func dot(_ other: SparseVector, weight: (UInt32) -> Float) -> Float {
        var i = 0
        var j = 0
        var sum: Float = 0
        let a = ids
        let b = other.ids
        while i < a.count && j < b.count {
            let x = a[i]
            let y = b[j]
            if x == y {
                sum += values[i] * other.values[j] * weight(x)
                i += 1
                j += 1
            } else if x < y {
                i += 1
            } else {
                j += 1
            }
        }
        return sum
    }

    /// √Σ (self[i] · weight(i))².
    func norm(weight: (UInt32) -> Float) -> Float {
        var sum: Float = 0
        for (id, value) in zip(ids, values) {
            let w = value * weight(id)
            sum += w * w
        }
        return sum.squareRoot()
    }

    func value(of id: UInt32) -> Float? {
        var low = 0
        var high = ids.count
        while low < high {
            let mid = (low + high) / 2
            if ids[mid] < id { low = mid + 1 } else { high = mid }
        }
        return low < ids.count && ids[low] == id ? values[low] : nil
    }

    /// self + scale · other.
    mutating func add(_ other: SparseVector, scale: Float = 1) {
        var newIds: [UInt32] = []
        var newValues: [Float] = []
        newIds.reserveCapacity(ids.count + other.ids.count)
        newValues.reserveCapacity(ids.count + other.ids.count)
        var i = 0
        var j = 0
        while i < ids.count || j < other.ids.count {
            if j == other.ids.count || (i < ids.count && ids[i] < other.ids[j]) {
                newIds.append(ids[i])
                newValues.append(values[i])
                i += 1
            } else if i == ids.count || other.ids[j] < ids[i] {
                newIds.append(other.ids[j])
                newValues.append(other.values[j] * scale)
                j += 1
            } else {
                newIds.append(ids[i])
                newValues.append(values[i] + other.values[j] * scale)
                i += 1
                j += 1
            }
        }
        ids = newIds
        values = newValues
    }

    /// Keeps the `limit` entries with the highest value · weight (ties: lower id), still sorted by id.
    mutating func prune(to limit: Int, weight: (UInt32) -> Float) {
        guard ids.count > limit else { return }
        let ranked = ids.indices.sorted { a, b in
            let wa = values[a] * weight(ids[a])
            let wb = values[b] * weight(ids[b])
            return wa != wb ? wa > wb : ids[a] < ids[b]
        }
        let kept = ranked.prefix(limit).sorted()
        ids = kept.map { ids[$0] }
        values = kept.map { values[$0] }
    }
}
