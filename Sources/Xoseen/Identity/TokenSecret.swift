import COpenSSL
import Foundation

/// Where the token secret comes from: `XOSEEN_TOKEN_SECRET` when set, else a random 256-bit
/// secret generated on first start and kept in the data directory, readable by its owner only.
public enum TokenSecret {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func load(environment: [String: String], dataDirectory: String) throws -> [UInt8] {
        if let configured = environment["XOSEEN_TOKEN_SECRET"], !configured.isEmpty {
            guard configured.utf8.count >= 32 else {
                throw Failure(description: "XOSEEN_TOKEN_SECRET must be at least 32 characters")
            }
            return Array(configured.utf8)
        }
        let path = dataDirectory + "/token-secret"
        if let stored = FileManager.default.contents(atPath: path) {
            guard stored.count >= 32 else { throw Failure(description: "\(path) is too short to be a secret") }
            // Tighten permissions if someone loosened them.
            chmod(path, 0o600)
            return Array(stored)
        }
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        var secret = [UInt8](repeating: 0, count: 32)
        guard RAND_bytes(&secret, 32) == 1 else { throw Failure(description: "no randomness for the token secret") }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(description: "cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard write(fd, secret, 32) == 32, fsync(fd) == 0 else { throw Failure(description: "cannot write \(path)") }
        return secret
    }
}
