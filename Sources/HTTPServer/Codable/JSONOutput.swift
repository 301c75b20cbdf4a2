import Foundation

/// The encoder's output: raw memory that doubles when full. An `[UInt8]` checks uniqueness on
/// every append, and an encode is mostly appends of one byte or a few; here each is a bounds
/// check and a store. Owned by one `JSONByteWriter`, which frees it.
struct JSONOutput {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    /// The memory held, used or not.
    var reservedBytes: Int { capacity }

    init(capacity: Int) {
        self.capacity = capacity
        start = .allocate(capacity: capacity)
    }

    /// The bytes written so far, copied out.
    var data: Data { Data(bytes: start, count: count) }

    /// The bytes written so far, copied into a response body.
    var responseBytes: ResponseBytes { ResponseBytes(copying: UnsafeRawBufferPointer(start: start, count: count)) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        start[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (start + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Writes `"bytes"` when no byte needs a JSON escape (control, `"`, `\\`) and returns
    /// true; otherwise writes nothing and returns false. Copies while it checks: one pass
    /// and one capacity check for the lot (the strings are mostly a few bytes long).
    mutating func appendQuotedIfPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let needed = count + bytes.count + 2
        if needed > capacity { grow(toHold: needed) }
        let destination = start + count + 1
        for index in bytes.indices {
            let byte = bytes[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            destination[index] = byte
        }
        start[count] = UInt8(ascii: "\"")
        start[needed - 1] = UInt8(ascii: "\"")
        count = needed
        return true
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Empties the buffer, keeping its memory for the next encode.
    mutating func removeAll() { count = 0 }

    func deallocate() { start.deallocate() }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.initialize(from: start, count: count)
        start.deallocate()
        start = grown
        capacity = newCapacity
    }
}
