import Foundation

/// A response body in one allocation that libmicrohttpd can hold on to until it has sent it:
/// what `Response.json` produces.
///
/// Why not `Data`: a `Data` body costs two allocations (its storage object and its bytes),
/// and MHD must copy it (a third) because `Data` cannot be handed over. This buffer is the
/// bytes and their reference count in one object; the transport passes MHD its memory and
/// a retained reference, which MHD's free callback releases once the answer is sent.
public struct ResponseBytes: @unchecked Sendable {
    // @unchecked: the storage is written once, in `init`, before anyone else can see it.
    final class Storage: ManagedBuffer<Int, UInt8> {}

    let storage: Storage

    /// Copies `bytes` into a new buffer.
    public init(copying bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        let buffer = Storage.create(minimumCapacity: count) { _ in count }
        storage = unsafeDowncast(buffer, to: Storage.self)
        if let source = bytes.baseAddress, count > 0 {
            storage.withUnsafeMutablePointerToElements {
                $0.initialize(from: source.assumingMemoryBound(to: UInt8.self), count: count)
            }
        }
    }

    public var count: Int { storage.header }

    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { count, elements in
            try body(UnsafeRawBufferPointer(start: elements, count: count.pointee))
        }
    }

    /// The bytes, copied into a `Data`.
    public var data: Data { withUnsafeBytes { Data($0) } }
}
