import Foundation
import HTTPTesting
import Testing

/// Both real executables as an operator runs them: HTTPS and WSS with `--tls-cert/--tls-key`, the
/// probes, `/metrics` on `--metrics-port` only, and the certificate reloaded on SIGHUP.
@Suite(.serialized) struct OperatorExecutableTests {
    struct Running {
        let process: Process
        let port: Int
        let metricsPort: Int
        let errors: Pipe
    }

    /// Starts `product serve` with TLS on a free port and waits for `/livez` (the metrics port sits
    /// 8,000 below the server's, in the same unused range).
    static func start(_ product: String, certificate: String, key: String, data: String) async throws -> Running? {
        let server = try await ServedProcess.start(
            ExecutableTests.binary(product),
            arguments: { port in
                [
                    "serve", "--host", "127.0.0.1", "--port", "\(port)", "--data-dir", data,
                    "--metrics-port", "\(port - 8_000)", "--tls-cert", certificate, "--tls-key", key,
                ]
            },
            environment: ["XOSEEN_SEED_COUNT": "20", "JARVIS_DEFAULT_FEEDS": "0"], captureErrors: true
        ) { port in
            guard let connection = try? await TLSTestConnection.connect(port: port, timeout: .seconds(1)) else { return false }
            return (try? await connection.request("GET", "/livez"))?.status == 200
        }
        guard let server, let errors = server.errors else { return nil }
        return Running(process: server.process, port: server.port, metricsPort: server.port - 8_000, errors: errors)
    }

    @Test(arguments: [("jarvis", "/ws"), ("xoseen", "/ws/chat")])
    func httpsWssProbesAndMetricsPort(_ product: String, _ socketPath: String) async throws {
        let certificates = try TestCertificates.shared.get()
        let directory = NSTemporaryDirectory() + "operator-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let certificate = directory + "/server.crt"
        let key = directory + "/server.key"
        try FileManager.default.copyItem(atPath: certificates.first.certificateFile, toPath: certificate)
        try FileManager.default.copyItem(atPath: certificates.first.keyFile, toPath: key)
        let running = try #require(try await Self.start(product, certificate: certificate, key: key, data: directory + "/data"))
        defer { if running.process.isRunning { running.process.terminate() } }
        let trust = TLSTestConnection.Options(trustedCertificateFile: certificates.trustBundle)

        let health = try await TLSTestConnection.connect(port: running.port, options: trust).request("GET", "/health")
        #expect(health.status == 200)
        let ready = try await TLSTestConnection.connect(port: running.port, options: trust).request("GET", "/readyz")
        #expect(ready.status == 200)
        #expect(ready.bodyString.contains(#""database":"ok""#))
        #expect(ready.bodyString.contains(#""migrations":"ok""#))
        // Off the public port, plain HTTP on the metrics port.
        #expect(try await TLSTestConnection.connect(port: running.port, options: trust).request("GET", "/metrics").status == 404)
        let metrics = try await HTTPTestClient(port: running.metricsPort).get("/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.bodyString.contains(#"http_requests_total{method="GET",route="/health",status="200"} 1"#))
        #expect(metrics.bodyString.contains(product == "jarvis" ? "jarvis_feeds{health=\"active\"}" : "xoseen_serving_model{"))

        // WSS: the upgrade goes through TLS (Xoseen's chat refuses an unauthenticated socket after it).
        let socket = try await TLSTestConnection.connect(port: running.port, options: trust)
        try await socket.write(
            Array(
                """
                GET \(socketPath) HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
                Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n
                """.utf8))
        let head = String(decoding: try await socket.read(through: Array("\r\n\r\n".utf8)), as: UTF8.self)
        #expect(head.hasPrefix("HTTP/1.1 101"))

        // SIGHUP: the next handshake presents the second certificate.
        let before = try await TLSTestConnection.connect(port: running.port, options: trust).peerFingerprint
        try FileManager.default.removeItem(atPath: certificate)
        try FileManager.default.removeItem(atPath: key)
        try FileManager.default.copyItem(atPath: certificates.second.certificateFile, toPath: certificate)
        try FileManager.default.copyItem(atPath: certificates.second.keyFile, toPath: key)
        kill(running.process.processIdentifier, SIGHUP)
        var after = before
        for _ in 0..<50 where after == before {
            try await Task.sleep(for: .milliseconds(100))
            after = try await TLSTestConnection.connect(port: running.port, options: trust).peerFingerprint
        }
        #expect(after != before)
        #expect(running.process.isRunning)

        socket.close()
        let stopping = ContinuousClock.now
        kill(running.process.processIdentifier, SIGTERM)
        for _ in 0..<400 where running.process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!running.process.isRunning, "still running \(ContinuousClock.now - stopping) after SIGTERM")
        if !running.process.isRunning { #expect(running.process.terminationStatus == 0) }
    }

    @Test func tlsFlagsNeedEachOtherAndReadableFiles() throws {
        for arguments in [["--tls-cert", "/nonexistent.crt"], ["--tls-cert", "/etc/hostname", "--tls-key", "/nonexistent.key"]] {
            let process = Process()
            process.executableURL = ExecutableTests.binary("jarvis")
            process.arguments = ["serve", "--port", "0"] + arguments
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 64)
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(message.contains("--tls-"))
        }
    }
}
