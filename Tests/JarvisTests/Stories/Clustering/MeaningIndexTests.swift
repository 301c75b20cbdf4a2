import Testing

@testable import Jarvis

/// The open stories' embedding sums (`MeaningIndex`) and a story's latest members (`StoryMembers`):
/// what the clusterer's meaning scan and member comparisons read, kept right through appends,
/// merges and the sweep's compaction.
@Suite struct MeaningIndexTests {
    static func unit(_ values: [Float]) -> [Float] {
        let norm = values.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return values.map { $0 / norm }
    }

    @Test func theDotProductMatchesTheScalarSumAtEveryLength() {
        for length in [0, 1, 15, 16, 17, 33, 384] {
            let a = (0..<length).map { Float($0 % 7) - 3 }
            let b = (0..<length).map { Float($0 % 5) * 0.5 }
            let expected = zip(a, b).reduce(Float(0)) { $0 + $1.0 * $1.1 }
            #expect(abs(MeaningIndex.dot(a, b) - expected) < 1e-3, "length \(length)")
        }
        #expect(MeaningIndex.dot([1, 2], [1, 2, 3]) == 0)
    }

    @Test func theScanFindsTheClosestSumsAboveTheFloorAmongTheLastSlots() {
        var index = MeaningIndex()
        for _ in 0..<4 { index.append() }
        index.add(Self.unit([1, 0, 0]), to: 0)
        index.add(Self.unit([1, 0.5, 0]), to: 1)
        index.add(Self.unit([0, 0, 1]), to: 2)
        // Slot 3: two articles whose sum points between them.
        index.add(Self.unit([1, 0, 0]), to: 3)
        index.add(Self.unit([0, 1, 0]), to: 3)
        let query = Self.unit([1, 0.1, 0])

        let all = index.nearest(to: query, k: 3, floor: 0.2, limit: 10)
        #expect(all.map(\.slot) == [0, 1, 3])
        #expect(abs(all[0].cosine - query[0]) < 1e-5)
        #expect(abs(index.cosine(query, slot: 3) - all[2].cosine) < 1e-6)
        // Only the two newest slots are scanned; the orthogonal story is below the floor.
        #expect(index.nearest(to: query, k: 3, floor: 0.2, limit: 2).map(\.slot) == [3])
        #expect(index.has(3, dimension: 3) && !index.has(3, dimension: 4) && !index.has(9, dimension: 3))
    }

    @Test func mergingMovesTheSumAndCompactionKeepsRowsWithTheirSlots() {
        var index = MeaningIndex()
        for _ in 0..<3 { index.append() }
        index.add([1, 0], to: 0)
        index.add([0, 1], to: 1)
        index.add([0.6, 0.8], to: 2)
        index.move(1, into: 0)
        #expect(!index.has(1, dimension: 2))
        #expect(abs(index.cosine([1, 0], slot: 0) - Float(0.5).squareRoot()) < 1e-6)
        #expect(index.nearest(to: [0, 1], k: 5, floor: -1, limit: 5).map(\.slot) == [2, 0])

        index.compact(keeping: [0, 2])
        #expect(index.count == 2)
        #expect(abs(index.cosine([0.6, 0.8], slot: 1) - 1) < 1e-6)
        #expect(abs(index.cosine(0, 1) - Float(1.4) / Float(2).squareRoot()) < 1e-6)
        index.append()
        #expect(!index.has(2, dimension: 2))
        #expect(index.cosine([1, 0], slot: 2) == 0)
    }

    /// Member vectors are stored in 8 bits with a scale per row: equal to what was given within 1/254 of its
    /// largest magnitude.
    static func close(_ a: [Float], _ b: [Float], within: Float = 0.005) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= within }
    }
    static func close(_ a: Float?, _ b: Float) -> Bool { a.map { abs($0 - b) <= 0.005 } ?? false }

    @Test func membersKeepTheLatestInTimeOrderWithTheirEmbeddings() {
        var story = StoryMembers()
        story.append(title: SparseVector(), embedding: [1, 0], headline: [], event: [1, 0], time: 1, keeping: 2)
        story.append(title: SparseVector(), embedding: [], headline: [0, 1], event: [], time: 2, keeping: 2)
        story.append(title: SparseVector(), embedding: [0, 1], headline: [1, 0], event: [0, 1], time: 4, keeping: 2)
        #expect(story.times == [2, 4])
        #expect(story.embedding(0).isEmpty && Self.close(story.embedding(1), [0, 1]))
        #expect(Self.close(story.maxMeaningDot([1, 0]), 0))
        #expect(story.maxMeaningDot([1, 0, 0]) == nil)
        // Headlines: the max and the mean over the members that have one.
        #expect(Self.close(story.headlines.row(0), [0, 1]) && Self.close(story.headlines.row(1), [1, 0]))
        let dots = story.headlines.dots([0.6, 0.8])
        #expect(Self.close(dots?.max, 0.8) && Self.close(dots?.mean, 0.7))
        // Event vectors: the member without one is left out.
        #expect(story.events.row(0).isEmpty && Self.close(story.events.dots([0, 1])?.max, 1))
        #expect(Self.close(story.events.dots([0, 1])?.mean, 1))

        var other = StoryMembers()
        other.append(title: SparseVector(), embedding: [0.6, 0.8], headline: [], event: [0.8, 0.6], time: 3, keeping: 8)
        other.append(title: SparseVector(), embedding: [1, 0], headline: [0, 1], event: [], time: 5, keeping: 8)
        story.merge(other, keeping: 3)
        #expect(story.times == [3, 4, 5])
        #expect(Self.close(story.embedding(0), [0.6, 0.8]) && Self.close(story.embedding(2), [1, 0]))
        #expect(Self.close(story.maxMeaningDot([1, 0]), 1))
        #expect(story.headlines.row(0).isEmpty && Self.close(story.headlines.row(1), [1, 0]))
        #expect(Self.close(story.headlines.row(2), [0, 1]) && Self.close(story.headlines.dots([1, 0])?.mean, 0.5))
        #expect(Self.close(story.events.row(0), [0.8, 0.6]) && Self.close(story.events.row(1), [0, 1]))
        #expect(story.events.row(2).isEmpty)
    }

    /// 8-bit rows: a real embedding's cosines within 0.002 of the exact ones, a merge (rows read back and stored
    /// again) changes nothing, and a zero vector stays comparable (dot 0).
    @Test func eightBitRowsKeepCosinesWithinAThousandth() {
        var generator = SystemRandomNumberGenerator()
        func unit() -> [Float] {
            let v = (0..<384).map { _ in Float.random(in: -1...1, using: &generator) * Float.random(in: 0...1, using: &generator)
            }
            let norm = v.reduce(0) { $0 + $1 * $1 }.squareRoot()
            return v.map { $0 / norm }
        }
        var rows = MemberVectors()
        let stored = (0..<8).map { _ in unit() }
        for (i, v) in stored.enumerated() { rows.append(v, members: i) }
        let query = unit()
        for (i, v) in stored.enumerated() {
            var single = MemberVectors()
            single.append(rows.row(i), members: 0)
            #expect(Self.close(single.row(0), rows.row(i), within: 1e-6), "stored again unchanged")
            let exact = zip(v, query).reduce(Float(0)) { $0 + $1.0 * $1.1 }
            #expect(abs(single.dots(query)!.max - exact) < 0.002)
        }
        var zero = MemberVectors()
        zero.append([Float](repeating: 0, count: 384), members: 0)
        #expect(zero.dots(query)?.max == 0)
    }
}
