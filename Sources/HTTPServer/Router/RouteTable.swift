import Foundation

/// The router as the server reads it on every request: the trie flattened into arrays of
/// plain values, matched over the path's UTF-8 bytes. Built once by `Router.compiled()`.
///
/// Why flat: walking the builder's `RouteNode` structs (or a trie of classes) retains every
/// child it passes, and those reference counts are shared by all worker threads, so each
/// request bounced them between cores; here a step reads integers. Literal segments are
/// compared as bytes, not hashed as `String`s.
final class RouteTable: Sendable {
    /// Every node, the root first.
    private let nodes: [Node]
    /// Literal children of all nodes, grouped by parent.
    private let edges: [Edge]
    /// The bytes of every literal segment, back to back.
    private let literalBytes: [UInt8]
    /// Routes by method: one table per node (and one per catch-all).
    private let methodTables: [MethodRoutes]
    /// Parameter and catch-all names.
    private let names: [String]

    private struct Edge {
        let bytes: Range<Int>
        let node: Int
    }

    private struct Node {
        var edges: Range<Int> = 0..<0
        /// (index into `names`, child node)
        var parameter: (name: Int, node: Int)?
        /// (index into `names`, index into `methodTables`)
        var catchAll: (name: Int, routes: Int)?
        /// Index into `methodTables`.
        var routes = 0
    }

    init(_ root: RouteNode) {
        var builder = Builder()
        _ = builder.add(root)
        nodes = builder.nodes
        edges = builder.edges
        literalBytes = builder.literalBytes
        methodTables = builder.methodTables
        names = builder.names
    }

    /// Every route's request figures (for `/metrics`).
    var statistics: [RouteStatistics] { methodTables.flatMap { $0.entries.map(\.route.statistics) } }

    private struct Builder {
        var nodes: [Node] = []
        var edges: [Edge] = []
        var literalBytes: [UInt8] = []
        var methodTables: [MethodRoutes] = []
        var names: [String] = []

        /// Adds `built` and everything below it; returns its index.
        mutating func add(_ built: RouteNode) -> Int {
            let index = nodes.count
            nodes.append(Node())
            var node = Node()
            node.routes = table(built.routes)
            if let name = built.parameterName, let child = built.parameterChild.first {
                node.parameter = (name: self.name(name), node: add(child))
            }
            if let name = built.catchAllName {
                node.catchAll = (name: self.name(name), routes: table(built.catchAllRoutes))
            }
            // Children first, then this node's edges as one contiguous run.
            let children = built.literals.map { (segment: Array($0.key.utf8), node: add($0.value)) }
            let first = edges.count
            for child in children {
                let start = literalBytes.count
                literalBytes += child.segment
                edges.append(Edge(bytes: start..<literalBytes.count, node: child.node))
            }
            node.edges = first..<edges.count
            nodes[index] = node
            return index
        }

        mutating func table(_ routes: [HTTPMethod: Route]) -> Int {
            methodTables.append(MethodRoutes(routes))
            return methodTables.count - 1
        }

        mutating func name(_ name: String) -> Int {
            names.append(name)
            return names.count - 1
        }
    }

    /// The method table for the segments from `segments.start` below node `index`, filling
    /// `parameters`; nil when no route has this path.
    private func find(_ index: Int, _ segments: PathSegments, parameters: inout PathParameters) -> Int? {
        let node = nodes[index]
        guard let (segment, rest) = segments.next() else {
            return methodTables[node.routes].isEmpty ? nil : node.routes
        }
        for edge in node.edges where literal(edges[edge].bytes, equals: segment) {
            if let found = find(edges[edge].node, rest, parameters: &parameters) { return found }
            break
        }
        if let parameter = node.parameter {
            let mark = parameters.storage.count
            parameters.append(names[parameter.name], String(decoding: segment, as: UTF8.self))
            if let found = find(parameter.node, rest, parameters: &parameters) { return found }
            parameters.storage.removeSubrange(mark...)
        }
        if let catchAll = node.catchAll {
            parameters.append(names[catchAll.name], segments.remainder())
            return catchAll.routes
        }
        return nil
    }

    private func literal(_ bytes: Range<Int>, equals segment: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == segment.count
            && literalBytes.withUnsafeBufferPointer {
                memcmp($0.baseAddress! + bytes.lowerBound, segment.baseAddress!, bytes.count) == 0
            }
    }

    /// Resolves a request path to a route. Segments are percent-decoded after splitting,
    /// so `%2F` inside a segment never creates a new segment.
    func match(method: HTTPMethod, path: String) throws(HTTPError) -> RouteMatch {
        func match(_ bytes: UnsafeBufferPointer<UInt8>) -> RouteMatch? {
            guard bytes.contains(UInt8(ascii: "%")) else {
                return self.match(method: method, PathSegments(bytes: bytes, separator: UInt8(ascii: "/")))
            }
            guard let decoded = PathSegments.decoding(bytes) else { return nil }
            return decoded.withUnsafeBufferPointer {
                self.match(method: method, PathSegments(bytes: $0, separator: PathSegments.decodedSeparator))
            }
        }
        // Native and small strings lend their bytes in place; others are copied first.
        var path = path
        let found = path.utf8.withContiguousStorageIfAvailable(match) ?? path.withUTF8(match)
        guard let found else {
            throw HTTPError(.badRequest, code: .invalidRequest, message: "Malformed percent-encoding in path.")
        }
        return found
    }

    private func match(method: HTTPMethod, _ segments: PathSegments) -> RouteMatch {
        var parameters = PathParameters()
        guard let found = find(0, segments, parameters: &parameters) else { return .notFound }
        let routes = methodTables[found]
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

    subscript(method: HTTPMethod) -> RouteReference? {
        for entry in entries where entry.method == method { return RouteReference(entry.route) }
        return nil
    }
}

/// A route handed out by the table without a retain. The table owns every route and lives as
/// long as the server (`ServerCore` holds it), and every worker thread taking a strong
/// reference to the same route would bounce its reference count between cores.
struct RouteReference: @unchecked Sendable {
    private let route: Unmanaged<Route>

    init(_ route: Route) { self.route = .passUnretained(route) }

    /// Runs `body` with the route borrowed, not retained.
    func with<Result>(_ body: (Route) throws -> Result) rethrows -> Result { try route._withUnsafeGuaranteedRef(body) }

    var pattern: String { with { $0.pattern } }

    /// Counts an answered request on this route (nothing retained on the way).
    func record(status: Int, nanoseconds: UInt64) {
        with { $0.unretainedStatistics._withUnsafeGuaranteedRef { $0.record(status: status, nanoseconds: nanoseconds) } }
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
            guard let text = PercentDecoding.decode(String(decoding: segment, as: UTF8.self), plusAsSpace: false) else {
                return nil
            }
            decoded.append(contentsOf: text.utf8)
            decoded.append(decodedSeparator)
            rest = after
        }
        return decoded
    }
}
