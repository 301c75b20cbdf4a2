import COpenBLAS
import Foundation

/// Sentence embeddings from a BERT-style encoder (all-MiniLM-L6-v2: 6 layers, 384 wide, 12 heads),
/// mean-pooled over the tokens and L2-normalised, so the dot product of two embeddings is their
/// cosine similarity. Texts about the same thing in other words ("bullion" / "gold", "quits" /
/// "resigns") land close together, which word overlap alone cannot see.
///
/// The forward pass is ours, on OpenBLAS's `sgemm` for every matrix product; the weights are the
/// model's `model.safetensors`, mapped read-only, and its `vocab.txt`. Immutable after loading:
/// one encoder serves every thread (each call has its own scratch memory).
public final class SentenceEncoder: Sendable {
    public struct Architecture: Sendable, Equatable {
        public var layers = 6
        public var hidden = 384
        public var heads = 12
        public var intermediate = 1536
        public var vocabulary = 30522
        public var positions = 512
        public var layerNormEpsilon: Float = 1e-12
        public init() {}
    }

    /// Embedding width.
    public var dimension: Int { architecture.hidden }
    /// Texts are cut to this many tokens (with `[CLS]` and `[SEP]`).
    public let maxTokens: Int
    public let architecture: Architecture
    private let tokenizer: WordPieceTokenizer
    private let weights: Weights
    private let blas: OpenBLAS
    /// The matrix kernels OpenBLAS runs ("SkylakeX", "Haswell"…), for logs and benchmarks.
    public var kernels: String { blas.coreName }

    /// Loads `model.safetensors` and `vocab.txt` from `directory`.
    public init(directory: String, maxTokens: Int = 128, architecture: Architecture = .init()) throws {
        guard maxTokens >= 3, maxTokens <= architecture.positions else {
            throw EmbeddingError.malformedModel("maxTokens \(maxTokens) outside 3...\(architecture.positions)")
        }
        self.maxTokens = maxTokens
        self.architecture = architecture
        blas = try OpenBLAS.shared.get()
        tokenizer = try WordPieceTokenizer(vocabularyFile: directory + "/vocab.txt")
        weights = try Weights(file: SafeTensors(path: directory + "/model.safetensors"), architecture: architecture)
        guard tokenizer.vocabulary.count <= architecture.vocabulary else {
            throw EmbeddingError.malformedModel("vocab.txt has more entries than the embedding table")
        }
    }

    /// The default place of the model: `$JARVIS_SENTENCE_MODEL`, else `third_party/sentence-model`
    /// under the current directory (where `scripts/fetch-third-party.sh` puts it).
    public static var defaultDirectory: String {
        ProcessInfo.processInfo.environment["JARVIS_SENTENCE_MODEL"]
            ?? FileManager.default.currentDirectoryPath + "/third_party/sentence-model"
    }

    /// Token ids the text is read as (for tests and diagnostics).
    public func tokens(_ text: String) -> [Int32] { tokenizer.encode(text, maxTokens: maxTokens) }

    /// The unit-length embedding of `text` (`dimension` floats).
    public func embed(_ text: String) -> [Float] {
        let ids = tokenizer.encode(text, maxTokens: maxTokens)
        return forward(ids)
    }

    // MARK: Forward pass

    private func forward(_ ids: [Int32]) -> [Float] {
        let a = architecture
        let t = ids.count, h = a.hidden, headWidth = a.hidden / a.heads
        var x = [Float](repeating: 0, count: t * h)
        var q = x, k = x, v = x, context = x, projected = x
        var scores = [Float](repeating: 0, count: t * t)
        var inner = [Float](repeating: 0, count: t * a.intermediate)

        // Embeddings: word + position + token type 0, then LayerNorm.
        for (row, id) in ids.enumerated() {
            let word = Int(id) * h, position = row * h
            for c in 0..<h {
                x[row * h + c] = weights.word[word + c] + weights.position[position + c] + weights.tokenType[c]
            }
        }
        layerNorm(&x, rows: t, gamma: weights.embeddingNorm.gamma, beta: weights.embeddingNorm.beta)

        let scale = 1 / Float(headWidth).squareRoot()
        for layer in weights.layers {
            linear(x, rows: t, layer.query, into: &q)
            linear(x, rows: t, layer.key, into: &k)
            linear(x, rows: t, layer.value, into: &v)
            for head in 0..<a.heads {
                let offset = head * headWidth
                q.withUnsafeBufferPointer { qp in
                    k.withUnsafeBufferPointer { kp in
                        scores.withUnsafeMutableBufferPointer { sp in
                            blas.sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, Int32(t), Int32(t), Int32(headWidth), scale,
                                        qp.baseAddress! + offset, Int32(h), kp.baseAddress! + offset, Int32(h), 0, sp.baseAddress!, Int32(t))
                        }
                    }
                }
                softmaxRows(&scores, rows: t)
                scores.withUnsafeBufferPointer { sp in
                    v.withUnsafeBufferPointer { vp in
                        context.withUnsafeMutableBufferPointer { cp in
                            blas.sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(t), Int32(headWidth), Int32(t), 1,
                                        sp.baseAddress!, Int32(t), vp.baseAddress! + offset, Int32(h), 0, cp.baseAddress! + offset, Int32(h))
                        }
                    }
                }
            }
            linear(context, rows: t, layer.attentionOutput, into: &projected)
            for i in x.indices { x[i] += projected[i] }
            layerNorm(&x, rows: t, gamma: layer.attentionNorm.gamma, beta: layer.attentionNorm.beta)

