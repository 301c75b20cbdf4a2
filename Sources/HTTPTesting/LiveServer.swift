import Foundation
import HTTPServer

/// A real server on an ephemeral loopback port for one test, stopped (gracefully) afterwards.
///
/// ```swift
/// try await withLiveServer(router) { server in
///     let response = try await server.client.get("/health")
///     #expect(response.status == 200)
/// }
/// ```
public struct LiveServer: Sendable {
    public let server: HTTPServer
    public let port: Int
    /// The upload spool of this server (tests check it is left empty).
    public let uploadDirectory: String

    public var client: HTTPTestClient { HTTPTestClient(port: port) }

    /// A configuration suited to tests: loopback, port 0, a private upload spool.
    public static func testConfiguration(_ adjust: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
        // Every test client comes from 127.0.0.1, and some open a thousand sockets: no
        // per-address limit here (tests of that limit set one).
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, threadCount: 2, perAddressConnectionLimit: 0,
            uploadDirectory: NSTemporaryDirectory() + "live-server-\(UUID().uuidString)",
            shutdownGracePeriod: .seconds(5), accessLogLevel: .debug)
        adjust(&configuration)
        return configuration
    }
}

public func withLiveServer<T>(
    _ router: Router, configuration: ServerConfiguration = LiveServer.testConfiguration(),
    hub: WebSocketHub = WebSocketHub(),
    _ body: (LiveServer) async throws -> T
) async throws -> T {
    let server = HTTPServer(router: router, configuration: configuration, hub: hub)
    try server.start()
    let live = LiveServer(server: server, port: server.port ?? 0, uploadDirectory: configuration.uploadDirectory)
    do {
        let result = try await body(live)
        await server.shutdown()
        try? FileManager.default.removeItem(atPath: configuration.uploadDirectory)
        return result
    } catch {
        await server.shutdown()
        try? FileManager.default.removeItem(atPath: configuration.uploadDirectory)
        throw error
    }
}
