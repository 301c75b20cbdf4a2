import Foundation
import SentenceEmbedding
import Testing

/// The encoder against figures from an independent implementation of the same model (numpy,
/// float64 where it matters), and against the similarities the model is known for.
@Suite struct SentenceEncoderTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("third_party/sentence-model").path
    static let encoder: SentenceEncoder = {
        do { return try SentenceEncoder(directory: directory) } catch { fatalError("\(error) (run scripts/setup.sh)") }
    }()

    static func cosine(_ a: [Float], _ b: [Float]) -> Float { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }

    @Test func tokenizesLikeBERT() {
        let e = Self.encoder
        #expect(
            e.tokens("Gold hits record above $3,700 an ounce as dollar weakens")
                == [101, 2751, 4978, 2501, 2682, 1002, 1017, 1010, 6352, 2019, 19471, 2004, 7922, 23021, 2015, 102])
        #expect(e.tokens("Kenya's central bank cuts rates again") == [101, 7938, 1005, 1055, 2430, 2924, 7659, 6165, 2153, 102])
        // Accents stripped, dashes and "!" are their own tokens.
        #expect(e.tokens("Café Zürich — naïve résumé!") == [101, 7668, 10204, 1517, 15743, 13746, 999, 102])
        #expect(e.tokens("") == [101, 102])
    }

    @Test func longTextsAreCutToMaxTokens() {
        let text = Array(repeating: "inflation", count: 500).joined(separator: " ")
        let ids = Self.encoder.tokens(text)
        #expect(ids.count == Self.encoder.maxTokens)
        #expect(ids.first == 101 && ids.last == 102)
        #expect(Self.encoder.embed(text).count == 384)
    }

    @Test func matchesTheReferenceImplementation() {
        let cases: [(String, [Float])] = [
            ("Gold hits record above $3,700 an ounce as dollar weakens", [-0.03447, 0.00433, -0.0001, 0.09614]),
            ("Kenya's central bank cuts rates again", [-0.01675, 0.01338, -0.01647, 0.00664]),
            ("Café Zürich — naïve résumé!", [-0.01778, 0.038, 0.04242, 0.02901]),
        ]
        for (text, prefix) in cases {
            let e = Self.encoder.embed(text)
            #expect(e.count == 384)
            let norm = e.reduce(0) { $0 + $1 * $1 }.squareRoot()
            #expect(abs(norm - 1) < 1e-4)
            for (got, want) in zip(e, prefix) { #expect(abs(got - want) < 2e-4, "\(text): \(got) vs \(want)") }
        }
    }

    @Test func paraphrasesAreCloseAndOtherTopicsAreNot() {
        let e = Self.encoder
        let movie = Self.cosine(e.embed("The new movie is awesome"), e.embed("The new movie is so great"))
        let food = Self.cosine(e.embed("A man is eating food."), e.embed("A man is eating a piece of bread."))
        let horse = Self.cosine(e.embed("A man is eating food."), e.embed("A man is riding a horse."))
        #expect(abs(movie - 0.8939) < 0.002)
        #expect(abs(food - 0.7553) < 0.002)
        #expect(abs(horse - 0.2474) < 0.002)
    }

    @Test func aBatchGivesEachTextItsOwnEmbedding() {
        let texts = [
            "Kenya's central bank cuts rates again", "", "Café Zürich — naïve résumé!",
            Array(repeating: "inflation", count: 500).joined(separator: " "),
            "Gold hits record above $3,700 an ounce as dollar weakens",
        ]
        // Enough texts to span several forward passes (1,024 tokens each).
        let many = Array(repeating: texts, count: 5).flatMap { $0 }
        let batched = Self.encoder.embed(many)
        #expect(batched.count == many.count)
        for (text, vector) in zip(many, batched) {
            let single = Self.encoder.embed(text)
            #expect(zip(single, vector).allSatisfy { abs($0 - $1) < 1e-5 }, "\(text.prefix(30))")
        }
        #expect(Self.encoder.embed([String]()).isEmpty)
    }

    @Test func theSameTextGivesTheSameEmbeddingFromManyThreads() async {
        let reference = Self.encoder.embed("Parliament approves the finance bill amid protests")
        let results = await withTaskGroup(of: [Float].self) { group in
            for _ in 0..<8 { group.addTask { Self.encoder.embed("Parliament approves the finance bill amid protests") } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for r in results { #expect(r == reference) }
    }

    @Test func aMissingOrBrokenModelIsAClearError() throws {
        #expect(throws: EmbeddingError.self) { try SentenceEncoder(directory: "/nonexistent") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("broken-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: Self.directory + "/vocab.txt", toPath: dir.path + "/vocab.txt")
        try Data("not a model".utf8).write(to: dir.appendingPathComponent("model.safetensors"))
        #expect(throws: EmbeddingError.self) { try SentenceEncoder(directory: dir.path) }
        var header = Data()
        let json = Data(#"{"embeddings.word_embeddings.weight":{"dtype":"F16","shape":[2,2],"data_offsets":[0,8]}}"#.utf8)
        var length = UInt64(json.count).littleEndian
        header.append(Data(bytes: &length, count: 8))
        header.append(json)
        header.append(Data(count: 8))
        try header.write(to: dir.appendingPathComponent("model.safetensors"))
        #expect(throws: EmbeddingError.self) { try SentenceEncoder(directory: dir.path) }
    }
}
