/// # HTTPServer
///
/// The shared transport and framework under both products: a libmicrohttpd daemon with an
/// epoll thread pool, a router with path parameters, JSON bodies with caps, one error type
/// rendered in one place, streaming multipart uploads spooled to disk, static files, a
/// middleware chain, and WebSockets (MHD upgrade + wslay framing, one epoll loop for all
/// upgraded sockets, bounded send queues, a hub for fan-out), HTTPS/WSS through MHD's GnuTLS
/// with certificate reload, and the operator's endpoints every server answers: `/livez`,
/// `/readyz` (pluggable checks), `/metrics` (per-route figures) and `/openapi.json`.
///
/// It knows nothing about news or dating: products plug in routes, middleware and an
/// `ErrorRenderer` for their error envelope. C callbacks and raw pointers stay inside this
/// module (see `Server/MHDBridge.swift` and `WebSocket/WebSocketLoop.swift`).
public enum HTTPServerModule {
    public static let name = "HTTPServer"
}
