/// HTTPS (and WSS) through libmicrohttpd's own TLS (GnuTLS): TLS 1.2 and 1.3 only, AEAD ciphers with
/// ECDHE key exchange (`ctls_priorities` in `CTLSCertificates`). The certificate is read at start and
/// again by `HTTPServer.reloadCertificate()` (SIGHUP); handshakes read the current one, so a reload
/// drops no connection. The loaded certificate is process-wide: every TLS server in one process
/// presents the latest one loaded.
public struct TLSSettings: Sendable, Equatable {
    /// PEM: the server certificate first, then its intermediates.
    public var certificateFile: String
    /// PEM: the private key (unencrypted).
    public var keyFile: String

    public init(certificateFile: String, keyFile: String) {
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}
