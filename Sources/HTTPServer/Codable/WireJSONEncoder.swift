import Foundation

/// A JSON encoder for response bodies that writes bytes straight into one buffer.
///
/// Why not `JSONEncoder`: on Linux it builds a value tree and dynamically casts every value,
/// which made it the largest cost of a small JSON response (measured with `perf`, see the
/// README's benchmark section). This encoder streams instead, and it also fixes two wire
/// rules in one place:
/// - keys come out in declaration (encoding) order, so answers are byte-stable;
/// - optionals that are nil are written as `null` instead of being dropped (both clients
///   want nullable keys present), unless `omitNilKeys` is set;
/// - dates use the configured `DateStyle` (Jarvis: `YYYY-MM-DDTHH:MM:SSZ`, never fractions).
public struct WireJSONEncoder: Sendable {
    public enum DateStyle: Sendable {
        /// `2026-01-01T00:00:00Z` (whole seconds, UTC, literal Z).
        case iso8601Seconds
        /// Seconds since 1970 as a JSON number (Xoseen chat `ts`).
        case secondsSince1970
    }

    public var dateStyle: DateStyle
    public var omitNilKeys: Bool

    public init(dateStyle: DateStyle = .iso8601Seconds, omitNilKeys: Bool = false) {
        self.dateStyle = dateStyle
        self.omitNilKeys = omitNilKeys
    }

    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try encode(value) { $0.data }
    }

    /// The same bytes in a buffer the transport hands to libmicrohttpd without copying.
    public func encodeResponseBytes<T: Encodable>(_ value: T) throws -> ResponseBytes {
        try encode(value) { $0.responseBytes }
    }

    private func encode<T: Encodable, Output>(_ value: T, into output: (JSONOutput) -> Output) throws -> Output {
        let writer = JSONWriterCache.take(options: self)
        defer { JSONWriterCache.give(writer) }
        try writer.encodeValue(value, depth: 0)
        writer.closeDeeper(than: 0)
        return output(writer.output)
    }
}

/// The streaming state. Codable never says when a container is finished, so closing
/// brackets are deferred: a container opened at depth d is closed as soon as anything is
/// written at a depth ≤ d, or at the end.
final class JSONByteWriter: Encoder {
    var output = JSONOutput(capacity: 512)
    private(set) var options: WireJSONEncoder
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Open containers, innermost last: (depth, closing byte, has elements).
    private var open = OpenContainers()
    /// The depth at which the next value's container would open.
    private var valueDepth = 0
    /// Whether the value currently being encoded has written anything.
    private var valueStarted = false

    /// Keyed containers made for earlier values, by key type and depth. A container only holds
    /// this writer and its depth, so the next value of the same type at the same depth (the
    /// next element of an array, the next response) can have the same one: making one costs
    /// two generic-metadata lookups, a witness-table lookup and the box's allocation, which
    /// was a quarter of a small response's encode (callgrind, see the README).
    /// Each slot holds a `KeyedEncodingContainer<Key>` for its `key` (`ObjectIdentifier(Key.self)`);
    /// `owner` keeps it. The slots refer back to this writer: `dropKeyedContainers` breaks
    /// that cycle before a writer is let go.
    private var keyedContainers: [(key: ObjectIdentifier, depth: Int, slot: UnsafeMutableRawPointer, owner: AnyObject)] = []
    /// Beyond this many (key type, depth) pairs, containers are made afresh each time.
    static let maxKeyedContainers = 32

    init(options: WireJSONEncoder) {
        self.options = options
    }

    /// Set on the writer a thread keeps (see `JSONWriterCache`), and while it encodes.
    var isThreadWriter = false
    var isBusy = false

    /// Lets go of the cached containers (and so of their references to this writer).
    func dropKeyedContainers() { keyedContainers.removeAll() }

    deinit {
        output.deallocate()
        open.deallocate()
    }

    /// Ready for the next encode, keeping the buffers (see `JSONWriterCache`).
    func reset(options: WireJSONEncoder) {
        self.options = options
        output.removeAll()
        open.removeAll()
        // Empty unless the last encode threw (`removeAll` costs a call even then).
        if !codingPath.isEmpty { codingPath.removeAll(keepingCapacity: true) }
        valueDepth = 0
        valueStarted = false
    }

    // MARK: Structure

    func closeDeeper(than depth: Int) {
        while let last = open.last, last.depth > depth {
            output.append(last.closer)
            open.removeLast()
        }
    }

