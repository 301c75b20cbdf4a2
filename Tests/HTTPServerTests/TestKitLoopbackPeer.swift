import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A loopback listener for the test kit's self-tests: each accepted connection is served by `handler`
/// on its own thread with plain blocking I/O, so the peer shares no code with the clients under test.
final class LoopbackPeer: Sendable {
    let port: Int
    let acceptedConnections = Atomic<Int>(0)
    private let listenFD: Int32

    private init(listenFD: Int32, port: Int) {
        self.listenFD = listenFD
        self.port = port
    }

    static func start(handler: @escaping @Sendable (PeerStream) -> Void) throws -> LoopbackPeer {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 512) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw TestSocketErrorForPeer.setupFailed(errno) }
        let peer = LoopbackPeer(listenFD: fd, port: Int(UInt16(bigEndian: address.sin_port)))
        Thread.detachNewThread {
            // This thread owns the descriptor and closes it: closing it from `stop()` while accept()
            // still uses the number would let a new listener reuse it and lose its connections here.
            defer { close(fd) }
            while true {
                let connection = accept(fd, nil, nil)
                if connection < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    return
                }
                peer.acceptedConnections.add(1, ordering: .relaxed)
                Thread.detachNewThread {
                    handler(PeerStream(fd: connection))
                    close(connection)
                }
            }
        }
        return peer
    }

    /// Makes the pending accept() fail; the accept thread then closes the listening socket.
    func stop() {
        shutdown(listenFD, Int32(SHUT_RDWR))
    }
}

enum TestSocketErrorForPeer: Error {
    case setupFailed(Int32)
}

/// Blocking, buffered reads and writes on one peer connection (used by one thread only).
final class PeerStream {
    let fd: Int32
    var buffer: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    /// Closes the connection when nothing arrives for this long (the peer's idle timeout).
    func setIdleTimeout(milliseconds: Int) {
        var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// False on EOF, error or idle timeout.
    func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(fd, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffer += chunk[0..<count]
        return true
    }

    /// The request head as text, without the blank line; nil when the connection ends first.
    func readHead() -> String? {
        while true {
            if let range = findHeadEnd() {
                let head = String(decoding: buffer[..<range], as: UTF8.self)
                buffer.removeFirst(range + 4)
                return head
            }
            guard fill() else { return nil }
        }
    }

    func read(count: Int) -> [UInt8]? {
        while buffer.count < count { guard fill() else { return nil } }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }

    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            offset += count
        }
    }

    func write(_ text: String) { write(Array(text.utf8)) }

    private func findHeadEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }
}

/// A request head split into what the peers look at.
struct PeerRequest {
    var method: String
    var target: String
    var headers: [String: String]

    init(head: String) {
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        method = parts.count > 0 ? String(parts[0]) : ""
        target = parts.count > 1 ? String(parts[1]) : ""
        headers = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
    }
}
