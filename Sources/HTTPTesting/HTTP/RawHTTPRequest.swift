/// Serialises a well-formed HTTP/1.1 request; tests that want malformed bytes send them directly.
enum RawHTTPRequest {
    /// Adds `Host` and `Content-Length` unless the caller already set them (or `Transfer-Encoding`).
    static func bytes(method: String, path: String, host: String, headers: [(String, String)], body: [UInt8]) -> [UInt8] {
        let names = Set(headers.map { $0.0.lowercased() })
        var head = "\(method) \(path) HTTP/1.1\r\n"
        if !names.contains("host") { head += "Host: \(host)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bodyExpected = !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method.uppercased())
        if bodyExpected, !names.contains("content-length"), !names.contains("transfer-encoding") {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + body
    }
}
