import Foundation

/// Parses a response head (status line and header fields, without the blank line).
enum ResponseHeadParser {
    struct Head {
        var version: String
        var status: Int
        var reason: String
        var headers: RawHTTPHeaders
    }

    static func parse(_ bytes: [UInt8]) throws(RawHTTPError) -> Head {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.isEmpty else { throw .malformedResponse("empty response head") }
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            throw .malformedResponse("bad status line: \(statusLine)")
        }
        var headers = RawHTTPHeaders()
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw .malformedResponse("bad header line: \(line)") }
            let name = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.fields.append((name, value))
        }
        return Head(
            version: String(parts[0]), status: status, reason: parts.count > 2 ? String(parts[2]) : "", headers: headers)
    }
}