    /// Starts an element of the container at `depth`: closes deeper containers, writes the comma.
    func beginElement(depth: Int) {
        closeDeeper(than: depth)
        if let last = open.lastPointer, last.pointee.depth == depth {
            if last.pointee.hasElements { output.append(UInt8(ascii: ",")) }
            last.pointee.hasElements = true
        }
    }

    func writeKey(_ key: String, depth: Int) {
        beginElement(depth: depth)
        writeString(key)
        output.append(UInt8(ascii: ":"))
    }

    /// Opens a container for the value at `valueDepth`, or reuses it when the same value
    /// asks twice (as `superEncoder` users and some hand-written encoders do).
    func openContainer(_ opener: UInt8, _ closer: UInt8) -> Int {
        let depth = valueDepth + 1
        closeDeeper(than: depth)
        if let last = open.last, last.depth == depth, valueStarted { return depth }
        output.append(opener)
        open.append(.init(depth: depth, closer: closer, hasElements: false))
        valueStarted = true
        return depth
    }

    func encodeValue<T: Encodable>(_ value: T, depth: Int) throws {
        if try !writePrimitive(value) { try encodeComposite(value, depth: depth) }
    }

    /// A value that encodes itself through containers, opened one level below `depth`.
    func encodeComposite<T: Encodable>(_ value: T, depth: Int) throws {
        let savedDepth = valueDepth
        let savedStarted = valueStarted
        valueDepth = depth
        valueStarted = false
        defer {
            valueDepth = savedDepth
            valueStarted = savedStarted
        }
        try value.encode(to: self)
        if !valueStarted { append("{}") }
    }

    /// Writes the common leaf types (and arrays of the commonest ones) without going through
    /// their `encode(to:)`. Metatype comparisons and a reinterpreting cast, not `as?`: a
    /// dynamic cast on an unspecialised generic value is the slow path. Returns false when
    /// `T` is not one of them.
    func writePrimitive<T: Encodable>(_ value: T) throws -> Bool {
        func cast<U>(_: U.Type) -> U { unsafeBitCast(value, to: U.self) }
        if T.self == String.self {
            writeString(cast(String.self))
        } else if T.self == Int.self {
            writeInteger(cast(Int.self))
        } else if T.self == Bool.self {
            append(cast(Bool.self) ? "true" : "false")
        } else if T.self == [String].self {
            writeArray(cast([String].self), writeString)
        } else if T.self == [Int].self {
            writeArray(cast([Int].self)) { self.writeInteger($0) }
        } else if T.self == Int64.self {
            writeInteger(cast(Int64.self))
        } else if T.self == Double.self, cast(Double.self).isFinite {
            try writeDouble(cast(Double.self))
        } else if T.self == Date.self {
            try writeDate(cast(Date.self))
        } else if T.self == URL.self {
            writeString(cast(URL.self).absoluteString)
        } else if T.self == Data.self {
            writeString(cast(Data.self).base64EncodedString())
        } else if T.self == Decimal.self {
            output.append(cast(Decimal.self).description)
        } else {
            return false
        }
        return true
    }

    private func writeArray<Element>(_ elements: [Element], _ write: (Element) -> Void) {
        output.append(UInt8(ascii: "["))
        for index in elements.indices {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            write(elements[index])
        }
        output.append(UInt8(ascii: "]"))
    }

    // MARK: Scalars

    func writeNull() { append("null") }

    func append(_ literal: StaticString) {
        literal.withUTF8Buffer { output.append($0) }
    }

