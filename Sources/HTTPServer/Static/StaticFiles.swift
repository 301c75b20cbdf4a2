import CLinux
import Foundation

/// Serves files below one directory. Resolution refuses `..`, NUL and hidden segments,
/// then checks the real path (symlinks resolved) is still inside the root, so neither
/// traversal nor a symlink can escape. Answers carry `ETag` and `Last-Modified`, and
/// conditional requests get 304.
public struct StaticFiles: Sendable {
    public let root: String
    public let cacheControl: String

    /// `root` must exist; it is resolved once to its real path.
    public init(root: String, cacheControl: String = "public, max-age=300") {
        self.root = (root as NSString).resolvingSymlinksInPath
        self.cacheControl = cacheControl
    }

    public func respond(to request: Request, relativePath: String) throws -> Response {
        guard let path = resolve(relativePath) else { throw HTTPError.notFound("File not found.") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw HTTPError.notFound("File not found.") }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw HTTPError.notFound("File not found.")
        }
        let size = UInt64(info.st_size)
        let mtime = Int(info.st_mtim.tv_sec)
        let etag = "\"\(String(size, radix: 16))-\(String(mtime, radix: 16))-\(String(UInt64(info.st_ino), radix: 16))\""
        let lastModified = HTTPDate.format(mtime)

        var headers: HTTPHeaders = [
            "ETag": etag,
            "Last-Modified": lastModified,
            "Cache-Control": cacheControl,
        ]
        if Self.notModified(request: request, etag: etag, mtime: mtime) {
            close(fd)
            return Response(status: .notModified, headers: headers)
        }
        headers.add("Content-Type", MediaType.forPath(path))
        headers.add("X-Content-Type-Options", "nosniff")
        return Response(status: .ok, headers: headers, body: .file(descriptor: fd, offset: 0, length: size))
    }

    /// The absolute path for a decoded relative path, or nil when it would leave the root.
    public func resolve(_ relativePath: String) -> String? {
        var parts: [Substring] = []
        for segment in relativePath.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == "." || segment == ".." || segment.hasPrefix(".") || segment.contains("\0") || segment.contains("\\") {
                return nil
            }
            parts.append(segment)
        }
        guard !parts.isEmpty else { return nil }
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
