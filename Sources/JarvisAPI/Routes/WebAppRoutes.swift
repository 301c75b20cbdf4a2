import HTTPServer

/// The browser clients, static files from `Resources/jarvis/web` (no build step): the reader
/// at `/` (its modules under `/reader/`), the operators' console at `/ops/`, and the modules
/// both products' pages share (`Resources/web-shared`) at `/shared/`. Answered `no-cache` with
/// an ETag: module names carry no content hash, so the browser revalidates (a 304 has no body)
/// rather than run a stale module beside a fresh one.
struct WebAppRoutes {
    let webDirectory: String
    let sharedDirectory: String

    func register(on router: inout Router) {
        let reader = StaticFiles(root: webDirectory + "/reader", cacheControl: "no-cache")
        let ops = StaticFiles(root: webDirectory + "/ops", cacheControl: "no-cache")
        router.get("/") { request in try reader.respond(to: request, relativePath: "index.html") }
        router.files("/reader", from: reader)
        router.get("/ops") { request in try ops.respond(to: request, relativePath: "index.html") }
        router.get("/ops/{path...}") { request in
            let path = request.parameters["path"] ?? ""
            return try ops.respond(to: request, relativePath: path.isEmpty ? "index.html" : path)
        }
        router.files("/shared", from: StaticFiles(root: sharedDirectory, cacheControl: "no-cache"))
    }
}
