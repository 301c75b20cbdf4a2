import Foundation

/// A TF-IDF vector with entries sorted by term id, so dot products add in a fixed order and
/// the analysis gives bit-identical results on every run (dictionary order is per-process).
struct TermVector: Sendable {
    var ids: [Int] = []
    var weights: [Double] = []
    var norm: Double = 0

    var isEmpty: Bool { ids.isEmpty }

    func cosine(_ other: TermVector) -> Double {
        guard norm > 0, other.norm > 0 else { return 0 }
        var i = 0
        var j = 0
        var dot = 0.0
        while i < ids.count && j < other.ids.count {
            if ids[i] == other.ids[j] {
                dot += weights[i] * other.weights[j]
                i += 1
                j += 1
            } else if ids[i] < other.ids[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return dot / (norm * other.norm)
    }

    /// The mean of several vectors (a centroid), still sorted.
    static func centroid(_ vectors: [TermVector]) -> TermVector {
        var sums: [Int: Double] = [:]
        for vector in vectors {
            for (id, weight) in zip(vector.ids, vector.weights) { sums[id, default: 0] += weight }
        }
        var result = TermVector()
        for id in sums.keys.sorted() {
            let weight = sums[id]! / Double(max(vectors.count, 1))
            result.ids.append(id)
            result.weights.append(weight)
        }
        result.norm = result.weights.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return result
    }
}

/// Term ids and document frequencies for one story's texts. Ids follow first appearance, and
/// documents are added in a fixed order, so the same story always gets the same ids.
struct TermSpace {
    private var ids: [String: Int] = [:]
    private var documentFrequency: [Int] = []
    private(set) var documentCount = 0

    mutating func addDocument(_ terms: [String]) {
        documentCount += 1
        var seen = Set<Int>()
        for term in terms {
            let id: Int
            if let existing = ids[term] {
                id = existing
            } else {
                id = documentFrequency.count
                ids[term] = id
                documentFrequency.append(0)
            }
            if seen.insert(id).inserted { documentFrequency[id] += 1 }
        }
    }

    /// Sublinear TF (1 + ln tf) times smoothed IDF (ln(1 + N/df)); unknown terms are ignored.
    func vector(_ terms: [String]) -> TermVector {
        var counts: [Int: Int] = [:]
        for term in terms { if let id = ids[term] { counts[id, default: 0] += 1 } }
        var result = TermVector()
        let n = Double(max(documentCount, 1))
        for id in counts.keys.sorted() {
            let tf = 1 + log(Double(counts[id]!))
            let idf = log(1 + n / Double(max(documentFrequency[id], 1)))
            result.ids.append(id)
            result.weights.append(tf * idf)
        }
        result.norm = result.weights.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return result
    }
}
