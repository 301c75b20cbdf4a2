import Foundation
import HTTPServer

/// `/samples/…`: the bundled offline feeds, served by the server to itself (and to anyone
/// who wants to look), plus generated placeholder pictures for their image links.
struct SampleRoutes {
    let directory: String

    func register(on router: inout Router) {
        router.get("/samples/img/{name}") { request in
            let name = try request.parameter("name")
            guard name.count <= 128, !name.hasPrefix(".") else { throw HTTPError.notFound("No such image.") }
            return Response(status: .ok, headers: ["Content-Type": "image/png", "Cache-Control": "public, max-age=86400"],
                            body: .bytes(PlaceholderImage.png(seed: name)))
        }
        router.files("/samples", from: StaticFiles(root: directory, cacheControl: "no-cache"))
    }
}
