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
    /// Tuned copies of the top layers, one per task, in the order given at init (`branches:`).
    private let branches: [EncoderBranch]
    /// The matrix kernels OpenBLAS runs ("SkylakeX", "Haswell"…), for logs and benchmarks.
    public var kernels: String { blas.coreName }

    /// Loads `model.safetensors` and `vocab.txt` from `directory`, and from each of `branches` a tuned copy of
    /// the top layers (`EncoderBranch`), whose vectors `embedWithBranches` adds in the same order.
    public init(
        directory: String, maxTokens: Int = 128, architecture: Architecture = .init(), branches: [String] = []
    ) throws {
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
        let (base, library) = (weights, blas)
        self.branches = try branches.map { try EncoderBranch(path: $0, base: base, architecture: architecture, blas: library) }
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
        forward([tokenizer.encode(text, maxTokens: maxTokens)])[0].vector
    }

    /// Embeddings of several texts, in order. Their tokens share each matrix product (attention
    /// stays within each text), which spares most of the per-call cost of packing the weights:
    /// cheaper per text than one call each.
    public func embed(_ texts: [String]) -> [[Float]] { batched(texts, branches: []).map(\.vector) }

    /// Names each branch's vectors (the encoder's identifier, then the branch file's name and content hash), in
    /// the order of `branches:` at init; empty without branches.
    public var branchIdentifiers: [String] { branches.map { identifier + "+" + $0.identifier } }

    /// Each text's embedding and its vector from every branch (unit length too; in `branchIdentifiers` order).
    /// The layers below the branches run once for all of them.
    public func embedWithBranches(_ texts: [String]) -> [(vector: [Float], branches: [[Float]])] {
        batched(texts, branches: branches)
    }

    private func batched(_ texts: [String], branches: [EncoderBranch]) -> [(vector: [Float], branches: [[Float]])] {
        var out: [(vector: [Float], branches: [[Float]])] = []
        out.reserveCapacity(texts.count)
        var batch: [[Int32]] = []
        var tokens = 0
        func flush() {
            out += forward(batch, branches: branches)
            batch = []
            tokens = 0
        }
        for text in texts {
            let ids = tokenizer.encode(text, maxTokens: maxTokens)
            if !batch.isEmpty && tokens + ids.count > Self.batchTokens { flush() }
            batch.append(ids)
            tokens += ids.count
        }
        if !batch.isEmpty { flush() }
        return out
    }

    /// Tokens per forward pass when embedding several texts (bounds the scratch memory: ~7 MB).
    static let batchTokens = 1_024

    // MARK: Forward pass

    /// Per-call scratch memory for `rows` stacked tokens.
    private struct Scratch {
        var q, k, v, context, projected: [Float]
        var scores: [Float]
        var inner: [Float]

        init(rows: Int, longest: Int, architecture a: Architecture) {
            q = [Float](repeating: 0, count: rows * a.hidden)
            k = q
            v = q
            context = q
            projected = q
            scores = [Float](repeating: 0, count: longest * longest)
            inner = [Float](repeating: 0, count: rows * a.intermediate)
        }
    }

    /// One pass over the texts' tokens stacked as rows; returns one unit vector per text, and its vector from
    /// each of `branches`: the layers below the lowest branch run once for all.
    func forward(_ texts: [[Int32]], branches: [EncoderBranch] = []) -> [(vector: [Float], branches: [[Float]])] {
        let a = architecture
        let h = a.hidden
        let rows = texts.reduce(0) { $0 + $1.count }
        var starts: [Int] = []
        var offset = 0
        for ids in texts {
            starts.append(offset)
            offset += ids.count
        }
        var scratch = Scratch(rows: rows, longest: texts.map(\.count).max() ?? 0, architecture: a)
        var x = [Float](repeating: 0, count: rows * h)

        // Embeddings: word + position (from 0 in each text) + token type 0, then LayerNorm.
        for (text, ids) in texts.enumerated() {
            for (position, id) in ids.enumerated() {
                let row = starts[text] + position
                let word = Int(id) * h
                for c in 0..<h {
                    x[row * h + c] = weights.word[word + c] + weights.position[position * h + c] + weights.tokenType[c]
                }
            }
        }
        layerNorm(&x, rows: rows, gamma: weights.embeddingNorm.gamma, beta: weights.embeddingNorm.beta)

        let split = branches.map(\.firstLayer).min() ?? weights.layers.count
        for layer in weights.layers[..<split] { run(layer, on: &x, texts: texts, starts: starts, scratch: &scratch) }
        // Each branch: the base layers between the shared part and its own, then its tuned layers.
        let branched = branches.map { branch in
            var y = x
            for layer in weights.layers[split..<branch.firstLayer] + branch.layers {
                run(layer, on: &y, texts: texts, starts: starts, scratch: &scratch)
            }
            return pooled(y, texts: texts, starts: starts)
        }
        for layer in weights.layers[split...] { run(layer, on: &x, texts: texts, starts: starts, scratch: &scratch) }
        let main = pooled(x, texts: texts, starts: starts)
        return main.indices.map { i in (main[i], branched.map { $0[i] }) }
    }

    /// One transformer layer over every text's rows (attention stays within each text).
    private func run(_ layer: Weights.Layer, on x: inout [Float], texts: [[Int32]], starts: [Int], scratch s: inout Scratch) {
        let a = architecture
        let h = a.hidden
        let headWidth = a.hidden / a.heads
        let rows = x.count / h
        let scale = 1 / Float(headWidth).squareRoot()
        linear(x, rows: rows, layer.query, into: &s.q)
        linear(x, rows: rows, layer.key, into: &s.k)
        linear(x, rows: rows, layer.value, into: &s.v)
        for (text, ids) in texts.enumerated() {
            let t = ids.count
            let base = starts[text] * h
            for head in 0..<a.heads {
                let offset = base + head * headWidth
                s.q.withUnsafeBufferPointer { qp in
                    s.k.withUnsafeBufferPointer { kp in
                        s.scores.withUnsafeMutableBufferPointer { sp in
                            blas.sgemm(
                                CblasRowMajor, CblasNoTrans, CblasTrans, Int32(t), Int32(t), Int32(headWidth), scale,
                                qp.baseAddress! + offset, Int32(h), kp.baseAddress! + offset, Int32(h), 0, sp.baseAddress!,
                                Int32(t))
                        }
                    }
                }
                softmaxRows(&s.scores, rows: t)
                s.scores.withUnsafeBufferPointer { sp in
                    s.v.withUnsafeBufferPointer { vp in
                        s.context.withUnsafeMutableBufferPointer { cp in
                            blas.sgemm(
                                CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(t), Int32(headWidth), Int32(t), 1,
                                sp.baseAddress!, Int32(t), vp.baseAddress! + offset, Int32(h), 0, cp.baseAddress! + offset,
                                Int32(h))
                        }
                    }
                }
            }
        }
        linear(s.context, rows: rows, layer.attentionOutput, into: &s.projected)
        for i in x.indices { x[i] += s.projected[i] }
        layerNorm(&x, rows: rows, gamma: layer.attentionNorm.gamma, beta: layer.attentionNorm.beta)

        linear(x, rows: rows, layer.intermediate, into: &s.inner)
        for i in s.inner.indices { s.inner[i] = gelu(s.inner[i]) }
        linear(s.inner, rows: rows, layer.output, into: &s.projected)
        for i in x.indices { x[i] += s.projected[i] }
        layerNorm(&x, rows: rows, gamma: layer.outputNorm.gamma, beta: layer.outputNorm.beta)
    }

    /// Mean over each text's tokens (no padding: every token counts), then unit length.
    private func pooled(_ x: [Float], texts: [[Int32]], starts: [Int]) -> [[Float]] {
        let h = architecture.hidden
        return texts.indices.map { text in
            var pooled = [Float](repeating: 0, count: h)
            for row in starts[text]..<(starts[text] + texts[text].count) { for c in 0..<h { pooled[c] += x[row * h + c] } }
            var norm: Float = 0
            for c in 0..<h { norm += pooled[c] * pooled[c] }
            norm = norm.squareRoot()
            if norm > 0 { for c in 0..<h { pooled[c] /= norm } }
            return pooled
        }
    }

    /// `output = input · Wᵀ + b` for `rows` rows (W is `out × in`, row-major, as stored).
    private func linear(_ input: [Float], rows: Int, _ dense: Weights.Dense, into output: inout [Float]) {
        let n = dense.outputs
        let kk = dense.inputs
        output.withUnsafeMutableBufferPointer { out in
            for r in 0..<rows { (out.baseAddress! + r * n).update(from: dense.bias.baseAddress!, count: n) }
            input.withUnsafeBufferPointer { inp in
                blas.sgemm(
                    CblasRowMajor, CblasNoTrans, CblasTrans, Int32(rows), Int32(n), Int32(kk), 1,
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
                for c in 0..<h {
                    let d = row[c] - mean
                    variance += d * d
                }
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
                for c in 0..<rows {
                    let e = expf(row[c] - top)
                    row[c] = e
                    sum += e
                }
                for c in 0..<rows { row[c] /= sum }
            }
        }
    }

    /// BERT's exact GELU.
    @inline(__always) private func gelu(_ x: Float) -> Float { 0.5 * x * (1 + erff(x * 0.70710678)) }
}

/// Views into the mapped model file, checked against the architecture once at load.
struct Weights: @unchecked Sendable {
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
            Norm(
                gamma: try file.floats(name + ".weight", shape: [a.hidden]),
                beta: try file.floats(name + ".bias", shape: [a.hidden]))
        }
        func dense(_ name: String, _ outputs: Int, _ inputs: Int) throws -> Dense {
            Dense(
                weight: try file.floats(name + ".weight", shape: [outputs, inputs]),
                bias: try file.floats(name + ".bias", shape: [outputs]), outputs: outputs, inputs: inputs)
        }
        embeddingNorm = try norm("embeddings.LayerNorm")
        layers = try (0..<a.layers).map { i in
            let p = "encoder.layer.\(i)."
            return Layer(
                query: try dense(p + "attention.self.query", a.hidden, a.hidden),
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
