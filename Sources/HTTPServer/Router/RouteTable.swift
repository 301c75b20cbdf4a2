import Foundation

/// The router as the server reads it on every request: an immutable trie of classes, matched
/// over the path's UTF-8 bytes. Built once by `Router.compiled()`.
///
/// Why not match on the builder's `RouteNode` directly: walking a trie of structs retains
/// each child table it passes, and keying literals by `String` hashes every segment; here
/// a step is a pointer hop and literal children are compared as bytes.
final class RouteTable: Sendable {
    let root: Node

    init(_ root: RouteNode) { self.root = Node(root) }

    final class Node: Sendable {
        let literals: [(segment: [UInt8], node: Node)]
        let parameter: (name: String, node: Node)?
        let catchAll: (name: String, routes: MethodRoutes)?
        let routes: MethodRoutes

        init(_ built: RouteNode) {
            literals = built.literals.map { (segment: Array($0.key.utf8), node: Node($0.value)) }
            parameter = built.parameterName.flatMap { name in built.parameterChild.first.map { (name: name, node: Node($0)) } }
            catchAll = built.catchAllName.map { (name: $0, routes: MethodRoutes(built.catchAllRoutes)) }
            routes = MethodRoutes(built.routes)
        }

        private static func equal(_ literal: [UInt8], _ segment: UnsafeBufferPointer<UInt8>) -> Bool {
            literal.count == segment.count
                && literal.withUnsafeBufferPointer { memcmp($0.baseAddress!, segment.baseAddress!, segment.count) == 0 }
        }

        /// The routes (by method) for the segments from `segments.start`, filling `parameters`.
        func find(_ segments: PathSegments, parameters: inout PathParameters) -> MethodRoutes? {
            guard let (segment, rest) = segments.next() else {
                return routes.isEmpty ? nil : routes
            }
            for literal in literals where Self.equal(literal.segment, segment) {
                if let found = literal.node.find(rest, parameters: &parameters) { return found }
                break
            }
            if let parameter {
                let mark = parameters.storage.count
                parameters.append(parameter.name, String(decoding: segment, as: UTF8.self))
                if let found = parameter.node.find(rest, parameters: &parameters) { return found }
                parameters.storage.removeSubrange(mark...)
            }
            if let catchAll {
                parameters.append(catchAll.name, segments.remainder())
                return catchAll.routes
            }
            return nil
        }
    }

    /// Resolves a request path to a route. Segments are percent-decoded after splitting,
    /// so `%2F` inside a segment never creates a new segment.
    func match(method: HTTPMethod, path: String) throws(HTTPError) -> RouteMatch {
        var path = path
        let found = path.withUTF8 { bytes -> RouteMatch? in
            guard bytes.contains(UInt8(ascii: "%")) else {
                return match(method: method, PathSegments(bytes: bytes, separator: UInt8(ascii: "/")))
            }
            guard let decoded = PathSegments.decoding(bytes) else { return nil }
            return decoded.withUnsafeBufferPointer { match(method: method, PathSegments(bytes: $0, separator: PathSegments.decodedSeparator)) }
        }
        guard let found else {
            throw HTTPError(.badRequest, code: .invalidRequest, message: "Malformed percent-encoding in path.")
        }
        return found
    }

    private func match(method: HTTPMethod, _ segments: PathSegments) -> RouteMatch {
        var parameters = PathParameters()
        guard let routes = root.find(segments, parameters: &parameters) else { return .notFound }
        if let route = routes[method] ?? (method == .head ? routes[.get] : nil) {
            return .found(route, parameters)
        }
        return .methodNotAllowed(allowed: routes.allowed)
    }
}

/// A route per method, in a short list: a node rarely has more than three, and comparing a
/// few method names beats hashing one.
struct MethodRoutes: Sendable {
    let entries: [(method: HTTPMethod, route: Route)]
    /// The `Allow` list of a 405, sorted (HEAD joins GET).
    let allowed: [String]

    init(_ routes: [HTTPMethod: Route]) {
        entries = routes.map { (method: $0.key, route: $0.value) }
        allowed = (routes.keys.map(\.rawValue) + (routes[.get] != nil ? ["HEAD"] : [])).sorted()
    }

    var isEmpty: Bool { entries.isEmpty }

    subscript(method: HTTPMethod) -> Route? {
        for entry in entries where entry.method == method { return entry.route }
        return nil
    }
}

/// A path's segments over its bytes, empty ones skipped: a view, not a list, so matching
/// allocates nothing. Raw paths are separated by `/`; a percent-decoded path is stored with
/// `decodedSeparator`, a byte that valid UTF-8 never contains (decoded segments may hold `/`).
struct PathSegments {
    static let decodedSeparator: UInt8 = 0xFF

    let bytes: UnsafeBufferPointer<UInt8>
    let separator: UInt8
    var start = 0

    init(bytes: UnsafeBufferPointer<UInt8>, separator: UInt8, start: Int = 0) {
        self.bytes = bytes
        self.separator = separator
        self.start = start
    }

    /// The next non-empty segment and the segments after it, or nil at the end.
    func next() -> (UnsafeBufferPointer<UInt8>, PathSegments)? {
        var index = start
        while index < bytes.count, bytes[index] == separator { index += 1 }
        guard index < bytes.count else { return nil }
        var end = index
        while end < bytes.count, bytes[end] != separator { end += 1 }
        return (UnsafeBufferPointer(rebasing: bytes[index..<end]), PathSegments(bytes: bytes, separator: separator, start: end))
    }

    /// The segments from here on, joined with `/` (a catch-all's capture).
    func remainder() -> String {
        var joined: [UInt8] = []
        var rest = self
        while let (segment, after) = rest.next() {
            if !joined.isEmpty { joined.append(UInt8(ascii: "/")) }
            joined.append(contentsOf: segment)
            rest = after
        }
        return String(decoding: joined, as: UTF8.self)
    }

    /// Every segment of `path` percent-decoded and separated by `decodedSeparator`; nil when
    /// an escape is malformed or the result is not UTF-8.
    static func decoding(_ path: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(path.count)
        var rest = PathSegments(bytes: path, separator: UInt8(ascii: "/"))
        while let (segment, after) = rest.next() {
            guard let text = PercentDecoding.decode(String(decoding: segment, as: UTF8.self), plusAsSpace: false) else { return nil }
            decoded.append(contentsOf: text.utf8)
            decoded.append(decodedSeparator)
            rest = after
        }
        return decoded
    }
}
