import COpenBLAS
import Foundation

/// A second copy of the encoder's top layers, tuned for one task: the layers below it run once per text and
/// feed both the original top layers (the general sentence vector) and each branch's copy (the task's vector),
/// so a task costs only the layers it tuned.
///
/// The file (`.safetensors`, F32) holds low-rank updates of the top layers' six dense matrices —
/// `encoder.layer.N.<dense>.lora_a` (rank × inputs) and `.lora_b` (outputs × rank, scale folded in), so the
/// tuned weight is W + B·A — and those layers' tuned LayerNorms (`….LayerNorm.weight` / `.bias`). The branch
/// starts at the lowest layer the file names and runs to the top; biases stay the base model's. Written by
/// `scripts/train-topic-branch.py` (the topic model's) and `scripts/train-event-branch.py` (the clustering's
/// event vectors); an encoder runs several in one pass. Immutable after loading.
final class EncoderBranch: @unchecked Sendable {
    // Immutable after init: the layers view `storage` and `base`, which live as long as this object.
    /// Names the branch by its file's content: vectors made by another version never compare.
    let identifier: String
    let firstLayer: Int
    let layers: [Weights.Layer]
    /// The merged matrices and norms the layers view.
    private let storage: [FloatStorage]
    /// The base model's mapping, which the layers' biases view.
    private let base: SafeTensors

    init(path: String, base weights: Weights, architecture a: SentenceEncoder.Architecture, blas: OpenBLAS) throws {
        let file = try SafeTensors(path: path)
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        identifier = stem + "-" + String(file.contentHash, radix: 16)
        guard let first = (0..<a.layers).first(where: { file.has("encoder.layer.\($0).attention.self.query.lora_a") })
        else { throw EmbeddingError.malformedModel("\(path): no tuned layer") }
        firstLayer = first
        base = weights.file
        var storage: [FloatStorage] = []
        func merged(_ dense: Weights.Dense, _ name: String) throws -> Weights.Dense {
            let a = try file.floats(name + ".lora_a", columns: dense.inputs)
            let rank = a.count / dense.inputs
            let b = try file.floats(name + ".lora_b", shape: [dense.outputs, rank])
            let out = FloatStorage(copying: dense.weight)
            blas.sgemm(
                CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(dense.outputs), Int32(dense.inputs), Int32(rank), 1,
                b.baseAddress!, Int32(rank), a.baseAddress!, Int32(dense.inputs), 1, out.pointer.baseAddress!,
                Int32(dense.inputs))
            storage.append(out)
            return Weights.Dense(
                weight: UnsafeBufferPointer(out.pointer), bias: dense.bias, outputs: dense.outputs, inputs: dense.inputs)
        }
        func norm(_ name: String) throws -> Weights.Norm {
            let gamma = FloatStorage(copying: try file.floats(name + ".weight", shape: [a.hidden]))
            let beta = FloatStorage(copying: try file.floats(name + ".bias", shape: [a.hidden]))
            storage += [gamma, beta]
            return Weights.Norm(gamma: UnsafeBufferPointer(gamma.pointer), beta: UnsafeBufferPointer(beta.pointer))
        }
        layers = try (first..<a.layers).map { i in
            let p = "encoder.layer.\(i)."
            let layer = weights.layers[i]
            return Weights.Layer(
                query: try merged(layer.query, p + "attention.self.query"),
                key: try merged(layer.key, p + "attention.self.key"),
                value: try merged(layer.value, p + "attention.self.value"),
                attentionOutput: try merged(layer.attentionOutput, p + "attention.output.dense"),
                intermediate: try merged(layer.intermediate, p + "intermediate.dense"),
                output: try merged(layer.output, p + "output.dense"),
                attentionNorm: try norm(p + "attention.output.LayerNorm"),
                outputNorm: try norm(p + "output.LayerNorm"))
        }
        self.storage = storage
    }
}

/// Floats this process owns (a tuned matrix or norm), freed with the last reference.
final class FloatStorage: @unchecked Sendable {
    // Written once in init, read-only afterwards.
    let pointer: UnsafeMutableBufferPointer<Float>

    init(copying source: UnsafeBufferPointer<Float>) {
        pointer = .allocate(capacity: source.count)
        _ = pointer.initialize(from: source)
    }

    deinit { pointer.deallocate() }
}
