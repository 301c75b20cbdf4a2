import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A non-blocking loopback TCP connection whose waits go through `SocketReactor`.
///
/// Owns its descriptor: `close()` is idempotent and safe from any thread, and fails tasks
/// still waiting on the socket instead of leaving them parked on a dead descriptor. Each system call
/// runs under the same lock as the closed check, so none can hit the number after another socket
/// reused it.
final class TCPSocket: Sendable {
    let fd: Int32
    private let closed = Mutex(false)

    var isClosed: Bool { closed.withLock { $0 } }

    private init(fd: Int32) { self.fd = fd }

    deinit { close() }

    /// Connects to `host:port`. `receiveBufferSize` sets SO_RCVBUF before connecting (it must be set
    /// before the handshake to shrink the advertised window), for slow-consumer tests.
    /// `sourceAddress` binds the local end first (another loopback address such as 127.0.0.2
    /// stands for a second client machine in per-address tests).
    static func connect(
        host: String, port: Int, receiveBufferSize: Int?, sourceAddress: String? = nil,
        timeout: Duration
    ) async throws -> TCPSocket {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let literal = host == "localhost" ? "127.0.0.1" : host
        guard inet_pton(AF_INET, literal, &address.sin_addr) == 1 else { throw TestSocketError.unsupportedHost(host) }

        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TestSocketError.lastError("socket") }
        let socket = TCPSocket(fd: fd)
        if let receiveBufferSize { try socket.setOption(SOL_SOCKET, SO_RCVBUF, Int32(receiveBufferSize)) }
        // Tests measure latency; Nagle would add 40 ms stalls to small writes.
        try socket.setOption(Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        if let sourceAddress {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            guard inet_pton(AF_INET, sourceAddress, &local.sin_addr) == 1 else {
                throw TestSocketError.unsupportedHost(sourceAddress)
            }
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw TestSocketError.lastError("bind") }
        }

        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result != 0 {
            guard errno == EINPROGRESS else { throw TestSocketError.lastError("connect") }
            try await SocketReactor.shared.wait(for: .writable, on: socket, timeout: timeout)
            var pending: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &pending, &length) == 0 else {
                throw TestSocketError.lastError("getsockopt")
            }
            if pending != 0 { throw TestSocketError.system(call: "connect", errno: pending) }
        }
        return socket
    }

    private func setOption(_ level: Int32, _ name: Int32, _ value: Int32) throws {
        var value = value
        guard setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw TestSocketError.lastError("setsockopt")
        }
    }

    /// Reads whatever is available (up to `maxBytes`), waiting until `deadline`. Empty means EOF.
    func read(maxBytes: Int = 64 * 1024, deadline: ContinuousClock.Instant?) async throws -> [UInt8] {
        while true {
            var buffer = [UInt8](repeating: 0, count: maxBytes)
            let (count, error) = try closed.withLock { closed throws(TestSocketError) in
                if closed { throw .closed }
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, maxBytes, 0) }
                return (count, errno)
            }
            if count >= 0 { return Array(buffer[0..<count]) }
            switch error {
            case EAGAIN, EWOULDBLOCK, EINTR: try await wait(for: .readable, deadline: deadline)
            case ECONNRESET: return []
            default: throw TestSocketError.system(call: "recv", errno: error)
            }
        }
    }

    /// Writes all of `bytes`, waiting for buffer space until `deadline`.
    func write(_ bytes: [UInt8], deadline: ContinuousClock.Instant?) async throws {
        var offset = 0
        while offset < bytes.count {
            let (count, error) = try closed.withLock { closed throws(TestSocketError) in
                if closed { throw .closed }
                let count = bytes.withUnsafeBytes {
                    // MSG_NOSIGNAL: a peer that went away must fail this call, not kill the test process.
                    send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                }
                return (count, errno)
            }
            if count >= 0 {
                offset += count
                continue
            }
            switch error {
            case EAGAIN, EWOULDBLOCK, EINTR: try await wait(for: .writable, deadline: deadline)
            case EPIPE, ECONNRESET: throw TestSocketError.closedByPeer
            default: throw TestSocketError.system(call: "send", errno: error)
            }
        }
    }

    func wait(for readiness: SocketReadiness, deadline: ContinuousClock.Instant?) async throws {
        var timeout: Duration?
        if let deadline {
            timeout = deadline - .now
            if timeout! <= .zero { throw TestSocketError.timedOut }
        }
        try await SocketReactor.shared.wait(for: readiness, on: self, timeout: timeout)
    }

    /// Closes the descriptor once; later calls do nothing.
    func close() {
        let wasClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        // The descriptor itself is closed later by the reactor (it may be inside poll() right
        // now); shut the connection down at once so the peer sees the close immediately.
        _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
        SocketReactor.shared.retire(fd) { _ = Glibc.close(fd) }
    }
}

extension ContinuousClock.Instant {
    /// `now + timeout`, or no deadline when `timeout` is nil.
    static func deadline(after timeout: Duration?) -> ContinuousClock.Instant? {
        timeout.map { .now + $0 }
    }
}
