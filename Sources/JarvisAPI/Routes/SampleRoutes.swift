import Foundation
import HTTPServer
import Imaging

/// `/samples/…`: the bundled offline feeds, served by the server to itself (and to anyone
/// who wants to look), plus generated placeholder pictures for their image links. Absolute
/// links written into the files with the samples' literal origin are rewritten to this
/// server's own origin, so they work on any port.
struct SampleRoutes {
    let directory: String
    let literalOrigin: String?
    let selfOrigin: String?

    func register(on router: inout Router) {
        router.get("/samples/img/{name}") { request in
            let name = try request.parameter("name")
            guard name.count <= 128, !name.hasPrefix(".") else { throw HTTPError.notFound("No such image.") }
            return Response(
                status: .ok, headers: ["Content-Type": "image/png", "Cache-Control": "public, max-age=86400"],
                body: .bytes(PlaceholderImage.png(seed: name)))
        }
        // The outlets' article pages (the page service fetches them for full articles offline).
        let pages = StaticFiles(root: directory + "/pages", cacheControl: "no-cache")
        router.get("/samples/pages/{name}") { request in
            try pages.respond(to: request, relativePath: try request.parameter("name"))
        }
        let files = StaticFiles(root: directory, cacheControl: "no-cache")
        let rewrite: (from: Data, to: Data)? = {
            guard let literalOrigin, let selfOrigin, literalOrigin != selfOrigin else { return nil }
            return (Data(literalOrigin.utf8), Data(selfOrigin.utf8))
        }()
        router.get("/samples/{name}") { request in
            let name = try request.parameter("name")
            guard let rewrite, name.hasSuffix(".xml"), let path = files.resolve(name),
                var body = FileManager.default.contents(atPath: path)
            else {
                return try files.respond(to: request, relativePath: name)
            }
            while let range = body.range(of: rewrite.from) { body.replaceSubrange(range, with: rewrite.to) }
            return Response(
                status: .ok, headers: ["Content-Type": "application/xml", "Cache-Control": "no-cache"],
                body: .bytes(body))
        }
    }
}