    /// Decimal digits straight into the buffer (no intermediate `String`).
    func writeInteger<I: BinaryInteger>(_ value: I) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(value.magnitude)
        if magnitude < 10 {
            output.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude))
            return
        }
        var length = 1
        var rest = magnitude / 10
        while rest > 0 {
            length += 1
            rest /= 10
        }
        output.appendUninitialized(length) { digits in
            var index = length
            repeat {
                index -= 1
                digits[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
        }
    }

    func writeDouble(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "JSON has no NaN or infinity."))
        }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            writeInteger(Int64(value))
            append(".0")
        } else {
            output.append(value.description)
        }
    }

    func writeDate(_ date: Date) throws {
        switch options.dateStyle {
        case .secondsSince1970: try writeDouble(date.timeIntervalSince1970)
        case .iso8601Seconds: writeString(ISO8601Seconds.format(date))
        }
    }

    func writeString(_ string: String) {
        // Native and small strings lend their UTF-8 in place (no copy of the string value).
        let written: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
            // Most strings (every key, most values) need no escaping: one scan, one copy.
            if !output.appendQuotedIfPlain(utf8) { writeEscaped(utf8) }
        }
        if written == nil {
            var string = string
            string.withUTF8 { utf8 in
                if !output.appendQuotedIfPlain(utf8) { writeEscaped(utf8) }
            }
        }
    }

    private func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        output.append(UInt8(ascii: "\""))
        // Copy the runs between escapes in one go.
        var run = 0
        for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            output.append(UnsafeBufferPointer(rebasing: utf8[run..<index]))
            writeEscape(byte)
            run = index + 1
        }
        output.append(UnsafeBufferPointer(rebasing: utf8[run...]))
        output.append(UInt8(ascii: "\""))
    }

    private func writeEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        default:
            append("\\u00")
            output.append(Self.hexDigit(byte >> 4))
            output.append(Self.hexDigit(byte & 0xF))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let depth = openContainer(UInt8(ascii: "{"), UInt8(ascii: "}"))
        let id = ObjectIdentifier(type)
        for entry in keyedContainers where entry.key == id && entry.depth == depth {
            return entry.slot.assumingMemoryBound(to: KeyedEncodingContainer<Key>.self).pointee
        }
        let container = KeyedEncodingContainer(WireKeyedContainer<Key>(writer: self, depth: depth))
        if keyedContainers.count < Self.maxKeyedContainers {
            let owner = KeyedContainerSlot(container)
            keyedContainers.append((id, depth, UnsafeMutableRawPointer(owner.slot), owner))
        }
        return container
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        WireUnkeyedContainer(writer: self, depth: openContainer(UInt8(ascii: "["), UInt8(ascii: "]")))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        WireSingleValueContainer(writer: self, depth: valueDepth)
    }
}

/// The writer's stack of open containers, innermost last, in memory of its own: pushed,
/// peeked and popped a few times per value, where an array's uniqueness and bounds checks
/// cost more than the work. Owned by one `JSONByteWriter`, which frees it.
struct OpenContainers {
    struct Entry {
        var depth: Int
        var closer: UInt8
        var hasElements: Bool
    }

    private var base = UnsafeMutablePointer<Entry>.allocate(capacity: 8)
    private var capacity = 8
    private var count = 0

    var last: Entry? { count > 0 ? base[count - 1] : nil }
    var lastPointer: UnsafeMutablePointer<Entry>? { count > 0 ? base + (count - 1) : nil }

    mutating func append(_ entry: Entry) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: entry)
        count += 1
    }

    mutating func removeLast() { count -= 1 }
    mutating func removeAll() { count = 0 }
    func deallocate() { base.deallocate() }
}

/// Owns one cached `KeyedEncodingContainer` in memory of its own, so the writer can read it
/// back through a raw pointer without knowing `Key` until it is asked for that key type.
final class KeyedContainerSlot<Key: CodingKey> {
    let slot: UnsafeMutablePointer<KeyedEncodingContainer<Key>>

    init(_ container: KeyedEncodingContainer<Key>) {
        slot = .allocate(capacity: 1)
        slot.initialize(to: container)
    }

    deinit {
        slot.deinitialize(count: 1)
        slot.deallocate()
    }
}

