/// Embeddings as stored: Float32, little-endian, one after another.
enum ArticleEmbeddingCoding {
    static func bytes(_ vector: [Float]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(vector.count * 4)
        for value in vector {
            let bits = value.bitPattern.littleEndian
            withUnsafeBytes(of: bits) { out.append(contentsOf: $0) }
        }
        return out
    }

    /// Nil unless the bytes are whole Float32 values.
    static func floats(_ bytes: [UInt8]) -> [Float]? {
        guard bytes.count % 4 == 0 else { return nil }
        return stride(from: 0, to: bytes.count, by: 4).map { i in
            Float(
                bitPattern: UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
            )
        }
    }
}
