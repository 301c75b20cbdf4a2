import HTTPServer

/// The browser clients, static files from `Resources/xoseen/web` (no build step): the app at
/// `/app/` and the operators' console at `/ops/`, plus the modules both products' pages share
/// (`Resources/web-shared`) at `/shared/`. Everything is answered `no-cache` with an ETag: the
/// module names carry no content hash, so a browser must revalidate (a 304 costs no body) to
/// never run a stale module beside a fresh one. `/app/photos/…` stays with `PhotoRoutes`
/// (literal segments win over the catch-all).
struct WebAppRoutes {
    let webDirectory: String
    let sharedDirectory: String

    func register(on router: inout Router) {
        let app = StaticFiles(root: webDirectory + "/app", cacheControl: "no-cache")
        let ops = StaticFiles(root: webDirectory + "/ops", cacheControl: "no-cache")
        for (prefix, files) in [("/app", app), ("/ops", ops)] {
            router.get(prefix) { request in try files.respond(to: request, relativePath: "index.html") }
            router.get(prefix + "/{path...}") { request in
                let path = request.parameters["path"] ?? ""
                return try files.respond(to: request, relativePath: path.isEmpty ? "index.html" : path)
            }
        }
        router.files("/shared", from: StaticFiles(root: sharedDirectory, cacheControl: "no-cache"))
    }
}
