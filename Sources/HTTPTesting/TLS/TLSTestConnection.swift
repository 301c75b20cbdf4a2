import COpenSSL
import Foundation

/// A TLS client for tests of HTTPS and WSS (OpenSSL over a blocking loopback socket with timeouts).
/// Its calls block, so each runs on a thread of its own, never on the cooperative pool the server's
/// handlers may need.
public final class TLSTestConnection: @unchecked Sendable {
    // @unchecked: one test task drives a connection at a time; `close` is idempotent behind a lock.
    public struct Options: Sendable {
        /// PEM file of the certificate(s) to trust; nil skips verification.
        public var trustedCertificateFile: String?
        public var serverName: String
        public var minimumVersion: Int32
        public var maximumVersion: Int32
        /// An OpenSSL cipher list for TLS 1.2 (nil: OpenSSL's default).
        public var cipherList: String?

        public init(
            trustedCertificateFile: String? = nil, serverName: String = "localhost",
            minimumVersion: Int32 = TLS1_2_VERSION, maximumVersion: Int32 = TLS1_3_VERSION, cipherList: String? = nil
        ) {
            self.trustedCertificateFile = trustedCertificateFile
            self.serverName = serverName
            self.minimumVersion = minimumVersion
            self.maximumVersion = maximumVersion
            self.cipherList = cipherList
        }
    }

    /// "TLSv1.3", "TLSv1.2".
    public let protocolVersion: String
    public let cipher: String
    /// The server certificate's SHA-256 fingerprint (hex), to tell two certificates apart.
    public let peerFingerprint: String
    private let context: OpaquePointer
    private let ssl: OpaquePointer
    private let fd: Int32
    private let lock = NSLock()
    private var closed = false

    private init(context: OpaquePointer, ssl: OpaquePointer, fd: Int32) {
        self.context = context
        self.ssl = ssl
        self.fd = fd
        protocolVersion = String(cString: SSL_get_version(ssl))
        cipher = SSL_get_current_cipher(ssl).map { String(cString: SSL_CIPHER_get_name($0)) } ?? ""
        var fingerprint = ""
        if let certificate = SSL_get1_peer_certificate(ssl) {
            var digest = [UInt8](repeating: 0, count: 32)
            var length: UInt32 = 32
            if X509_digest(certificate, EVP_sha256(), &digest, &length) == 1 {
                fingerprint = digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
            }
            X509_free(certificate)
        }
        peerFingerprint = fingerprint
    }

    deinit { close() }

    /// Connects to 127.0.0.1:`port` and completes the handshake, or throws (refused, timed out,
    /// handshake failed: the message carries OpenSSL's reason).
    public static func connect(
        port: Int, options: Options = Options(),
        timeout: Duration = .seconds(5)
    ) async throws -> TLSTestConnection {
        try await offThread { try open(port: port, options: options, timeout: timeout) }
    }

    public func write(_ bytes: [UInt8]) async throws {
        try await Self.offThread { [self] in
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) }
                guard written > 0 else { throw TLSTestError("write failed: \(Self.lastError())") }
                offset += Int(written)
            }
        }
    }

    /// Up to `maximum` bytes; empty at the end of the stream.
    public func read(maximum: Int = 64 * 1024) async throws -> [UInt8] {
        try await Self.offThread { [self] in
            var buffer = [UInt8](repeating: 0, count: maximum)
            let count = buffer.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32(maximum)) }
            if count > 0 { return Array(buffer.prefix(Int(count))) }
            let error = SSL_get_error(ssl, count)
            if error == SSL_ERROR_ZERO_RETURN || (error == SSL_ERROR_SYSCALL && errno == 0) { return [] }
            throw TLSTestError("read failed (\(error)): \(Self.lastError())")
        }
    }

    /// Reads until `marker` has arrived; returns everything read.
    public func read(through marker: [UInt8], limit: Int = 1 << 20) async throws -> [UInt8] {
        var received: [UInt8] = []
        while received.count < limit {
            if let range = received.firstRange(of: marker), range.upperBound <= received.count { return received }
            let chunk = try await read()
            guard !chunk.isEmpty else { throw TLSTestError("stream ended before \(String(decoding: marker, as: UTF8.self))") }
            received += chunk
        }
        throw TLSTestError("no marker within \(limit) bytes")
    }

    /// Sends one request with `Connection: close` and reads the answer to the end of the stream.
    public func request(
        _ method: String, _ path: String, headers: [(String, String)] = [],
        body: [UInt8] = []
    ) async throws -> RawHTTPResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        try await write(Array((head + "\r\n").utf8) + body)
        var received: [UInt8] = []
        while true {
            let chunk = try await read()
            if chunk.isEmpty { break }
            received += chunk
        }
        guard let split = received.firstRange(of: Array("\r\n\r\n".utf8)) else { throw TLSTestError("no response head") }
        let parsed = try ResponseHeadParser.parse(Array(received[..<split.lowerBound]))
        return RawHTTPResponse(
            version: parsed.version, status: parsed.status, reason: parsed.reason, headers: parsed.headers,
            body: Array(received[split.upperBound...]))
    }

    public func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        SSL_shutdown(ssl)
        SSL_free(ssl)
        SSL_CTX_free(context)
        Glibc.close(fd)
    }

    // MARK: - Blocking parts

    private static func open(port: Int, options: Options, timeout: Duration) throws -> TLSTestConnection {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TLSTestError("socket failed") }
        var limit = timeval(
            tv_sec: Int(timeout.components.seconds),
            tv_usec: Int(timeout.components.attoseconds / 1_000_000_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            throw TLSTestError("connect failed: errno \(errno)")
        }
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            Glibc.close(fd)
            throw TLSTestError("SSL_CTX_new failed")
        }
        func fail(_ message: String, _ ssl: OpaquePointer? = nil) -> TLSTestError {
            let error = TLSTestError("\(message): \(lastError())")
            if let ssl { SSL_free(ssl) }
            SSL_CTX_free(context)
            Glibc.close(fd)
            return error
        }
        guard copenssl_set_protocol_range(context, options.minimumVersion, options.maximumVersion) == 1 else {
            throw fail("protocol range refused")
        }
        if let cipherList = options.cipherList, SSL_CTX_set_cipher_list(context, cipherList) != 1 {
            throw fail("cipher list refused")
        }
        if let trusted = options.trustedCertificateFile {
            guard SSL_CTX_load_verify_locations(context, trusted, nil) == 1 else { throw fail("cannot load \(trusted)") }
            SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        }
        guard let ssl = SSL_new(context) else { throw fail("SSL_new failed") }
        _ = copenssl_set_server_name(ssl, options.serverName)
        if options.trustedCertificateFile != nil { SSL_set1_host(ssl, options.serverName) }
        SSL_set_fd(ssl, fd)
        guard SSL_connect(ssl) == 1 else { throw fail("handshake failed", ssl) }
        return TLSTestConnection(context: context, ssl: ssl, fd: fd)
    }

    private static func lastError() -> String {
        let code = ERR_get_error()
        guard code != 0 else { return "no OpenSSL error (errno \(errno))" }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Runs blocking work on a new thread and awaits its result.
    static func offThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.start()
        }
    }
}

public struct TLSTestError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
