/// The decoded query string: `+` is a space, `%XX` are bytes of UTF-8; repeated keys kept.
public struct QueryParameters: Sendable {
    public private(set) var items: [(name: String, value: String)] = []

    public init() {}

    /// Parses `a=1&b=x%20y`; throws on malformed percent-escapes or invalid UTF-8.
    public init(parsing raw: some StringProtocol) throws(HTTPError) {
        guard !raw.isEmpty else { return }
        for pair in raw.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentDecoding.decode(parts[0], plusAsSpace: true),
                let value = PercentDecoding.decode(parts.count > 1 ? parts[1] : "", plusAsSpace: true)
            else {
                throw HTTPError(.badRequest, code: .invalidRequest, message: "Malformed query string.")
            }
            items.append((name: name, value: value))
        }
    }

    /// The first value for a name.
    public subscript(name: String) -> String? { items.first(where: { $0.name == name })?.value }

    public func all(_ name: String) -> [String] { items.filter { $0.name == name }.map(\.value) }

    /// An integer parameter within bounds, or a 400/422 that names the parameter.
    public func integer(_ name: String, default defaultValue: Int? = nil, range: ClosedRange<Int>) throws(HTTPError) -> Int? {
        guard let raw = self[name] else { return defaultValue }
        guard let value = Int(raw) else {
            throw HTTPError(
                .badRequest, code: .invalidRequest, message: "Query parameter '\(name)' must be an integer.", field: name)
        }
        guard range.contains(value) else {
            throw HTTPError(
                .badRequest, code: .invalidRequest,
                message: "Query parameter '\(name)' must be between \(range.lowerBound) and \(range.upperBound).",
                field: name)
        }
        return value
    }
}

/// RFC 3986 percent-decoding into UTF-8 text.
enum PercentDecoding {
    static func decode(_ text: some StringProtocol, plusAsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let hi = iterator.next().flatMap(hexValue), let lo = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(hi << 4 | lo)
            case UInt8(ascii: "+") where plusAsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
