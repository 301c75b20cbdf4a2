import Foundation

/// What a handler answers. Bodies are bytes in memory or an open file sent with sendfile.
public struct Response: Sendable {
    public enum Body: Sendable {
        case empty
        case bytes(Data)
        /// Bytes libmicrohttpd takes over without a copy (see `ResponseBytes`).
        case buffer(ResponseBytes)
        /// An open file descriptor; the server takes ownership and closes it.
        case file(descriptor: Int32, offset: UInt64, length: UInt64)
    }

    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: Body
    /// Set on the answer of a WebSocket route: the transport upgrades the connection.
    var upgrade: WebSocketUpgrade?

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: Body = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public var bodyLength: UInt64 {
        switch body {
        case .empty: 0
        case .bytes(let data): UInt64(data.count)
        case .buffer(let bytes): UInt64(bytes.count)
        case .file(_, _, let length): length
        }
    }

    /// 204 with no body at all (clients such as the Jarvis app check for exactly this).
    public static var noContent: Response { Response(status: .noContent) }

    public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .bytes(Data(text.utf8)))
    }

    /// A JSON response encoded with the given encoder (each product owns its wire encoder).
    public static func json<T: Encodable>(
        _ value: T, status: HTTPStatus = .ok,
        encoder: WireJSONEncoder = WireJSONEncoder()
    ) throws -> Response {
        let bytes: ResponseBytes
        do {
            bytes = try encoder.encodeResponseBytes(value)
        } catch {
            throw HTTPError(.internalServerError, code: .internalError, message: "Response could not be encoded.")
        }
        return Response(status: status, headers: jsonHeaders, body: .buffer(bytes))
    }

    /// Raw JSON bytes (already encoded).
    public static func json(bytes: Data, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: jsonHeaders, body: .bytes(bytes))
    }

    /// A constant the compiler lays out statically: its storage is immortal, so sharing it
    /// costs neither an allocation per response nor a reference count that every worker
    /// thread writes (a constant built at run time bounced its count between the cores).
    private static let jsonFields: [(name: String, value: String)] = [
        (name: "Content-Type", value: "application/json; charset=utf-8")
    ]

    private static var jsonHeaders: HTTPHeaders { HTTPHeaders(fields: jsonFields) }
}
