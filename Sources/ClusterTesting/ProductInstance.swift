import Foundation

/// One running instance of a product executable (`jarvis serve`, `xoseen serve`) on a free loopback
/// port, as a separate process so a test can kill it with SIGKILL. Killed when the test process exits.
public final class ProductInstance: Sendable {
    public let port: Int
    public let pid: pid_t
    public let log: String

    /// `executable` is a product name built next to the test bundle (`.build/debug/xoseen`).
    public init(_ executable: String, dataDirectory: String, environment: [String: String]) throws(ThrowawayServerError) {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        let path = directory + "/" + executable
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ThrowawayServerError("\(path) is not built (swift build builds every product)")
        }
        port = try FreePort.pick()
        try ServerProcess.makeDirectory(dataDirectory, owner: nil)
        log = dataDirectory + "/server.log"
        var environment = environment
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        pid = try ServerProcess.spawn(
            [path, "serve", "--host", "127.0.0.1", "--port", String(port), "--data-dir", dataDirectory, "--threads", "2"],
            log: log, environment: environment)
        // The directory, and the test's parent directory once its last instance is gone.
        let parent = (dataDirectory as NSString).deletingLastPathComponent
        ServerProcess.stopWhenParentExits(
            "kill -9 \(pid) 2>/dev/null; sleep 1; rm -rf \(dataDirectory); rmdir \(parent) 2>/dev/null")
        do {
            try FreePort.waitUntilListening(port, timeout: .seconds(120))
        } catch {
            kill9()
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw ThrowawayServerError("\(executable) did not start: \(text.suffix(2_000))")
        }
    }

    /// SIGKILL: the instance vanishes without a goodbye, as on a crash or power loss.
    public func kill9() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// SIGTERM and wait: a graceful stop.
    public func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}
