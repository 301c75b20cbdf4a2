import Foundation

/// One HTTP response as read off the wire by `RawHTTPConnection` or `HTTPTestClient`.
public struct RawHTTPResponse: Sendable, CustomStringConvertible {
    /// e.g. "HTTP/1.1".
    public var version: String
    public var status: Int
    public var reason: String
    public var headers: RawHTTPHeaders
    /// The decoded body: de-chunked when the response was chunked.
    public var body: [UInt8]

    public var bodyString: String { String(decoding: body, as: UTF8.self) }

    /// Decodes the body as JSON, with ISO 8601 dates like the apps the server talks to.
    public func decode<Value: Decodable>(_ type: Value.Type = Value.self, using decoder: JSONDecoder? = nil) throws -> Value {
        let decoder =
            decoder
            ?? {
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                return decoder
            }()
        return try decoder.decode(type, from: Data(body))
    }

    public var description: String { "\(version) \(status) \(reason)\n\(headers)\n\n\(bodyString)" }
}