struct WireKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONByteWriter
    let depth: Int
    var codingPath: [any CodingKey] { writer.codingPath }

    mutating func encodeNil(forKey key: Key) throws {
        writer.writeKey(key.stringValue, depth: depth)
        writer.writeNull()
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try encodeAny(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws {
        writer.writeKey(key.stringValue, depth: depth)
        writer.writeString(value)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        writer.writeKey(key.stringValue, depth: depth)
        try writer.writeDouble(value)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        writer.writeKey(key.stringValue, depth: depth)
        try writer.writeDouble(Double(value))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        writer.writeKey(key.stringValue, depth: depth)
        writer.writeInteger(value)
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        writer.writeKey(key.stringValue, depth: depth)
        writer.writeInteger(value)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        writer.writeKey(key.stringValue, depth: depth)
        writer.writeInteger(value)
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encodeAny(value, key) }

    /// The key joins `codingPath` only for values that encode themselves: leaf values never
    /// read the path, and pushing it costs more than writing them.
    private func encodeAny<T: Encodable>(_ value: T, _ key: Key) throws {
        writer.writeKey(key.stringValue, depth: depth)
        if try writer.writePrimitive(value) { return }
        writer.codingPath.append(key)
        defer { writer.codingPath.removeLast() }
        try writer.encodeComposite(value, depth: depth)
    }

    // Nil optionals: written as null so nullable keys stay present (unless configured otherwise).
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encodeAny(value, key) } else if !writer.options.omitNilKeys { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !writer.options.omitNilKeys { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !writer.options.omitNilKeys { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !writer.options.omitNilKeys { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else if !writer.options.omitNilKeys { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        writer.writeKey(key.stringValue, depth: depth)
        writer.output.append(UInt8(ascii: "{"))
        writer.pushOpen(depth: depth + 1, closer: UInt8(ascii: "}"))
        return KeyedEncodingContainer(WireKeyedContainer<NestedKey>(writer: writer, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        writer.writeKey(key.stringValue, depth: depth)
        writer.output.append(UInt8(ascii: "["))
        writer.pushOpen(depth: depth + 1, closer: UInt8(ascii: "]"))
        return WireUnkeyedContainer(writer: writer, depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder { writer }
    mutating func superEncoder(forKey key: Key) -> any Encoder { writer }
}

struct WireUnkeyedContainer: UnkeyedEncodingContainer {
    let writer: JSONByteWriter
    let depth: Int
    var count = 0
    var codingPath: [any CodingKey] { writer.codingPath }

    mutating func encodeNil() throws {
        writer.beginElement(depth: depth)
        writer.writeNull()
        count += 1
    }
    mutating func encode(_ value: String) throws {
        writer.beginElement(depth: depth)
        writer.writeString(value)
        count += 1
    }
    mutating func encode(_ value: Int) throws {
        writer.beginElement(depth: depth)
        writer.writeInteger(value)
        count += 1
    }
    mutating func encode(_ value: Double) throws {
        writer.beginElement(depth: depth)
        try writer.writeDouble(value)
        count += 1
    }
    mutating func encode<T: Encodable>(_ value: T) throws {
        writer.beginElement(depth: depth)
        try writer.encodeValue(value, depth: depth)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        writer.beginElement(depth: depth)
        writer.output.append(UInt8(ascii: "{"))
        writer.pushOpen(depth: depth + 1, closer: UInt8(ascii: "}"))
        count += 1
        return KeyedEncodingContainer(WireKeyedContainer<NestedKey>(writer: writer, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.beginElement(depth: depth)
        writer.output.append(UInt8(ascii: "["))
        writer.pushOpen(depth: depth + 1, closer: UInt8(ascii: "]"))
        count += 1
        return WireUnkeyedContainer(writer: writer, depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder { writer }
}

struct WireSingleValueContainer: SingleValueEncodingContainer {
    let writer: JSONByteWriter
    let depth: Int
    var codingPath: [any CodingKey] { writer.codingPath }

    mutating func encodeNil() throws {
        writer.markValueStarted()
        writer.writeNull()
    }
    mutating func encode(_ value: String) throws {
        writer.markValueStarted()
        writer.writeString(value)
    }
    mutating func encode(_ value: Bool) throws {
        writer.markValueStarted()
        writer.append(value ? "true" : "false")
    }
    mutating func encode(_ value: Int) throws {
        writer.markValueStarted()
        writer.writeInteger(value)
    }
    mutating func encode(_ value: Double) throws {
        writer.markValueStarted()
        try writer.writeDouble(value)
    }
    mutating func encode<T: Encodable>(_ value: T) throws {
        writer.markValueStarted()
        try writer.encodeValue(value, depth: depth)
    }
}

extension JSONByteWriter {
    func pushOpen(depth: Int, closer: UInt8) { open.append(.init(depth: depth, closer: closer, hasElements: false)) }
    func markValueStarted() { valueStarted = true }
}

/// `YYYY-MM-DDTHH:MM:SSZ` without a formatter (the hot path of every Jarvis date).
public enum ISO8601Seconds {
    public static func format(_ date: Date) -> String {
        var t = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&t, &parts)
        var out = [UInt8]()
        out.reserveCapacity(20)
        func put(_ value: Int32, _ width: Int) {
            var digits = [UInt8](repeating: 0x30, count: width)
            var v = value
            for i in stride(from: width - 1, through: 0, by: -1) {
                digits[i] = 0x30 + UInt8(v % 10)
                v /= 10
            }
            out += digits
        }
        put(parts.tm_year + 1900, 4)
        out.append(0x2D)
        put(parts.tm_mon + 1, 2)
        out.append(0x2D)
        put(parts.tm_mday, 2)
        out.append(UInt8(ascii: "T"))
        put(parts.tm_hour, 2)
        out.append(0x3A)
        put(parts.tm_min, 2)
        out.append(0x3A)
        put(parts.tm_sec, 2)
        out.append(UInt8(ascii: "Z"))
        return String(decoding: out, as: UTF8.self)
    }
}
