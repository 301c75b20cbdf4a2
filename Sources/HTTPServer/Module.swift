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
/// `ErrorRenderer` for their error envelope. libmicrohttpd's and wslay's C callbacks and
/// raw pointers stay inside this module (`Server/MHDCallbacks.swift`, `WebSocket/WebSocketLoop.swift`);
/// the other C wrappers keep theirs in the one file that owns the library (SQLStore's
/// connections, Jarvis's SAX reader and curl transfer, the sentence encoder's BLAS).
public enum HTTPServerModule {
    public static let name = "HTTPServer"
}