            linear(x, rows: t, layer.intermediate, into: &inner)
            for i in inner.indices { inner[i] = gelu(inner[i]) }
            linear(inner, rows: t, layer.output, into: &projected)
            for i in x.indices { x[i] += projected[i] }
            layerNorm(&x, rows: t, gamma: layer.outputNorm.gamma, beta: layer.outputNorm.beta)
        }

        // Mean over every token (the mask is all ones: one text, no padding), then unit length.
        var pooled = [Float](repeating: 0, count: h)
        for row in 0..<t { for c in 0..<h { pooled[c] += x[row * h + c] } }
        var norm: Float = 0
        for c in 0..<h { norm += pooled[c] * pooled[c] }
        norm = norm.squareRoot()
        if norm > 0 { for c in 0..<h { pooled[c] /= norm } }
        return pooled
    }

    /// `output = input · Wᵀ + b` for `rows` rows (W is `out × in`, row-major, as stored).
    private func linear(_ input: [Float], rows: Int, _ dense: Weights.Dense, into output: inout [Float]) {
        let n = dense.outputs, kk = dense.inputs
        output.withUnsafeMutableBufferPointer { out in
            for r in 0..<rows { (out.baseAddress! + r * n).update(from: dense.bias.baseAddress!, count: n) }
            input.withUnsafeBufferPointer { inp in
                blas.sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, Int32(rows), Int32(n), Int32(kk), 1,
                            inp.baseAddress!, Int32(kk), dense.weight.baseAddress!, Int32(kk), 1, out.baseAddress!, Int32(n))
            }
        }
    }

    private func layerNorm(_ x: inout [Float], rows: Int, gamma: UnsafeBufferPointer<Float>, beta: UnsafeBufferPointer<Float>) {
        let h = gamma.count
        let epsilon = architecture.layerNormEpsilon
        x.withUnsafeMutableBufferPointer { p in
            for r in 0..<rows {
                let row = p.baseAddress! + r * h
                var mean: Float = 0
                for c in 0..<h { mean += row[c] }
                mean /= Float(h)
                var variance: Float = 0
                for c in 0..<h { let d = row[c] - mean; variance += d * d }
                let inverse = 1 / (variance / Float(h) + epsilon).squareRoot()
                for c in 0..<h { row[c] = (row[c] - mean) * inverse * gamma[c] + beta[c] }
            }
        }
    }

    private func softmaxRows(_ s: inout [Float], rows: Int) {
        s.withUnsafeMutableBufferPointer { p in
            for r in 0..<rows {
                let row = p.baseAddress! + r * rows
                var top = -Float.infinity
                for c in 0..<rows { top = max(top, row[c]) }
                var sum: Float = 0
                for c in 0..<rows { let e = expf(row[c] - top); row[c] = e; sum += e }
                for c in 0..<rows { row[c] /= sum }
            }
        }
    }

    /// BERT's exact GELU.
    @inline(__always) private func gelu(_ x: Float) -> Float { 0.5 * x * (1 + erff(x * 0.70710678)) }
}

/// Views into the mapped model file, checked against the architecture once at load.
private struct Weights: @unchecked Sendable {
    struct Dense {
        var weight: UnsafeBufferPointer<Float>
        var bias: UnsafeBufferPointer<Float>
        var outputs: Int
        var inputs: Int
    }
    struct Norm {
        var gamma: UnsafeBufferPointer<Float>
        var beta: UnsafeBufferPointer<Float>
    }
    struct Layer {
        var query, key, value, attentionOutput, intermediate, output: Dense
        var attentionNorm, outputNorm: Norm
    }

    /// Keeps the mapping alive as long as the views.
    let file: SafeTensors
    let word, position, tokenType: UnsafeBufferPointer<Float>
    let embeddingNorm: Norm
    let layers: [Layer]

    init(file: SafeTensors, architecture a: SentenceEncoder.Architecture) throws {
        self.file = file
        word = try file.floats("embeddings.word_embeddings.weight", shape: [a.vocabulary, a.hidden])
        position = try file.floats("embeddings.position_embeddings.weight", shape: [a.positions, a.hidden])
        tokenType = try file.floats("embeddings.token_type_embeddings.weight", shape: [2, a.hidden])
        func norm(_ name: String) throws -> Norm {
            Norm(gamma: try file.floats(name + ".weight", shape: [a.hidden]), beta: try file.floats(name + ".bias", shape: [a.hidden]))
        }
        func dense(_ name: String, _ outputs: Int, _ inputs: Int) throws -> Dense {
            Dense(weight: try file.floats(name + ".weight", shape: [outputs, inputs]),
                  bias: try file.floats(name + ".bias", shape: [outputs]), outputs: outputs, inputs: inputs)
        }
        embeddingNorm = try norm("embeddings.LayerNorm")
        layers = try (0..<a.layers).map { i in
            let p = "encoder.layer.\(i)."
            return Layer(query: try dense(p + "attention.self.query", a.hidden, a.hidden),
                         key: try dense(p + "attention.self.key", a.hidden, a.hidden),
                         value: try dense(p + "attention.self.value", a.hidden, a.hidden),
                         attentionOutput: try dense(p + "attention.output.dense", a.hidden, a.hidden),
                         intermediate: try dense(p + "intermediate.dense", a.intermediate, a.hidden),
                         output: try dense(p + "output.dense", a.hidden, a.intermediate),
                         attentionNorm: try norm(p + "attention.output.LayerNorm"),
                         outputNorm: try norm(p + "output.LayerNorm"))
        }
    }
}
