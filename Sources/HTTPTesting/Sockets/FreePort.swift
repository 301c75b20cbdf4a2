#if canImport(Glibc)
import Glibc
#endif

/// A loopback port nothing is bound to, for tests that must know a server's port before it starts
/// (an application whose settings carry its own origin, a child process given `--port`).
///
/// Ports come from below Linux's ephemeral range (32768–60999), where other tests' client sockets
/// live, and each candidate is bound once to prove it free. Something may still take it before the
/// server binds it, so callers that can retry on another port should.
public enum FreePort {
    public static func pick() -> Int {
        for _ in 0..<64 {
            let port = Int.random(in: 20_000..<32_000)
            if isFree(port) { return port }
        }
        return Int.random(in: 20_000..<32_000)
    }

    static func isFree(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return bound == 0
    }
}
