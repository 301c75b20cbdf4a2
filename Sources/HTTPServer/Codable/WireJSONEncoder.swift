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
        let writer = JSONByteWriter(options: self)
        try writer.encodeValue(value, depth: 0)
        writer.closeDeeper(than: 0)
        return Data(writer.bytes)
    }
}

/// The streaming state. Codable never says when a container is finished, so closing
/// brackets are deferred: a container opened at depth d is closed as soon as anything is
/// written at a depth ≤ d, or at the end.
final class JSONByteWriter: Encoder {
    var bytes: [UInt8] = []
    let options: WireJSONEncoder
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Open containers, innermost last: (depth, closing byte, has elements).
    private var open: [(depth: Int, closer: UInt8, hasElements: Bool)] = []
    /// The depth at which the next value's container would open.
    private var valueDepth = 0
    /// Whether the value currently being encoded has written anything.
    private var valueStarted = false

    init(options: WireJSONEncoder) {
        self.options = options
        bytes.reserveCapacity(512)
    }

    // MARK: Structure

    func closeDeeper(than depth: Int) {
        while let last = open.last, last.depth > depth {
            bytes.append(last.closer)
            open.removeLast()
        }
    }

    /// Starts an element of the container at `depth`: closes deeper containers, writes the comma.
    func beginElement(depth: Int) {
        closeDeeper(than: depth)
        if let index = open.indices.last, open[index].depth == depth {
            if open[index].hasElements { bytes.append(UInt8(ascii: ",")) }
            open[index].hasElements = true
        }
    }

