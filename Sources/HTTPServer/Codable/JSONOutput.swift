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
    /// true; otherwise writes nothing and returns false. One capacity check for the lot, and
    /// the bytes are checked and copied eight at a time (most strings are keys and short
    /// values: one word, padded with spaces, which need no escape).
    mutating func appendQuotedIfPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = bytes.count
        let needed = count + length + 2
        // Room for whole words: the last store may run up to 7 bytes past the closing quote
        // (into capacity, overwritten by whatever comes next).
        if needed + 8 > capacity { grow(toHold: needed + 8) }
        let destination = UnsafeMutableRawPointer(start + count + 1)
        if let source = bytes.baseAddress.map(UnsafeRawPointer.init) {
            var offset = 0
            while length - offset >= 8 {
                let word = source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                if Self.needsEscape(word) { return false }
                destination.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            if offset < length {
                let word = Self.loadTail(source + offset, count: length - offset)
                if Self.needsEscape(word) { return false }
                destination.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
            }
        }
        start[count] = UInt8(ascii: "\"")
        start[needed - 1] = UInt8(ascii: "\"")
        count = needed
        return true
    }

    /// The last 1...7 bytes as one word, padded with spaces: read as 4, 2 and 1 bytes, so
    /// nothing past the end is touched (and no `memcpy` call for a few bytes).
    @inline(__always)
    static func loadTail(_ source: UnsafeRawPointer, count: Int) -> UInt64 {
        var word: UInt64 = 0
        var shift: UInt64 = 0
        var offset = 0
        if count & 4 != 0 {
            word = UInt64(source.loadUnaligned(as: UInt32.self))
            shift = 32
            offset = 4
        }
        if count & 2 != 0 {
            word |= UInt64(source.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) &<< shift
            shift += 16
            offset += 2
        }
        if count & 1 != 0 {
            word |= UInt64(source.load(fromByteOffset: offset, as: UInt8.self)) &<< shift
            shift += 8
        }
        return word | (0x2020_2020_2020_2020 &<< shift)
    }

    /// Whether any of the eight bytes is below 0x20, `"` or `\\` (bytes of 0x80 and up never
    /// count: UTF-8 continuation and lead bytes pass).
    @inline(__always)
    static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        let control = (word &- ones &* 0x20) & ~word & highs != 0
        return control || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
    }

    /// Hands `body` room for `length` bytes at the end and counts them as written.
    @inline(__always)
    mutating func appendUninitialized(_ length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        if count + length > capacity { grow(toHold: count + length) }
        body(start + count)
        count += length
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
