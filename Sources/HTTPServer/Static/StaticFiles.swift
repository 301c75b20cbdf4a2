import CLinux
import Foundation

/// Serves files below one directory. Resolution refuses `..`, NUL and hidden segments,
/// then opens the file so that neither traversal nor a symlink can escape the root: with
/// one `openat2(RESOLVE_BENEATH)` below the root directory, or, for a symlink the kernel
/// will not follow that way (an absolute one), by checking its real path is still inside.
/// Answers carry `ETag` and `Last-Modified`, and conditional requests get 304.
public struct StaticFiles: Sendable {
    public let root: String
    public let cacheControl: String
    private let directory: RootDirectory

    /// `root` must exist; it is resolved once to its real path.
    public init(root: String, cacheControl: String = "public, max-age=300") {
        self.root = (root as NSString).resolvingSymlinksInPath
        self.cacheControl = cacheControl
        directory = RootDirectory(path: self.root)
    }

    public func respond(to request: Request, relativePath: String) throws -> Response {
        guard let fd = open(relativePath) else { throw HTTPError.notFound("File not found.") }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw HTTPError.notFound("File not found.")
        }
        let size = UInt64(info.st_size)
        let mtime = Int(info.st_mtim.tv_sec)
        let etag = "\"\(String(size, radix: 16))-\(String(mtime, radix: 16))-\(String(UInt64(info.st_ino), radix: 16))\""
        let lastModified = HTTPDate.format(mtime)

        var headers = HTTPHeaders(capacity: 5)
        headers.add("ETag", etag)
        headers.add("Last-Modified", lastModified)
        headers.add("Cache-Control", cacheControl)
        if Self.notModified(request: request, etag: etag, mtime: mtime) {
            close(fd)
            return Response(status: .notModified, headers: headers)
        }
        headers.add("Content-Type", MediaType.forPath(relativePath))
        headers.add("X-Content-Type-Options", "nosniff")
        return Response(status: .ok, headers: headers, body: .file(descriptor: fd, offset: 0, length: size))
    }

    /// An open descriptor for a decoded relative path, or nil when it is missing or would
    /// leave the root.
    private func open(_ relativePath: String) -> Int32? {
        guard let parts = Self.segments(of: relativePath) else { return nil }
        if let descriptor = directory.descriptor {
            let fd = clinux_open_beneath(descriptor, parts.joined(separator: "/"))
            if fd >= 0 { return fd }
            // EXDEV: a symlink openat2 will not follow; ENOSYS/EPERM: no openat2 here.
            guard errno == EXDEV || errno == ENOSYS || errno == EPERM else { return nil }
        }
        guard let path = resolve(relativePath) else { return nil }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        return fd >= 0 ? fd : nil
    }

    /// The segments of a relative path, or nil when there are none or one is hidden (which
    /// covers `.` and `..`) or holds NUL or a backslash. Works on UTF-8 bytes: comparing
    /// `Character`s was the largest cost of serving a small file.
    private static func segments(of relativePath: String) -> [Substring]? {
        var parts: [Substring] = []
        let utf8 = relativePath.utf8
        var start = utf8.startIndex
        while start != utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "/")) ?? utf8.endIndex
            let segment = utf8[start..<end]
            if let first = segment.first {
                guard first != UInt8(ascii: "."), !segment.contains(0), !segment.contains(UInt8(ascii: "\\")) else { return nil }
                parts.append(Substring(segment))
            }
            start = end == utf8.endIndex ? end : utf8.index(after: end)
        }
        return parts.isEmpty ? nil : parts
    }

    /// The absolute path for a decoded relative path, or nil when it would leave the root.
    public func resolve(_ relativePath: String) -> String? {
        guard let parts = Self.segments(of: relativePath) else { return nil }
        let candidate = root + "/" + parts.joined(separator: "/")
        guard let real = realpath(candidate, nil) else { return nil }
        defer { free(real) }
        let resolved = String(cString: real)
        guard resolved.hasPrefix(root + "/") else { return nil }
        return resolved
    }

    static func notModified(request: Request, etag: String, mtime: Int) -> Bool {
        if let ifNoneMatch = request.headers["If-None-Match"] {
            // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2).
            return ifNoneMatch.split(separator: ",").contains { tag in
                let t = tag.trimmingCharacters(in: .whitespaces)
                return t == "*" || t == etag || t == "W/" + etag
            }
        }
        if let since = request.headers["If-Modified-Since"], let date = HTTPDate.parse(since) {
            return mtime <= date
        }
        return false
    }
}

/// The root directory held open for `openat2`, closed with the last `StaticFiles` using it.
final class RootDirectory: Sendable {
    let descriptor: Int32?

    init(path: String) {
        let fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        descriptor = fd >= 0 ? fd : nil
    }

    deinit { if let descriptor { close(descriptor) } }
}

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) formatting and parsing.
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ seconds: Int) -> String {
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    static func parse(_ text: String) -> Int? {
        var seconds = 0
        guard clinux_parse_http_date(text, &seconds) == 1 else { return nil }
        return seconds
    }
}
