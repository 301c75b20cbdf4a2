import Foundation

/// One HTTP request as handlers see it: decoded path parameters and query, headers,
/// the buffered body (for JSON routes) or the spooled multipart form (for upload routes).
public struct Request: Sendable {
    public let method: HTTPMethod
    /// The path as sent, still percent-encoded (used for logs and static resolution).
    public let rawPath: String
    /// The query string as sent, without the `?`.
    public let rawQuery: String
    public let headers: HTTPHeaders
    public let query: QueryParameters
    public internal(set) var parameters: PathParameters
    public let body: Data
    public let form: MultipartForm?
    let peer: PeerAddress
    /// The client's IP address (formatted on first use: most requests never ask).
    public var remoteAddress: String { peer.text }
    /// Values that middleware attaches for handlers further down (for example the
    /// authenticated subject). Keys are types, so products cannot collide.
    public var attributes: RequestAttributes

    public init(
        method: HTTPMethod, rawPath: String, rawQuery: String = "", headers: HTTPHeaders = [:],
        query: QueryParameters? = nil, parameters: PathParameters = .init(), body: Data = Data(),
        form: MultipartForm? = nil, remoteAddress: String = "", attributes: RequestAttributes = .init()
    ) {
        self.init(
            method: method, rawPath: rawPath, rawQuery: rawQuery, headers: headers, query: query, parameters: parameters,
            body: body, form: form, peer: .text(remoteAddress), attributes: attributes)
    }

    init(
        method: HTTPMethod, rawPath: String, rawQuery: String, headers: HTTPHeaders, query: QueryParameters?,
        parameters: PathParameters, body: Data, form: MultipartForm?, peer: PeerAddress, attributes: RequestAttributes
    ) {
        self.method = method
        self.rawPath = rawPath
        self.rawQuery = rawQuery
        self.headers = headers
        self.query = query ?? (try? QueryParameters(parsing: rawQuery)) ?? QueryParameters()
        self.parameters = parameters
        self.body = body
        self.form = form
        self.peer = peer
        self.attributes = attributes
    }

    /// A path parameter the route declared, e.g. `id` in `/stories/{id}`.
    public func parameter(_ name: String) throws(HTTPError) -> String {
        guard let value = parameters[name] else {
            throw HTTPError(.internalServerError, code: .internalError, message: "Route has no parameter '\(name)'.")
        }
        return value
    }
}

/// Decoded `{name}` captures of the matched route.
public struct PathParameters: Sendable {
    var storage: [(String, String)] = []
    public init() {}
    public subscript(name: String) -> String? { storage.first(where: { $0.0 == name })?.1 }
    mutating func append(_ name: String, _ value: String) { storage.append((name, value)) }
    /// Keeps the storage for the next request's captures when no request still holds it.
    /// (Most routes capture nothing: then there is nothing to do, and `removeAll` is a call.)
    mutating func removeAll() {
        if !storage.isEmpty { storage.removeAll(keepingCapacity: true) }
    }
}

/// Type-keyed storage that middleware uses to hand values to handlers.
public struct RequestAttributes: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]
    public init() {}
    public subscript<Key: RequestAttributeKey>(key: Key.Type) -> Key.Value? {
        get { values[ObjectIdentifier(key)] as? Key.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

public protocol RequestAttributeKey {
    associatedtype Value: Sendable
}
