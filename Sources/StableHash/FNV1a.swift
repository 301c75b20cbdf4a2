/// FNV-1a (Fowler–Noll–Vo), 64-bit: a hash that is the same in every process and on every machine, unlike
/// Swift's `Hasher`, which is seeded per process. For what is stored or compared across runs — content
/// keys, seeds, fingerprints, a file's identity, feature buckets written identically in Python. Not for
/// anything a hostile client must not be able to collide.
public struct FNV1a64: Sendable, Hashable {
    @usableFromInline var state: UInt64 = 0xCBF2_9CE4_8422_2325

    @inlinable public init() {}

    /// The hash of everything added so far.
    @inlinable public var value: UInt64 { state }

    @inlinable public mutating func add(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    @inlinable public mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { add(byte) }
    }

    /// FNV-1a 64 of the UTF-8 bytes of `text`.
    @inlinable public static func hash(_ text: String) -> UInt64 {
        var hasher = FNV1a64()
        hasher.add(text.utf8)
        return hasher.value
    }

    /// FNV-1a 64 of raw bytes (a mapped file, a buffer).
    @inlinable public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = FNV1a64()
        hasher.add(bytes)
        return hasher.value
    }
}

/// FNV-1a, 32-bit: the same rule with the 32-bit constants, for hashes small enough to write identically
/// in another language (the learned safety features' buckets) or to pick a colour.
public struct FNV1a32: Sendable, Hashable {
    @usableFromInline var state: UInt32 = 0x811C_9DC5

    @inlinable public init() {}

    @inlinable public var value: UInt32 { state }

    @inlinable public mutating func add(_ byte: UInt8) {
        state = (state ^ UInt32(byte)) &* 0x0100_0193
    }

    @inlinable public mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { add(byte) }
    }

    /// This hash with `bytes` added (the receiver is unchanged): a shared prefix hashed once.
    @inlinable public func adding(_ bytes: some Sequence<UInt8>) -> FNV1a32 {
        var copy = self
        copy.add(bytes)
        return copy
    }

    /// FNV-1a 32 of the UTF-8 bytes of `text`.
    @inlinable public static func hash(_ text: String) -> UInt32 {
        var hasher = FNV1a32()
        hasher.add(text.utf8)
        return hasher.value
    }
}
