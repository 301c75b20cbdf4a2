/// Request methods the router dispatches on.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    public var description: String { rawValue }

    /// The method of a request line: the common ones are the shared constants, without
    /// building a `String` per request.
    init(cString: UnsafePointer<CChar>) {
        for known in Self.common where Self.equal(cString, known.name) {
            self = known.method
            return
        }
        self.init(rawValue: String(cString: cString))
    }

    private static func equal(_ cString: UnsafePointer<CChar>, _ name: StaticString) -> Bool {
        name.withUTF8Buffer { name in
            for (index, byte) in name.enumerated() where UInt8(bitPattern: cString[index]) != byte { return false }
            return cString[name.count] == 0
        }
    }

    private static let common: [(name: StaticString, method: HTTPMethod)] = [
        ("GET", .get), ("POST", .post), ("HEAD", .head), ("PUT", .put), ("PATCH", .patch), ("DELETE", .delete),
        ("OPTIONS", .options),
    ]

    /// Methods whose requests normally carry a body.
    var expectsBody: Bool { self == .post || self == .put || self == .patch }
}