    func writeKey(_ key: String, depth: Int) {
        beginElement(depth: depth)
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Opens a container for the value at `valueDepth`, or reuses it when the same value
    /// asks twice (as `superEncoder` users and some hand-written encoders do).
    func openContainer(_ opener: UInt8, _ closer: UInt8) -> Int {
        let depth = valueDepth + 1
        closeDeeper(than: depth)
        if let last = open.last, last.depth == depth, valueStarted { return depth }
        bytes.append(opener)
        open.append((depth, closer, false))
        valueStarted = true
        return depth
    }

    func encodeValue<T: Encodable>(_ value: T, depth: Int) throws {
        let savedDepth = valueDepth, savedStarted = valueStarted
        valueDepth = depth
        valueStarted = false
        defer { valueDepth = savedDepth; valueStarted = savedStarted }
        // Metatype comparisons, not `as?` casts: casts on a generic value are the slow path.
        if T.self == String.self {
            writeString(value as! String)
        } else if T.self == Int.self {
            writeInteger(value as! Int)
        } else if T.self == Bool.self {
            bytes += (value as! Bool) ? Array("true".utf8) : Array("false".utf8)
        } else if T.self == Double.self {
            try writeDouble(value as! Double)
        } else if T.self == Date.self {
            try writeDate(value as! Date)
        } else if T.self == URL.self {
            writeString((value as! URL).absoluteString)
        } else if T.self == Data.self {
            writeString((value as! Data).base64EncodedString())
        } else if T.self == Decimal.self {
            bytes += Array((value as! Decimal).description.utf8)
        } else {
            try value.encode(to: self)
            if !valueStarted { bytes += Array("{}".utf8) }
            return
        }
        valueStarted = true
    }

    // MARK: Scalars

    func writeNull() { bytes += [0x6E, 0x75, 0x6C, 0x6C] }

    func writeInteger<I: BinaryInteger>(_ value: I) { bytes += Array(String(value).utf8) }

    func writeDouble(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "JSON has no NaN or infinity."))
        }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            bytes += Array(String(Int64(value)).utf8)
            bytes += [UInt8(ascii: "."), UInt8(ascii: "0")]
        } else {
            bytes += Array(value.description.utf8)
        }
    }

    func writeDate(_ date: Date) throws {
        switch options.dateStyle {
        case .secondsSince1970: try writeDouble(date.timeIntervalSince1970)
        case .iso8601Seconds: writeString(ISO8601Seconds.format(date))
        }
    }

    func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        let clean = string.withUTF8 { utf8 in
            // Most strings need no escaping: copy them in one go.
            guard !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if clean {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [0x5C, 0x22]
            case UInt8(ascii: "\\"): bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
            case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
            case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let depth = openContainer(UInt8(ascii: "{"), UInt8(ascii: "}"))
        return KeyedEncodingContainer(WireKeyedContainer<Key>(writer: self, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        WireUnkeyedContainer(writer: self, depth: openContainer(UInt8(ascii: "["), UInt8(ascii: "]")))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        WireSingleValueContainer(writer: self, depth: valueDepth)
    }
}

struct WireKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONByteWriter
    let depth: Int
    var codingPath: [any CodingKey] { writer.codingPath }

    mutating func encodeNil(forKey key: Key) throws { writer.writeKey(key.stringValue, depth: depth); writer.writeNull() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try encodeAny(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { writer.writeKey(key.stringValue, depth: depth); writer.writeString(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { writer.writeKey(key.stringValue, depth: depth); try writer.writeDouble(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { writer.writeKey(key.stringValue, depth: depth); try writer.writeDouble(Double(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { writer.writeKey(key.stringValue, depth: depth); writer.writeInteger(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { writer.writeKey(key.stringValue, depth: depth); writer.writeInteger(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { writer.writeKey(key.stringValue, depth: depth); writer.writeInteger(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encodeAny(value, key) }

    private func encodeAny<T: Encodable>(_ value: T, _ key: Key) throws {
        writer.writeKey(key.stringValue, depth: depth)
        writer.codingPath.append(key)
        defer { writer.codingPath.removeLast() }
        try writer.encodeValue(value, depth: depth)
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
        -> KeyedEncodingContainer<NestedKey> {
        writer.writeKey(key.stringValue, depth: depth)
        writer.bytes.append(UInt8(ascii: "{"))
        writer.pushOpen(depth: depth + 1, closer: UInt8(ascii: "}"))
        return KeyedEncodingContainer(WireKeyedContainer<NestedKey>(writer: writer, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        writer.writeKey(key.stringValue, depth: depth)
        writer.bytes.append(UInt8(ascii: "["))
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

    mutating func encodeNil() throws { writer.beginElement(depth: depth); writer.writeNull(); count += 1 }
    mutating func encode(_ value: String) throws { writer.beginElement(depth: depth); writer.writeString(value); count += 1 }
    mutating func encode(_ value: Int) throws { writer.beginElement(depth: depth); writer.writeInteger(value); count += 1 }
    mutating func encode(_ value: Double) throws { writer.beginElement(depth: depth); try writer.writeDouble(value); count += 1 }
    mutating func encode<T: Encodable>(_ value: T) throws {
        writer.beginElement(depth: depth)
        try writer.encodeValue(value, depth: depth)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        writer.beginElement(depth: depth)
        writer.bytes.append(UInt8(ascii: "{"))
        writer.pushOpen(depth: depth + 1, closer: UInt8(ascii: "}"))
        count += 1
        return KeyedEncodingContainer(WireKeyedContainer<NestedKey>(writer: writer, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.beginElement(depth: depth)
        writer.bytes.append(UInt8(ascii: "["))
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

    mutating func encodeNil() throws { writer.markValueStarted(); writer.writeNull() }
    mutating func encode(_ value: String) throws { writer.markValueStarted(); writer.writeString(value) }
    mutating func encode(_ value: Bool) throws { writer.markValueStarted(); writer.bytes += Array((value ? "true" : "false").utf8) }
    mutating func encode(_ value: Int) throws { writer.markValueStarted(); writer.writeInteger(value) }
    mutating func encode(_ value: Double) throws { writer.markValueStarted(); try writer.writeDouble(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        writer.markValueStarted()
        try writer.encodeValue(value, depth: depth)
    }
}

extension JSONByteWriter {
    func pushOpen(depth: Int, closer: UInt8) { open.append((depth, closer, false)) }
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
        put(parts.tm_year + 1900, 4); out.append(0x2D); put(parts.tm_mon + 1, 2); out.append(0x2D); put(parts.tm_mday, 2)
        out.append(UInt8(ascii: "T"))
        put(parts.tm_hour, 2); out.append(0x3A); put(parts.tm_min, 2); out.append(0x3A); put(parts.tm_sec, 2)
        out.append(UInt8(ascii: "Z"))
        return String(decoding: out, as: UTF8.self)
    }
}
