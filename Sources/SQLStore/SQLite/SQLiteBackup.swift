import CSQLite
import Foundation

/// Whole-database copies with SQLite's online backup API (`sqlite3_backup_*`), for `backup` and
/// `restore`. The copy is taken in one step inside one read transaction of the source, so it is
/// one consistent snapshot — every transaction committed before it began, none half — while the
/// server keeps writing (WAL readers do not block the writer, nor it them).
public enum SQLiteBackup {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Copies the database at `source` into a new file at `destination` (0600; an existing file is
    /// replaced only once the copy is complete and checked). Returns the number of pages copied.
    @discardableResult
    public static func copy(from source: String, to destination: String) throws -> Int32 {
        guard FileManager.default.fileExists(atPath: source) else { throw Failure(description: "no database at \(source)") }
        let partial = destination + ".partial-\(getpid())"
        defer { unlink(partial) }
        let fd = Glibc.open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(description: "cannot create \(partial): \(String(cString: strerror(errno)))") }
        close(fd)
        let pages = try run(from: source, into: partial)
        try selfContained(partial)
        try check(partial)
        guard rename(partial, destination) == 0 else {
            throw Failure(description: "cannot move the copy to \(destination): \(String(cString: strerror(errno)))")
        }
        return pages
    }

    /// Replaces the database at `destination` with the copy at `backup`, through the same API (so the
    /// destination's WAL is folded in correctly). Only while no server has the database open.
    public static func restore(_ backup: String, to destination: String) throws {
        try check(backup)
        for suffix in ["-wal", "-shm"] { unlink(destination + suffix) }
        try run(from: backup, into: destination)
        try check(destination)
    }

    /// `PRAGMA integrity_check` must answer `ok`.
    public static func check(_ path: String) throws {
        let db = try open(path, flags: SQLITE_OPEN_READWRITE)
        defer { sqlite3_close_v2(db) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &statement, nil) == SQLITE_OK else {
            throw Failure(description: "\(path) is not a SQLite database: \(String(cString: sqlite3_errmsg(db)))")
        }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0),
            String(cString: text) == "ok"
        else {
            throw Failure(description: "\(path) failed its integrity check: \(String(cString: sqlite3_errmsg(db)))")
        }
    }

    /// A rollback-journal file needs no `-wal`/`-shm` beside it: the copy is one file to move around.
    private static func selfContained(_ path: String) throws {
        let db = try open(path, flags: SQLITE_OPEN_READWRITE)
        defer { sqlite3_close_v2(db) }
        guard sqlite3_exec(db, "PRAGMA journal_mode=DELETE", nil, nil, nil) == SQLITE_OK else {
            throw Failure(description: "cannot finish the copy: \(String(cString: sqlite3_errmsg(db)))")
        }
    }

    @discardableResult
    private static func run(from source: String, into destination: String) throws -> Int32 {
        // Opened read-write (a read-only open of a WAL database needs its -shm writable anyway); nothing is written.
        let from = try open(source, flags: SQLITE_OPEN_READWRITE)
        defer { sqlite3_close_v2(from) }
        let to = try open(destination, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        defer { sqlite3_close_v2(to) }
        sqlite3_busy_timeout(from, 10_000)
        sqlite3_busy_timeout(to, 10_000)
        guard let backup = sqlite3_backup_init(to, "main", from, "main") else {
            throw Failure(description: "cannot start the copy: \(String(cString: sqlite3_errmsg(to)))")
        }
        var result = sqlite3_backup_step(backup, -1)
        // Busy or locked: the writer holds a lock for a moment; try again briefly.
        var attempts = 0
        while (result == SQLITE_BUSY || result == SQLITE_LOCKED) && attempts < 100 {
            usleep(50_000)
            attempts += 1
            result = sqlite3_backup_step(backup, -1)
        }
        let pages = sqlite3_backup_pagecount(backup)
        let finished = sqlite3_backup_finish(backup)
        guard result == SQLITE_DONE, finished == SQLITE_OK else {
            let reason = String(cString: sqlite3_errstr(result == SQLITE_DONE ? finished : result))
            throw Failure(description: "copy failed: \(reason)")
        }
        return pages
    }

    private static func open(_ path: String, flags: Int32) throws -> OpaquePointer {
        var db: OpaquePointer?
        let result = sqlite3_open_v2(path, &db, flags, nil)
        guard result == SQLITE_OK, let db else {
            sqlite3_close_v2(db)
            throw Failure(description: "cannot open \(path): \(String(cString: sqlite3_errstr(result)))")
        }
        return db
    }
}
