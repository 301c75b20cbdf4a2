import Foundation

/// One call per request against a running server, for tests that care about routes, not the wire.
///
/// Each call opens its own connection and closes it after the response, so calls from concurrent
/// tasks never interfere; use `RawHTTPConnection` to test keep-alive.
///
/// ```swift
/// let client = HTTPTestClient(port: server.port, headers: [("Authorization", "Bearer \(token)")])
/// let response = try await client.post("/stories", json: NewStory(title: "x"))
/// #expect(response.status == 201)
/// let story = try response.decode(Story.self)
/// ```
public struct HTTPTestClient: Sendable {
    public var host: String
    public var port: Int
    /// Sent with every request, before the per-call headers.
    public var headers: [(String, String)]
    public var timeout: Duration

    public init(host: String = "127.0.0.1", port: Int, headers: [(String, String)] = [], timeout: Duration = .seconds(5)) {
        self.host = host
        self.port = port
        self.headers = headers
        self.timeout = timeout
    }

    /// Sends any request; adds `Host` and `Content-Length` unless given.
    public func request(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) async throws -> RawHTTPResponse {
        let connection = try await RawHTTPConnection(host: host, port: port, timeout: timeout)
        defer { connection.close() }
        do {
            try await connection.sendRequest(method, path, headers: self.headers + headers, body: body, timeout: timeout)
        } catch TestSocketError.closedByPeer {
            // A server may answer before the whole request is sent (413 for an oversized body) and close; as
            // curl does, read the answer it sent before the connection went down.
            guard let early = try? await connection.readResponse(timeout: timeout) else { throw TestSocketError.closedByPeer }
            return early
        }
        var response = try await connection.readResponse(timeout: timeout, isResponseToHEAD: method.uppercased() == "HEAD")
        // A `100 Continue` is not the answer to the request; skip it.
        while response.status == 100 { response = try await connection.readResponse(timeout: timeout) }
        return response
    }

    public func get(_ path: String, headers: [(String, String)] = []) async throws -> RawHTTPResponse {
        try await request("GET", path, headers: headers)
    }

    public func head(_ path: String, headers: [(String, String)] = []) async throws -> RawHTTPResponse {
        try await request("HEAD", path, headers: headers)
    }

    public func delete(_ path: String, headers: [(String, String)] = []) async throws -> RawHTTPResponse {
        try await request("DELETE", path, headers: headers)
    }

    public func post(
        _ path: String, body: [UInt8], contentType: String? = nil, headers: [(String, String)] = []
    ) async throws -> RawHTTPResponse {
        try await request("POST", path, headers: Self.contentType(contentType) + headers, body: body)
    }

    public func post(_ path: String, json: some Encodable, headers: [(String, String)] = []) async throws -> RawHTTPResponse {
        try await request("POST", path, headers: Self.contentType("application/json") + headers, body: try Self.encode(json))
    }

    public func put(_ path: String, json: some Encodable, headers: [(String, String)] = []) async throws -> RawHTTPResponse {
        try await request("PUT", path, headers: Self.contentType("application/json") + headers, body: try Self.encode(json))
    }

    public func patch(_ path: String, json: some Encodable, headers: [(String, String)] = []) async throws -> RawHTTPResponse {
        try await request("PATCH", path, headers: Self.contentType("application/json") + headers, body: try Self.encode(json))
    }

    /// POSTs a `multipart/form-data` body built from `fields` and `files`.
    public func multipart(
        _ path: String, fields: [MultipartUpload.Field], files: [MultipartUpload.File] = [],
        headers: [(String, String)] = []
    ) async throws -> RawHTTPResponse {
        let upload = MultipartUpload(fields: fields, files: files)
        return try await post(path, body: upload.body, contentType: upload.contentType, headers: headers)
    }

    private static func contentType(_ value: String?) -> [(String, String)] {
        value.map { [("Content-Type", $0)] } ?? []
    }

    /// ISO 8601 dates, as the apps the server talks to expect.
    private static func encode(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(value))
    }
}
