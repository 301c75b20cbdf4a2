/// Routes by method and path pattern (`/stories/{id}`, `/app/photos/{path...}`), with a
/// middleware chain around every route. Built once at start-up, then read-only.
public struct Router: Sendable {
    public typealias Handler = @Sendable (Request) async throws -> Response

    private(set) var root = RouteNode()
    private(set) var middleware: [any Middleware] = []

    public init() {}

    /// Middleware that wraps every route registered after this call and before it alike.
    public mutating func use(_ middleware: any Middleware) { self.middleware.append(middleware) }

    public mutating func add(_ method: HTTPMethod, _ pattern: String, body: BodyPolicy = .default,
                             middleware: [any Middleware] = [], handler: @escaping Handler) {
        let segments = PathPattern.parse(pattern)
        root.insert(segments[...], method: method, route: Route(pattern: pattern, body: body, middleware: middleware, handler: handler))
    }

    public mutating func get(_ pattern: String, middleware: [any Middleware] = [], handler: @escaping Handler) {
        add(.get, pattern, body: .none, middleware: middleware, handler: handler)
    }

    public mutating func post(_ pattern: String, body: BodyPolicy = .default, middleware: [any Middleware] = [],
                              handler: @escaping Handler) {
        add(.post, pattern, body: body, middleware: middleware, handler: handler)
    }

    public mutating func put(_ pattern: String, body: BodyPolicy = .default, middleware: [any Middleware] = [],
                             handler: @escaping Handler) {
        add(.put, pattern, body: body, middleware: middleware, handler: handler)
    }

    public mutating func patch(_ pattern: String, body: BodyPolicy = .default, middleware: [any Middleware] = [],
                               handler: @escaping Handler) {
        add(.patch, pattern, body: body, middleware: middleware, handler: handler)
    }

    public mutating func delete(_ pattern: String, middleware: [any Middleware] = [], handler: @escaping Handler) {
        add(.delete, pattern, body: .none, middleware: middleware, handler: handler)
    }

    /// A WebSocket endpoint. `accept` runs as an ordinary request (middleware included) and
    /// either throws an `HTTPError` (answered as HTTP, no upgrade) or returns the session.
    public mutating func webSocket(_ pattern: String, middleware: [any Middleware] = [],
                                   accept: @escaping @Sendable (Request) async throws -> WebSocketUpgrade) {
        add(.get, pattern, body: .none, middleware: middleware) { request in
            try WebSocketHandshake.validate(request)
            var response = Response(status: .switchingProtocols)
            response.upgrade = try await accept(request)
            return response
        }
    }

    /// Serves files below `directory` at `prefix/…` (GET and HEAD).
    public mutating func files(_ prefix: String, from directory: StaticFiles) {
        let pattern = prefix.hasSuffix("/") ? "\(prefix){path...}" : "\(prefix)/{path...}"
        let handler: Handler = { request in try directory.respond(to: request, relativePath: request.parameters["path"] ?? "") }
        add(.get, pattern, body: .none, handler: handler)
    }

    /// Resolves a request path to a route. Segments are percent-decoded after splitting,
    /// so `%2F` inside a segment never creates a new segment.
    func match(method: HTTPMethod, path: String) throws(HTTPError) -> RouteMatch {
        var segments: [Substring] = []
        let escaped = path.utf8.contains(UInt8(ascii: "%"))
        for raw in Self.segments(of: path) {
            guard escaped else {
                segments.append(raw)
                continue
            }
            guard let decoded = PercentDecoding.decode(raw, plusAsSpace: false) else {
                throw HTTPError(.badRequest, code: .invalidRequest, message: "Malformed percent-encoding in path.")
            }
            segments.append(Substring(decoded))
        }
        var parameters = PathParameters()
        guard let routes = root.find(segments[...], parameters: &parameters) else { return .notFound }
        if let route = routes[method] {
            return .found(route, parameters)
        }
        if method == .head, let route = routes[.get] {
            return .found(route, parameters)
        }
        var allowed = routes.keys.map(\.rawValue)
        if routes[.get] != nil { allowed.append("HEAD") }
        return .methodNotAllowed(allowed: allowed.sorted())
    }
}

/// How a route takes its request body.
public enum BodyPolicy: Sendable {
    /// No body expected; one sent anyway is read and dropped up to a small bound.
    case none
    /// Buffer up to the server's default cap.
    case `default`
    /// Buffer up to `maxBytes` (413 beyond).
    case buffered(maxBytes: Int)
    /// Stream `multipart/form-data`; files spooled to disk under these limits.
    case multipart(MultipartLimits)
}

/// A registered route. A class so matching hands out a reference instead of copying fields;
/// @unchecked because `chain` is set once by `Router.compiled()` before the server starts
/// and never written after that.
final class Route: @unchecked Sendable {
    let pattern: String
    let body: BodyPolicy
    let middleware: [any Middleware]
    let handler: Router.Handler
    /// Handler wrapped in its middleware, set by `Router.compiled()`.
    var chain: Responder?

    init(pattern: String, body: BodyPolicy, middleware: [any Middleware], handler: @escaping Router.Handler) {
        self.pattern = pattern
        self.body = body
        self.middleware = middleware
        self.handler = handler
    }
}

enum RouteMatch: Sendable {
    case found(Route, PathParameters)
    case methodNotAllowed(allowed: [String])
    case notFound
}

extension Router {
    /// Splits on "/" over UTF-8 bytes (splitting the `String` walks grapheme clusters, which
    /// was the largest cost of routing), dropping empty segments.
    static func segments(of path: String) -> [Substring] {
        var result: [Substring] = []
        let utf8 = path.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                if start != index { result.append(path[start..<index]) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start != utf8.endIndex { result.append(path[start..<utf8.endIndex]) }
        return result
    }

    /// The router with every route's middleware chain folded once, ready to serve.
    func compiled() -> Router {
        var copy = self
        copy.root.compile(global: middleware)
        return copy
    }
}

extension RouteNode {
    mutating func compile(global: [any Middleware]) {
        for route in routes.values { route.chain = route.responder(global: global) }
        for route in catchAllRoutes.values { route.chain = route.responder(global: global) }
        for key in literals.keys { literals[key]?.compile(global: global) }
        for index in parameterChild.indices { parameterChild[index].compile(global: global) }
    }
}
