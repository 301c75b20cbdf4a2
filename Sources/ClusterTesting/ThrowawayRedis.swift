import Foundation
import Synchronization

/// A private Redis server for one test process (`redis-server` from Debian) on a free loopback port,
/// without persistence; a watcher stops it when the test process exits. `crash()` and `relaunch()`
/// make an outage on the same port.
public final class ThrowawayRedis: Sendable {
    public let port: Int
    private let directory: String
    private let pid = Mutex<pid_t>(0)

    private static let shared = Mutex<Result<ThrowawayRedis, ThrowawayServerError>?>(nil)

    public static func start() throws(ThrowawayServerError) -> ThrowawayRedis {
        try shared.withLock { slot throws(ThrowawayServerError) in
            if slot == nil { slot = Result { () throws(ThrowawayServerError) in try ThrowawayRedis() } }
            return try slot!.get()
        }
    }

    /// A server of its own, for a test that restarts it or reads its statistics (shared by no one).
    public static func startPrivate() throws(ThrowawayServerError) -> ThrowawayRedis {
        try ThrowawayRedis()
    }

    private init() throws(ThrowawayServerError) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/redis-server") else {
            throw ThrowawayServerError("redis-server not found (Debian package redis-server)")
        }
        port = try FreePort.pick()
        directory = NSTemporaryDirectory() + "throwaway-redis-\(getpid())-\(UUID().uuidString.prefix(8))"
        try ServerProcess.makeDirectory(directory, owner: nil)
        try launch()
        ServerProcess.stopWhenParentExits("kill -9 $(cat \(directory)/pid) 2>/dev/null; rm -rf \(directory)")
    }

    public var url: String { "redis://127.0.0.1:\(port)" }

    private func launch() throws(ThrowawayServerError) {
        let child = try ServerProcess.spawn(
            [
                "/usr/bin/redis-server", "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                "--dir", directory, "--daemonize", "no",
            ],
            log: directory + "/server.log")
        pid.withLock { $0 = child }
        try? String(child).write(toFile: directory + "/pid", atomically: true, encoding: .utf8)
        try FreePort.waitUntilListening(port)
    }

    /// Stops the server with SIGKILL: an outage, not a shutdown.
    public func crash() {
        let old = pid.withLock { $0 }
        kill(old, SIGKILL)
        var status: Int32 = 0
        waitpid(old, &status, 0)
    }

    /// Starts it again on the same port after `crash()`.
    public func relaunch() throws(ThrowawayServerError) {
        try launch()
    }
}
