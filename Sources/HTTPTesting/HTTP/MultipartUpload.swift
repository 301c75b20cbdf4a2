import Foundation

/// A `multipart/form-data` request body built on the client side, as a browser form would send it.
public struct MultipartUpload: Sendable {
    public typealias Field = (name: String, value: String)
    public typealias File = (name: String, filename: String, contentType: String, bytes: [UInt8])

    public let boundary: String
    public let body: [UInt8]

    /// The `Content-Type` header value, with the boundary.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    public init(fields: [Field], files: [File] = [], boundary: String = "TestKitBoundary\(UUID().uuidString)") {
        self.boundary = boundary
        var body: [UInt8] = []
        func append(_ text: String) { body += Array(text.utf8) }
        for field in fields {
            append("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field.name)\"\r\n\r\n\(field.value)\r\n")
        }
        for file in files {
            append("--\(boundary)\r\n")
            append("Content-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"\r\n")
            append("Content-Type: \(file.contentType)\r\n\r\n")
            body += file.bytes
            append("\r\n")
        }
        append("--\(boundary)--\r\n")
        self.body = body
    }
}
