import Foundation
import SentenceEmbedding
import Testing

/// The tuned copy of the encoder's top layers: the same pass gives both vectors, an empty update reproduces
/// the encoder, and the shipped topic branch matches the PyTorch forward pass it was trained in.
@Suite struct EncoderBranchTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let modelDirectory = repository.appendingPathComponent("third_party/sentence-model").path
    static let shippedBranch = repository.appendingPathComponent("Resources/jarvis/topics/topic-branch.safetensors").path
    static let texts = [
        "Kenya's central bank cuts rates again", "", "Café Zürich — naïve résumé!",
        Array(repeating: "inflation", count: 500).joined(separator: " "),
        "Chipmaker unveils a faster AI accelerator. The company said shipments start in March.",
    ]

    static func cosine(_ a: [Float], _ b: [Float]) -> Float { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }
    static func close(_ a: [Float], _ b: [Float]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-5 } }

    /// A `.safetensors` file of F32 tensors.
    static func write(_ tensors: [(name: String, shape: [Int], values: [Float])], to path: String) throws {
        var header: [String: Any] = [:]
        var body = Data()
        for tensor in tensors {
            precondition(tensor.shape.reduce(1, *) == tensor.values.count)
            let start = body.count
            for value in tensor.values { withUnsafeBytes(of: value.bitPattern.littleEndian) { body.append(contentsOf: $0) } }
            header[tensor.name] = ["dtype": "F32", "shape": tensor.shape, "data_offsets": [start, body.count]]
        }
        var json = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])
        while json.count % 8 != 0 { json.append(0x20) }
        var file = Data()
        withUnsafeBytes(of: UInt64(json.count).littleEndian) { file.append(contentsOf: $0) }
        file.append(json)
        file.append(body)
        try file.write(to: URL(fileURLWithPath: path))
    }

    /// A branch over the top `layers` layers: rank-2 updates `scale` × a fixed pattern (0: none) and
    /// LayerNorms `gain` × ones with zero shift (the base model's are not ones: `gain` 0 copies nothing of it).
    static func branch(layers: [Int], scale: Float, norms: [String: [Float]]) throws -> String {
        let dense: [(String, Int, Int)] = [
            ("attention.self.query", 384, 384), ("attention.self.key", 384, 384), ("attention.self.value", 384, 384),
            ("attention.output.dense", 384, 384), ("intermediate.dense", 1536, 384), ("output.dense", 384, 1536),
        ]
        var tensors: [(name: String, shape: [Int], values: [Float])] = []
        for layer in layers {
            for (name, outputs, inputs) in dense {
                let p = "encoder.layer.\(layer).\(name)"
                tensors.append((p + ".lora_a", [2, inputs], (0..<(2 * inputs)).map { Float(($0 * 7) % 13 - 6) / 100 }))
                tensors.append((p + ".lora_b", [outputs, 2], (0..<(2 * outputs)).map { scale * Float(($0 * 5) % 11 - 5) / 100 }))
            }
            for name in ["attention.output.LayerNorm", "output.LayerNorm"] {
                let p = "encoder.layer.\(layer).\(name)"
                tensors.append((p + ".weight", [384], norms[p + ".weight"]!))
                tensors.append((p + ".bias", [384], norms[p + ".bias"]!))
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("branch-\(UUID().uuidString).safetensors")
            .path
        try write(tensors, to: path)
        return path
    }

    /// The base model's LayerNorm parameters of `layers`, read from its file.
    static func baseNorms(_ layers: [Int]) throws -> [String: [Float]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: modelDirectory + "/model.safetensors"))
        let length = Int(data.prefix(8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
        let header = try #require(try JSONSerialization.jsonObject(with: data.subdata(in: 8..<(8 + length))) as? [String: Any])
        var out: [String: [Float]] = [:]
        for layer in layers {
            for name in ["attention.output.LayerNorm", "output.LayerNorm"] {
                for part in ["weight", "bias"] {
                    let key = "encoder.layer.\(layer).\(name).\(part)"
                    let entry = try #require(header[key] as? [String: Any])
                    let offsets = try #require(entry["data_offsets"] as? [Int])
                    let bytes = data.subdata(in: (8 + length + offsets[0])..<(8 + length + offsets[1]))
                    out[key] = bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
                }
            }
        }
        return out
    }

    @Test func anEmptyUpdateReproducesTheEncoder() throws {
        let path = try Self.branch(layers: [4, 5], scale: 0, norms: try Self.baseNorms([4, 5]))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let encoder = try SentenceEncoder(directory: Self.modelDirectory, branches: [path])
        let pairs = encoder.embedWithBranches(Self.texts)
        #expect(pairs.count == Self.texts.count)
        for (text, pair) in zip(Self.texts, pairs) {
            #expect(Self.close(pair.vector, encoder.embed(text)), "\(text.prefix(20))")
            #expect(Self.close(pair.vector, pair.branches[0]), "\(text.prefix(20))")
        }
    }

    @Test func anUpdateChangesOnlyTheBranchVector() throws {
        let plain = try SentenceEncoder(directory: Self.modelDirectory)
        var norms = try Self.baseNorms([5])
        for key in norms.keys where key.hasSuffix(".bias") { norms[key] = norms[key]!.map { $0 + 0.05 } }
        let path = try Self.branch(layers: [5], scale: 1, norms: norms)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let encoder = try SentenceEncoder(directory: Self.modelDirectory, branches: [path])
        let identifier = try #require(encoder.branchIdentifiers.first)
        let many = Array(repeating: Self.texts, count: 4).flatMap { $0 }  // several forward passes
        let pairs = encoder.embedWithBranches(many)
        for (text, pair) in zip(many, pairs) {
            #expect(Self.close(pair.vector, plain.embed(text)), "the encoder's own vector is untouched")
            #expect(pair.branches[0].count == 384)
            #expect(abs(pair.branches[0].reduce(0) { $0 + $1 * $1 } - 1) < 1e-4)
            #expect(Self.cosine(pair.branches[0], pair.vector) < 0.9999, "\(text.prefix(20))")
            let single = encoder.embedWithBranches([text])[0].branches[0]
            #expect(Self.close(single, pair.branches[0]), "batched as alone")
        }
        // Other content under the same name, other identifier: one branch's vectors never pass for another's.
        let other = try Self.branch(layers: [5], scale: 2, norms: norms)
        defer { try? FileManager.default.removeItem(atPath: other) }
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: other, toPath: path)
        let retrained = try #require(
            try SentenceEncoder(directory: Self.modelDirectory, branches: [path]).branchIdentifiers.first)
        #expect(retrained != identifier)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        #expect(
            identifier.hasPrefix(encoder.identifier + "+" + name + "-")
                && retrained.hasPrefix(encoder.identifier + "+" + name + "-"))
        #expect(plain.branchIdentifiers.isEmpty)
        #expect(plain.embedWithBranches(["x"])[0].branches.isEmpty)
    }

    @Test func severalBranchesShareOnePassAndEachGivesWhatItGivesAlone() throws {
        var norms = try Self.baseNorms([4, 5])
        for key in norms.keys where key.hasSuffix(".bias") { norms[key] = norms[key]!.map { $0 + 0.03 } }
        let top = try Self.branch(layers: [5], scale: 1, norms: norms)
        let lower = try Self.branch(layers: [4, 5], scale: 2, norms: norms)
        defer {
            try? FileManager.default.removeItem(atPath: top)
            try? FileManager.default.removeItem(atPath: lower)
        }
        let both = try SentenceEncoder(directory: Self.modelDirectory, branches: [top, lower])
        let topAlone = try SentenceEncoder(directory: Self.modelDirectory, branches: [top])
        let lowerAlone = try SentenceEncoder(directory: Self.modelDirectory, branches: [lower])
        #expect(both.branchIdentifiers == topAlone.branchIdentifiers + lowerAlone.branchIdentifiers)
        #expect(both.branchIdentifiers[0] != both.branchIdentifiers[1])
        for (text, out) in zip(Self.texts, both.embedWithBranches(Self.texts)) {
            #expect(out.branches.count == 2)
            #expect(Self.close(out.vector, both.embed(text)), "\(text.prefix(20))")
            #expect(Self.close(out.branches[0], topAlone.embedWithBranches([text])[0].branches[0]), "\(text.prefix(20))")
            #expect(Self.close(out.branches[1], lowerAlone.embedWithBranches([text])[0].branches[0]), "\(text.prefix(20))")
            #expect(Self.cosine(out.branches[0], out.branches[1]) < 0.9999, "\(text.prefix(20))")
        }
    }

    @Test func aBrokenBranchIsAClearError() throws {
        #expect(throws: EmbeddingError.self) { try SentenceEncoder(directory: Self.modelDirectory, branches: ["/nonexistent"]) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("branch-\(UUID().uuidString).safetensors")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.write([("unrelated", [1], [0])], to: path)
        #expect(throws: EmbeddingError.self) { try SentenceEncoder(directory: Self.modelDirectory, branches: [path]) }
        // An update of the wrong width.
        try Self.write(
            [
                ("encoder.layer.5.attention.self.query.lora_a", [2, 100], [Float](repeating: 0, count: 200)),
                ("encoder.layer.5.attention.self.query.lora_b", [384, 2], [Float](repeating: 0, count: 768)),
            ], to: path)
        #expect(throws: EmbeddingError.self) { try SentenceEncoder(directory: Self.modelDirectory, branches: [path]) }
    }
}
