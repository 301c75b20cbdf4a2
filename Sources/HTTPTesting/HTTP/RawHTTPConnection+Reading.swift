import Foundation

/// Buffered reading primitives behind `readResponse`; every wait is bounded by one deadline.
extension RawHTTPConnection {
    /// Appends what the socket has to `buffer`; false at end of stream.
    func fill(deadline: ContinuousClock.Instant) async throws -> Bool {
        guard !sawEndOfStream else { return false }
        let bytes = try await socket.read(deadline: deadline)
        if bytes.isEmpty {
            sawEndOfStream = true
            return false
        }
        buffer += bytes
        return true
    }

    /// Everything up to and including the blank line, minus the final CRLF CRLF.
    func readHead(deadline: ContinuousClock.Instant) async throws -> [UInt8] {
        var searchFrom = 0
        while true {
            if let end = Self.find([13, 10, 13, 10], in: buffer, from: searchFrom) {
                let head = Array(buffer[..<end])
                buffer.removeFirst(end + 4)
                return head
            }
            searchFrom = max(0, buffer.count - 3)
            guard try await fill(deadline: deadline) else { throw TestSocketError.closedByPeer }
        }
    }

    func readLine(deadline: ContinuousClock.Instant) async throws -> String {
        var searchFrom = 0
        while true {
            if let end = Self.find([13, 10], in: buffer, from: searchFrom) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            searchFrom = max(0, buffer.count - 1)
            guard try await fill(deadline: deadline) else { throw TestSocketError.closedByPeer }
        }
    }

    func readExactly(_ count: Int, deadline: ContinuousClock.Instant) async throws -> [UInt8] {
        while buffer.count < count {
            guard try await fill(deadline: deadline) else { throw TestSocketError.closedByPeer }
        }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }

    func readToEnd(deadline: ContinuousClock.Instant) async throws -> [UInt8] {
        while try await fill(deadline: deadline) {}
        defer { buffer.removeAll() }
        return buffer
    }

    /// Chunk sizes in hex (extensions after ';' ignored), then trailer fields until a blank line.
    func readChunkedBody(deadline: ContinuousClock.Instant) async throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try await readLine(deadline: deadline)
            let sizeText = line.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                throw RawHTTPError.malformedResponse("bad chunk size line: \(line)")
            }
            if size == 0 {
                while try await !readLine(deadline: deadline).isEmpty {}
                return body
            }
            body += try await readExactly(size, deadline: deadline)
            guard try await readLine(deadline: deadline).isEmpty else {
                throw RawHTTPError.malformedResponse("chunk of \(size) bytes not followed by CRLF")
            }
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
        }
        return nil
    }

    /// Hands the socket and any bytes read past the response head to a new owner (the WebSocket client).
    func detach() -> (socket: TCPSocket, leftover: [UInt8]) {
        defer { buffer.removeAll() }
        return (socket, buffer)
    }
}
