import Foundation

/// Data at rest readable by the server's user only: data directories 0700, database files
/// (with SQLite's `-wal` and `-shm`, which SQLite creates with the database file's mode) 0600.
/// Applied on every start, so a directory or file someone loosened is tightened again.
public enum PrivateFiles {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Creates `path` (and missing parents) and makes the directory itself 0700.
    public static func prepareDirectory(_ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        guard chmod(path, 0o700) == 0 else {
            throw Failure(description: "cannot make \(path) private: \(String(cString: strerror(errno)))")
        }
    }

    /// Creates the database file empty at 0600 before SQLite first opens it (SQLite would
    /// create it 0644 under the usual umask), and tightens it and its `-wal`/`-shm` if present.
    public static func prepareDatabaseFile(_ path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(description: "cannot create \(path): \(String(cString: strerror(errno)))") }
        close(fd)
        for file in [path, path + "-wal", path + "-shm", path + "-journal"] where FileManager.default.fileExists(atPath: file) {
            guard chmod(file, 0o600) == 0 else {
                throw Failure(description: "cannot make \(file) private: \(String(cString: strerror(errno)))")
            }
        }
    }
}
