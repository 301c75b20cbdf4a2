/// Canned HTTP/1.1 answers for the raw HTTP client's self-tests; keeps the connection alive until
/// the client closes, asks for `Connection: close`, or stays idle for 10 s (generous: tests run
/// in parallel on 2 cores, and a busy scheduler must not look like an idle client).
enum CannedHTTPPeer {
    static func serve(_ stream: PeerStream) {
        stream.setIdleTimeout(milliseconds: 10000)
        while let head = stream.readHead() {
            let request = PeerRequest(head: head)
            let length = Int(request.headers["content-length"] ?? "0") ?? 0
            guard let body = stream.read(count: length) else { return }
            switch (request.method, request.target) {
            case ("GET", "/cl"), ("HEAD", "/cl"):
                let payload = request.method == "HEAD" ? "" : "hello"
                stream.write("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\n\r\n\(payload)")
            case ("GET", "/chunked"):
                stream.write(
                    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r\n5;ext=1\r\npedia\r\n0\r\nX-Trailer: t\r\n\r\n"
                )
            case ("GET", "/close"):
                stream.write("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nuntil the end")
                return
            case ("GET", "/silent"):
                continue
            case ("POST", "/echo"):
                let type = request.headers["content-type"] ?? "none"
                stream.write("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nX-Request-Content-Type: \(type)\r\n\r\n")
                stream.write(body)
            default:
                stream.write("HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\nnot found")
            }
        }
    }
}
