// HTTPTesting: the client side of the test kit.
//
// It owns test clients that talk to the real server over real loopback sockets:
// `WebSocketClient` (wslay in client mode; URLSessionWebSocketTask does not work on Linux),
// `RawHTTPConnection` (exact bytes on the wire) and `HTTPTestClient` (one call per request).
// All socket waits go through one shared epoll thread (`SocketReactor`), so a test can hold
// a thousand idle connections without a thread each and never blocks Swift's cooperative pool.
// It must not reach into HTTPServer internals: tests see the server only through its sockets.
