import Foundation

/// Why a throwaway server could not start, with the tail of its log.
public struct ThrowawayServerError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Starting the helper programs the throwaway servers need, and cleaning up after the test process.
enum ServerProcess {
    /// Runs `arguments` to completion (as `user` through `runuser` when given); throws with the log on failure.
    /// posix_spawn + waitpid, not Foundation's `Process`: its exit monitoring stalled here when the child
    /// left a daemon behind (pg_ctl), and a plain blocking wait is all a test fixture needs.
    static func run(_ arguments: [String], as user: String?, log: String) throws(ThrowawayServerError) {
        let command = user.map { ["/usr/sbin/runuser", "-u", $0, "--"] + arguments } ?? arguments
        // Another user may not be able to enter our working directory (a clone under /root): start in /tmp.
        let pid = try spawn(command, log: log, workingDirectory: user == nil ? nil : "/tmp")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7f) == 0
        let code = (status >> 8) & 0xff
        guard exited && code == 0 else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw ThrowawayServerError("\(arguments.first ?? "") failed (status \(status)): \(text.suffix(2_000))")
        }
    }

    /// Starts `arguments` in the background with stdout and stderr appended to `log`; returns its pid.
    static func spawn(_ arguments: [String], log: String, environment: [String: String]? = nil, workingDirectory: String? = nil)
        throws(ThrowawayServerError) -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // posix_spawn_file_actions_addchdir_np is not visible to Swift here: change directory in a shell.
        let arguments = workingDirectory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0] + arguments } ?? arguments
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result: Int32
        if let environment {
            var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { for pointer in envp { free(pointer) } }
            result = posix_spawn(&pid, arguments[0], &actions, nil, &argv, &envp)
        } else {
            result = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        }
        guard result == 0 else { throw ThrowawayServerError("cannot run \(arguments[0]): error \(result)") }
        return pid
    }

    static func makeDirectory(_ path: String, owner: String?) throws(ThrowawayServerError) {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw ThrowawayServerError("cannot create \(path): \(error)")
        }
        if let owner, let entry = getpwnam(owner), chown(path, entry.pointee.pw_uid, entry.pointee.pw_gid) != 0 {
            throw ThrowawayServerError("cannot give \(path) to \(owner)")
        }
    }

    /// A detached shell that runs `cleanup` once this process has exited, so servers never outlive
    /// the tests, even when the test process is killed.
    static func stopWhenParentExits(_ cleanup: String) {
        let script = "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; \(cleanup)"
        _ = try? spawn(["/usr/bin/setsid", "/bin/sh", "-c", script], log: "/dev/null")
    }
}

/// A loopback port nothing is bound to right now, for servers whose port must be known before they
/// start (a throwaway PostgreSQL, an application whose settings carry its own origin).
///
/// Candidates come from below Linux's ephemeral range (32768–60999), where the tests' own client
/// sockets take their ports, and each is bound once to prove it free; something may still take it
/// before the server binds it.
public enum FreePort {
    public static func pick() throws(ThrowawayServerError) -> Int {
        for _ in 0..<64 {
            let port = Int.random(in: 20_000..<32_000)
            if isFree(port) { return port }
        }
        throw ThrowawayServerError("no free loopback port in 20000-31999 after 64 tries")
    }

    static func isFree(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// Waits (up to `timeout`) until something accepts TCP connections on the loopback `port`.
    public static func waitUntilListening(_ port: Int, timeout: Duration = .seconds(60)) throws(ThrowawayServerError) {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            close(fd)
            if connected { return }
            usleep(50_000)
        }
        throw ThrowawayServerError("nothing listens on 127.0.0.1:\(port) after \(timeout)")
    }
}
