import Foundation
import SQLStore
import Synchronization

/// One server per data directory: `serve` holds an exclusive `flock` on `<dir>/<product>.lock` for
/// its whole life (the kernel lets go when the process ends, however it ends), and `restore` takes
/// the same lock, so it refuses while a server runs rather than swapping the database under it.
public enum DataDirectoryLock {
    public struct Held: Error, CustomStringConvertible {
        public let description: String
    }

    /// Takes the lock or throws `Held`; keeps it until the process exits.
    public static func hold(_ directory: String, product: String) throws {
        let fd = try take(directory, product: product)
        held.withLock { $0.append(fd) }
    }

    /// Takes the lock for the duration of `body`.
    public static func whileHeld<T>(_ directory: String, product: String, _ body: () throws -> T) throws -> T {
        let fd = try take(directory, product: product)
        defer { close(fd) }
        return try body()
    }

    private static func take(_ directory: String, product: String) throws -> Int32 {
        try PrivateFiles.prepareDirectory(directory)
        let path = directory + "/\(product).lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Held(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw Held(description: "a \(product) server is running on \(directory) (\(path) is locked); stop it first")
        }
        return fd
    }

    private static let held = Mutex<[Int32]>([])
}
