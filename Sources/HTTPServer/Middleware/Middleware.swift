/// A step around route handlers: authentication, rate limits, headers. Call `next` to
/// continue, or answer (or throw an `HTTPError`) without calling it.
public protocol Middleware: Sendable {
    func handle(_ request: Request, next: Responder) async throws -> Response
}

/// The rest of the chain, as seen from one middleware.
public struct Responder: Sendable {
    let run: Router.Handler
    public init(_ run: @escaping Router.Handler) { self.run = run }
    public func callAsFunction(_ request: Request) async throws -> Response { try await run(request) }
}

/// Middleware written as a closure.
public struct MiddlewareFunction: Middleware {
    let body: @Sendable (Request, Responder) async throws -> Response
    public init(_ body: @escaping @Sendable (Request, Responder) async throws -> Response) { self.body = body }
    public func handle(_ request: Request, next: Responder) async throws -> Response { try await body(request, next) }
}

extension Route {
    /// Folds the global and route middleware around the handler, outermost first. A
    /// synchronous handler with no middleware around it stays synchronous.
    func action(global: [any Middleware]) -> RouteAction {
        let chain = global + middleware
        var next: Responder
        switch handler {
        case .synchronous(let handler):
            guard !chain.isEmpty else { return .synchronous(handler) }
            next = Responder { request in try handler(request) }
        case .asynchronous(let handler):
            next = Responder(handler)
        }
        for step in chain.reversed() {
            let inner = next
            next = Responder { request in try await step.handle(request, next: inner) }
        }
        return .asynchronous(next)
    }
}
