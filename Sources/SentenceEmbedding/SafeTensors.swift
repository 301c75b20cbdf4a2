import Foundation
import StableHash

#if canImport(Glibc)
import Glibc
#endif

/// A `.safetensors` file mapped read-only: an 8-byte little-endian header length, a JSON header
/// (`name → {dtype, shape, data_offsets}`), then the raw tensors. Only `F32` tensors are read.
/// The mapping lives as long as this value; tensors are views into it (no copy).
final class SafeTensors: @unchecked Sendable {
    // Immutable after init: the mapping is read-only and never unmapped before deinit.
    struct Entry {
        let dtype: String
        let shape: [Int]
        let offsets: [Int]
    }

    private let base: UnsafeRawPointer
    private let length: Int
    private let dataStart: Int
    private let entries: [String: Entry]

    init(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw EmbeddingError.modelMissing(path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 8 else { throw EmbeddingError.malformedModel("\(path): too short") }
        length = Int(info.st_size)
        guard let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            throw EmbeddingError.malformedModel("\(path): cannot map")
        }
        base = UnsafeRawPointer(mapped)
        let headerLength = Int(UInt64(littleEndian: base.loadUnaligned(as: UInt64.self)))
        guard headerLength > 0, 8 + headerLength <= length else {
            munmap(mapped, length)
            throw EmbeddingError.malformedModel("\(path): bad header length")
        }
        dataStart = 8 + headerLength
        let header = Data(bytes: base + 8, count: headerLength)
        // Each tensor is {dtype, shape, data_offsets}; "__metadata__" (string → string) is skipped.
        guard let object = try? JSONSerialization.jsonObject(with: header) as? [String: Any] else {
            munmap(mapped, length)
            throw EmbeddingError.malformedModel("\(path): header is not a JSON object")
        }
        var entries: [String: Entry] = [:]
        for (name, value) in object {
            guard let fields = value as? [String: Any], let dtype = fields["dtype"] as? String,
                let shape = fields["shape"] as? [Int], let offsets = fields["data_offsets"] as? [Int]
            else { continue }
            entries[name] = Entry(dtype: dtype, shape: shape, offsets: offsets)
        }
        self.entries = entries
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), length) }

    func has(_ name: String) -> Bool { entries[name] != nil }

    /// FNV-1a 64 of the whole file, read from the mapping: names a file by its content.
    var contentHash: UInt64 {
        FNV1a64.hash(UnsafeRawBufferPointer(start: base, count: length))
    }

    /// The named 2-D `F32` tensor of `columns` columns and any positive number of rows.
    func floats(_ name: String, columns: Int) throws -> UnsafeBufferPointer<Float> {
        guard let entry = entries[name] else { throw EmbeddingError.malformedModel("tensor \(name) missing") }
        guard entry.shape.count == 2, entry.shape[0] > 0, entry.shape[1] == columns else {
            throw EmbeddingError.malformedModel("tensor \(name): shape \(entry.shape), expected [_, \(columns)]")
        }
        return try floats(name, shape: entry.shape)
    }

    /// The named `F32` tensor, checked against the expected shape.
    func floats(_ name: String, shape: [Int]) throws -> UnsafeBufferPointer<Float> {
        guard let entry = entries[name] else { throw EmbeddingError.malformedModel("tensor \(name) missing") }
        guard entry.dtype == "F32", entry.shape == shape, entry.offsets.count == 2 else {
            throw EmbeddingError.malformedModel("tensor \(name): \(entry.dtype) \(entry.shape), expected F32 \(shape)")
        }
        let start = dataStart + entry.offsets[0]
        let end = dataStart + entry.offsets[1]
        let count = shape.reduce(1, *)
        guard start <= end, end <= length, end - start == count * 4, start % 4 == 0 else {
            throw EmbeddingError.malformedModel("tensor \(name): bad offsets")
        }
        return UnsafeBufferPointer(start: (base + start).assumingMemoryBound(to: Float.self), count: count)
    }
}

public enum EmbeddingError: Error, Equatable, CustomStringConvertible {
    case modelMissing(String)
    case malformedModel(String)
    case blasUnavailable(String)

    public var description: String {
        switch self {
        case .modelMissing(let path): "sentence model not found: \(path)"
        case .malformedModel(let why): "sentence model unusable: \(why)"
        case .blasUnavailable(let why): "OpenBLAS unavailable: \(why)"
        }
    }
}
