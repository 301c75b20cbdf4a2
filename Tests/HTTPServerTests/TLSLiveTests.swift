import COpenSSL
import Foundation
import HTTPServer
import HTTPTesting
import Testing

/// HTTPS and WSS through libmicrohttpd's GnuTLS, with certificates made at test time.
@Suite(.serialized) struct TLSLiveTests {
    static func router() -> Router {
        var router = Router()
        router.get("/hello") { _ in .text("hello over tls") }
        router.webSocket("/echo") { _ in
            WebSocketUpgrade { connection in
                for await message in connection.messages {
                    if case .text(let text) = message { connection.send(text: "echo: " + text) }
                }
            }
        }
        return router
    }

    /// The live server with HTTPS on, serving a private copy of `first` (so a reload test can rewrite it).
    static func withTLSServer(_ body: (LiveServer, TestCertificates, TLSSettings) async throws -> Void) async throws {
        let certificates = try TestCertificates.shared.get()
        let directory = NSTemporaryDirectory() + "tls-live-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let settings = TLSSettings(certificateFile: directory + "/server.crt", keyFile: directory + "/server.key")
        try FileManager.default.copyItem(atPath: certificates.first.certificateFile, toPath: settings.certificateFile)
        try FileManager.default.copyItem(atPath: certificates.first.keyFile, toPath: settings.keyFile)
        let configuration = LiveServer.testConfiguration { $0.tls = settings }
        try await withLiveServer(router(), configuration: configuration) { server in
            try await body(server, certificates, settings)
        }
    }

    @Test func httpsAnswersWithAVerifiedCertificateOverTLS13() async throws {
        try await Self.withTLSServer { server, certificates, _ in
            let connection = try await TLSTestConnection.connect(
                port: server.port, options: .init(trustedCertificateFile: certificates.trustBundle))
            #expect(connection.protocolVersion == "TLSv1.3")
            let response = try await connection.request("GET", "/hello")
            #expect(response.status == 200)
            #expect(response.bodyString == "hello over tls")
        }
    }

    @Test func tls12OnlyWithModernCiphers() async throws {
        try await Self.withTLSServer { server, certificates, _ in
            let tls12 = try await TLSTestConnection.connect(
                port: server.port,
                options: .init(
                    trustedCertificateFile: certificates.trustBundle,
                    minimumVersion: TLS1_2_VERSION, maximumVersion: TLS1_2_VERSION))
            #expect(tls12.protocolVersion == "TLSv1.2")
            #expect(tls12.cipher.hasPrefix("ECDHE-"))
            #expect(tls12.cipher.contains("GCM") || tls12.cipher.contains("CHACHA20"))
            #expect(try await tls12.request("GET", "/hello").status == 200)

            // TLS 1.1 and 1.0 are refused at the handshake.
            await #expect(throws: TLSTestError.self) {
                _ = try await TLSTestConnection.connect(
                    port: server.port,
                    options: .init(
                        minimumVersion: TLS1_VERSION,
                        maximumVersion: TLS1_1_VERSION))
            }
            // So are CBC ciphers with HMAC, even on TLS 1.2.
            await #expect(throws: TLSTestError.self) {
                _ = try await TLSTestConnection.connect(
                    port: server.port,
                    options: .init(
                        maximumVersion: TLS1_2_VERSION, cipherList: "ECDHE-ECDSA-AES128-SHA:ECDHE-ECDSA-AES256-SHA384"))
            }
        }
    }

    @Test func plainHTTPOnTheTLSPortGetsNoAnswer() async throws {
        try await Self.withTLSServer { server, _, _ in
            let response = try? await HTTPTestClient(port: server.port, timeout: .seconds(2)).get("/hello")
            #expect(response?.status != 200)
        }
    }

    @Test func wssEchoesThroughTheUpgradedTLSConnection() async throws {
        try await Self.withTLSServer { server, certificates, _ in
            let connection = try await TLSTestConnection.connect(
                port: server.port, options: .init(trustedCertificateFile: certificates.trustBundle))
            try await Self.upgrade(connection)
            try await connection.write(WebSocketFrames.clientText("over wss"))
            #expect(try await Self.nextText(connection) == "echo: over wss")
        }
    }

    /// SIGHUP's reload: handshakes after it present the new certificate, and a connection opened
    /// before it (here a WebSocket) keeps working.
    @Test func reloadServesTheNewCertificateWithoutDroppingConnections() async throws {
        try await Self.withTLSServer { server, certificates, settings in
            let trust = TLSTestConnection.Options(trustedCertificateFile: certificates.trustBundle)
            let before = try await TLSTestConnection.connect(port: server.port, options: trust)
            try await Self.upgrade(before)
            let firstFingerprint = before.peerFingerprint

            try FileManager.default.removeItem(atPath: settings.certificateFile)
            try FileManager.default.removeItem(atPath: settings.keyFile)
            try FileManager.default.copyItem(atPath: certificates.second.certificateFile, toPath: settings.certificateFile)
            try FileManager.default.copyItem(atPath: certificates.second.keyFile, toPath: settings.keyFile)
            try server.server.reloadCertificate()

            let after = try await TLSTestConnection.connect(port: server.port, options: trust)
            #expect(!after.peerFingerprint.isEmpty)
            #expect(after.peerFingerprint != firstFingerprint)
            #expect(try await after.request("GET", "/hello").status == 200)

            try await before.write(WebSocketFrames.clientText("still here"))
            #expect(try await Self.nextText(before) == "echo: still here")

            // A broken file is refused and the current certificate keeps serving.
            try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: settings.certificateFile))
            #expect(throws: ServerStartError.self) { try server.server.reloadCertificate() }
            let still = try await TLSTestConnection.connect(port: server.port, options: trust)
            #expect(still.peerFingerprint == after.peerFingerprint)
        }
    }

    static func upgrade(_ connection: TLSTestConnection) async throws {
        let key = "dGhlIHNhbXBsZSBub25jZQ=="
        try await connection.write(
            Array(
                """
                GET /echo HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
                Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n
                """.utf8))
        let head = try await connection.read(through: Array("\r\n\r\n".utf8))
        let text = String(decoding: head, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 101"))
        #expect(text.contains(WebSocketClient.acceptValue(for: key)))
    }

    static func nextText(_ connection: TLSTestConnection) async throws -> String? {
        var received: [UInt8] = []
        for _ in 0..<20 {
            if let frame = WebSocketFrames.serverFrame(in: received), frame.opcode == 1 {
                return String(decoding: frame.payload, as: UTF8.self)
            }
            let chunk = try await connection.read()
            if chunk.isEmpty { return nil }
            received += chunk
        }
        return nil
    }
}
