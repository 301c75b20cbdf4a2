import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP client for the in-process server targets: the fuzzer's entry point is
/// synchronous, and each input must finish (answered or closed) before the next one starts.
/// Every wait is bounded by the socket timeout, so a server that stops answering shows up as a
/// finding instead of a hung run.
final class LoopbackSocket {
    let fd: Int32
    private var buffered: [UInt8] = []

    /// The errno of the last connection that failed (shown in the finding).
    nonisolated(unsafe) static var lastConnectError: Int32 = 0

    init?(port: Int, timeoutSeconds: Int = 5) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        // Tens of thousands of short connections a minute use up the loopback's ephemeral ports (each waits in
        // TIME_WAIT for a minute): a connection refused for want of a port is retried for up to the timeout, so
        // only a server that stops accepting is a finding.
        let deadline = Date().addingTimeInterval(TimeInterval(timeoutSeconds))
        var descriptor: Int32 = -1
        while true {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { return nil }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            if connected == 0 { break }
            let error = errno
            Self.lastConnectError = error
            close(descriptor)
            guard error == EADDRNOTAVAIL || error == EAGAIN, Date() < deadline else { return nil }
            usleep(20_000)
        }
        fd = descriptor
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(fd) }

    /// False when the server closed or stopped reading (it may refuse a body halfway).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }

    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    enum ReadOutcome { case data, closed, timedOut }

    /// Reads what is available into the buffer.
    private func fill() -> ReadOutcome {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                buffered.append(contentsOf: chunk[0..<n])
                return .data
            }
            if n == 0 { return .closed }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .timedOut : .closed
        }
    }

    /// An HTTP/1.1 response head and its body (Content-Length or chunked). Nil when the
    /// connection closed or timed out first (the second part of the pair says which).
    func readResponse() -> (status: Int, head: String, body: [UInt8])? {
        var headEnd: Int?
        while true {
            if let end = find([13, 10, 13, 10]) {
                headEnd = end
                break
            }
            guard fill() == .data else { return nil }
        }
        let head = String(decoding: buffered[0..<headEnd!], as: UTF8.self)
        buffered.removeFirst(headEnd! + 4)
        let lines = head.split(separator: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else {
            return nil
        }
        let fields = lines.dropFirst().map { $0.lowercased() }
        if let length = fields.first(where: { $0.hasPrefix("content-length:") }).flatMap({
            Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces))
        }) {
            while buffered.count < length { guard fill() == .data else { return nil } }
            let body = Array(buffered[0..<length])
            buffered.removeFirst(length)
            return (status, head, body)
        }
        if fields.contains(where: { $0.hasPrefix("transfer-encoding:") && $0.contains("chunked") }) {
            var body: [UInt8] = []
            while true {
                var lineEnd = find([13, 10])
                while lineEnd == nil {
                    guard fill() == .data else { return nil }
                    lineEnd = find([13, 10])
                }
                let sizeText = String(decoding: buffered[0..<lineEnd!], as: UTF8.self).split(separator: ";").first ?? ""
                guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
                while buffered.count < lineEnd! + 2 + size + 2 { guard fill() == .data else { return nil } }
                body.append(contentsOf: buffered[(lineEnd! + 2)..<(lineEnd! + 2 + size)])
                buffered.removeFirst(lineEnd! + 2 + size + 2)
                if size == 0 { return (status, head, body) }
            }
        }
        return (status, head, [])
    }

    /// Appends what arrives to `stream`: false once the server has closed or the timeout passed
    /// (`timedOut` says which).
    func read(into stream: inout [UInt8], timedOut: inout Bool) -> Bool {
        if !buffered.isEmpty {
            stream += buffered
            buffered.removeAll()
            return true
        }
        switch fill() {
        case .data:
            stream += buffered
            buffered.removeAll()
            return true
        case .closed:
            timedOut = false
            return false
        case .timedOut:
            timedOut = true
            return false
        }
    }

    /// Everything until the server closes; nil if it has not closed within the timeout.
    func readUntilClosed() -> [UInt8]? {
        while true {
            switch fill() {
            case .data: continue
            case .closed:
                defer { buffered.removeAll() }
                return buffered
            case .timedOut: return nil
            }
        }
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard buffered.count >= needle.count else { return nil }
        for i in 0...(buffered.count - needle.count) where buffered[i] == needle[0] {
            if Array(buffered[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }
}
