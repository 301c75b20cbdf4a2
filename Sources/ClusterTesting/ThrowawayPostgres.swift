import Foundation
import Synchronization

/// A private PostgreSQL server for one test process, from Debian's binaries: `initdb` into a temporary
/// directory and `pg_ctl start` on a free loopback port. A watcher stops it and deletes the directory
/// when the test process exits (however it exits). Each test takes a fresh schema (`freshURL()`),
/// so tests running in parallel never see each other's tables.
///
/// PostgreSQL refuses to run as root; as root the server runs as the `postgres` user (created by the
/// Debian package) through `runuser`, in a directory that user owns. `fsync=off`: the tests kill
/// instances, never this server, and it must not cost the shared machine a sync per commit.
public final class ThrowawayPostgres: Sendable {
    public let port: Int
    public let directory: String
    private let binaries: String
    private let counter = Mutex(0)

    private static let shared = Mutex<Result<ThrowawayPostgres, ThrowawayServerError>?>(nil)

    /// The one server of this process, started on first use.
    public static func start() throws(ThrowawayServerError) -> ThrowawayPostgres {
        try shared.withLock { slot throws(ThrowawayServerError) in
            if slot == nil { slot = Result { () throws(ThrowawayServerError) in try ThrowawayPostgres() } }
            return try slot!.get()
        }
    }

    private init() throws(ThrowawayServerError) {
        guard let binaries = Self.binaryDirectory() else {
            throw ThrowawayServerError("PostgreSQL binaries not found under /usr/lib/postgresql (Debian package postgresql)")
        }
        self.binaries = binaries
        directory = NSTemporaryDirectory() + "throwaway-pg-\(getpid())-\(UUID().uuidString.prefix(8))"
        port = try FreePort.pick()
        let runAs = getuid() == 0 ? Self.serviceUser() : nil
        try ServerProcess.makeDirectory(directory, owner: runAs)
        let data = directory + "/data"
        try ServerProcess.run(
            [binaries + "/initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"],
            as: runAs, log: directory + "/initdb.log")
        let options = [
            "-c listen_addresses=127.0.0.1", "-p \(port)", "-k \(directory)", "-c fsync=off", "-c max_connections=400",
            "-c shared_buffers=32MB", "-c full_page_writes=off",
        ].joined(separator: " ")
        // The watcher first, so even a start that fails half way is cleaned up.
        let runner = runAs.map { "runuser -u \($0) -- " } ?? ""
        ServerProcess.stopWhenParentExits(
            "\(runner)\(binaries)/pg_ctl -D \(data) -m immediate stop >/dev/null 2>&1; rm -rf \(directory)")
        try ServerProcess.run(
            [binaries + "/pg_ctl", "-D", data, "-o", options, "-l", directory + "/server.log", "-w", "-t", "60", "start"],
            as: runAs, log: directory + "/pg_ctl.log")
    }

    /// `postgres://postgres@127.0.0.1:PORT/postgres`, the server's own database.
    public var adminURL: String { "postgres://postgres@127.0.0.1:\(port)/postgres" }

    /// A URL whose connections work in a new, empty schema (`search_path`), so each test starts clean.
    public func freshURL(prefix: String = "t") throws(ThrowawayServerError) -> String {
        let number = counter.withLock { value -> Int in
            value += 1
            return value
        }
        let schema = "\(prefix)_\(number)_\(UUID().uuidString.prefix(8).lowercased())"
        try psql("CREATE SCHEMA \(schema)")
        return adminURL + "?options=-csearch_path%3D\(schema)"
    }

    /// Runs one SQL command as the superuser through `psql` (setup and inspection in tests).
    public func psql(_ sql: String) throws(ThrowawayServerError) {
        try ServerProcess.run(
            [
                binaries + "/psql", "-X", "-q", "-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", "postgres",
                "-v", "ON_ERROR_STOP=1", "-c", sql,
            ],
            as: nil, log: directory + "/psql.log")
    }

    private static func binaryDirectory() -> String? {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.compactMap(Int.init).sorted().reversed()
            .map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/pg_ctl") }
    }

    private static func serviceUser() -> String {
        getpwnam("postgres") != nil ? "postgres" : "nobody"
    }
}
