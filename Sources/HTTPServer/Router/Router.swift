/// Routes by method and path pattern (`/stories/{id}`, `/app/photos/{path...}`), with a
/// middleware chain around every route. Built once at start-up, then read-only.
///
/// Handlers come in two shapes. One that never waits (`{ request in try .json(…) }`, no
/// `await`) is registered as a `SynchronousHandler`: when no middleware wraps its route, the
/// server calls it right on the connection's thread, without creating a task. One that
/// awaits is a `Handler` and runs in a task. Swift picks the overload from the closure.
public struct Router: Sendable {
    public typealias Handler = @Sendable (Request) async throws -> Response
    public typealias SynchronousHandler = @Sendable (Request) throws -> Response

    private(set) var root = RouteNode()
    private(set) var middleware: [any Middleware] = []

    public init() {}

    /// Middleware that wraps every route registered after this call and before it alike.
    public mutating func use(_ middleware: any Middleware) { self.middleware.append(middleware) }

    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, body: BodyPolicy = .default,
        middleware: [any Middleware] = [], handler: @escaping Handler
    ) {
        add(method, pattern, body: body, middleware: middleware, action: .asynchronous(handler))
    }

    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, body: BodyPolicy = .default,
        middleware: [any Middleware] = [], handler: @escaping SynchronousHandler
    ) {
        add(method, pattern, body: body, middleware: middleware, action: .synchronous(handler))
    }

    private mutating func add(
        _ method: HTTPMethod, _ pattern: String, body: BodyPolicy, middleware: [any Middleware],
        action: RouteHandler
    ) {
        let segments = PathPattern.parse(pattern)
        root.insert(
            segments[...], method: method,
            route: Route(method: method, pattern: pattern, body: body, middleware: middleware, handler: action))
    }

    public mutating func get(_ pattern: String, middleware: [any Middleware] = [], handler: @escaping Handler) {
        add(.get, pattern, body: .none, middleware: middleware, handler: handler)
    }

    public mutating func get(_ pattern: String, middleware: [any Middleware] = [], handler: @escaping SynchronousHandler) {
        add(.get, pattern, body: .none, middleware: middleware, handler: handler)
    }

    public mutating func post(
        _ pattern: String, body: BodyPolicy = .default, middleware: [any Middleware] = [],
        handler: @escaping Handler
    ) {
        add(.post, pattern, body: body, middleware: middleware, handler: handler)
    }

    public mutating func post(
        _ pattern: String, body: BodyPolicy = .default, middleware: [any Middleware] = [],
        handler: @escaping SynchronousHandler
    ) {
        add(.post, pattern, body: body, middleware: middleware, handler: handler)
    }

    public mutating func put(
        _ pattern: String, body: BodyPolicy = .default, middleware: [any Middleware] = [],
        handler: @escaping Handler
    ) {
        add(.put, pattern, body: body, middleware: middleware, handler: handler)
    }

    public mutating func put(
        _ pattern: String, body: BodyPolicy = .default, middleware: [any Middleware] = [],
        handler: @escaping SynchronousHandler
    ) {
        add(.put, pattern, body: body, middleware: middleware, handler: handler)
    }

    public mutating func patch(
        _ pattern: String, body: BodyPolicy = .default, middleware: [any Middleware] = [],
        handler: @escaping Handler
    ) {
        add(.patch, pattern, body: body, middleware: middleware, handler: handler)
    }

    public mutating func patch(
        _ pattern: String, body: BodyPolicy = .default, middleware: [any Middleware] = [],
        handler: @escaping SynchronousHandler
    ) {
        add(.patch, pattern, body: body, middleware: middleware, handler: handler)
    }

    public mutating func delete(_ pattern: String, middleware: [any Middleware] = [], handler: @escaping Handler) {
        add(.delete, pattern, body: .none, middleware: middleware, handler: handler)
    }

    public mutating func delete(_ pattern: String, middleware: [any Middleware] = [], handler: @escaping SynchronousHandler) {
        add(.delete, pattern, body: .none, middleware: middleware, handler: handler)
    }

    /// A WebSocket endpoint. `accept` runs as an ordinary request (middleware included) and
    /// either throws an `HTTPError` (answered as HTTP, no upgrade) or returns the session.
    public mutating func webSocket(
        _ pattern: String, middleware: [any Middleware] = [],
        accept: @escaping @Sendable (Request) async throws -> WebSocketUpgrade
    ) {
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
        let handler: SynchronousHandler = { request in
            try directory.respond(to: request, relativePath: request.parameters["path"] ?? "")
        }
        add(.get, pattern, body: .none, handler: handler)
    }

    /// Every registered route as (method, pattern), sorted: what an API description must list.
    public var routes: [(method: String, pattern: String)] {
        var found: [(method: String, pattern: String)] = []
        func walk(_ node: RouteNode) {
            for (method, route) in node.routes { found.append((method.rawValue, route.pattern)) }
            for (method, route) in node.catchAllRoutes { found.append((method.rawValue, route.pattern)) }
            for child in node.literals.values { walk(child) }
            for child in node.parameterChild { walk(child) }
        }
        walk(root)
        return found.sorted { ($0.pattern, $0.method) < ($1.pattern, $1.method) }
    }

    /// Resolves a request path to a route (see `RouteTable.match`).
    func match(method: HTTPMethod, path: String) throws(HTTPError) -> RouteMatch {
        try compiled().match(method: method, path: path)
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
/// @unchecked because `action` is set once by `Router.compiled()` before the server starts
/// and never written after that.
final class Route: @unchecked Sendable {
    let pattern: String
    let body: BodyPolicy
    let middleware: [any Middleware]
    let handler: RouteHandler
    /// What the server runs, set by `Router.compiled()`.
    var action: RouteAction?
    /// Requests answered here, for `/metrics` (held strongly; recorded through the unretained copy).
    let statistics: RouteStatistics
    let unretainedStatistics: Unmanaged<RouteStatistics>

    init(method: HTTPMethod, pattern: String, body: BodyPolicy, middleware: [any Middleware], handler: RouteHandler) {
        self.pattern = pattern
        statistics = RouteStatistics(method: method.rawValue, pattern: pattern)
        unretainedStatistics = .passUnretained(statistics)
        self.body = body
        self.middleware = middleware
        self.handler = handler
    }
}

/// The handler as registered.
enum RouteHandler: Sendable {
    case synchronous(Router.SynchronousHandler)
    case asynchronous(Router.Handler)
}

/// The handler as served: called in place when nothing on its way can wait, or the whole
/// middleware chain, run in a task.
enum RouteAction: Sendable {
    case synchronous(Router.SynchronousHandler)
    case asynchronous(Responder)
}

enum RouteMatch: Sendable {
    case found(RouteReference, PathParameters)
    case methodNotAllowed(allowed: [String])
    case notFound
}

extension Router {
    /// The routes with every middleware chain folded once, ready to serve.
    func compiled() -> RouteTable {
        root.compile(global: middleware)
        return RouteTable(root)
    }
}

extension RouteNode {
    func compile(global: [any Middleware]) {
        for route in routes.values { route.action = route.action(global: global) }
        for route in catchAllRoutes.values { route.action = route.action(global: global) }
        for node in literals.values { node.compile(global: global) }
        for node in parameterChild { node.compile(global: global) }
    }
}
