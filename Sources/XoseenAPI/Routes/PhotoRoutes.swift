import Foundation
import HTTPServer
import Imaging
import Xoseen

/// `GET /app/photos/<userId>.png`: a generated avatar per user (base-relative URLs, as the
/// seed's `absoluteUrl(base, photoUrl)` expects). Real uploaded photos come with verification.
struct PhotoRoutes {
    func register(on router: inout Router) {
        router.get("/app/photos/{name}") { request in
            let name = try request.parameter("name")
            guard name.hasSuffix(".png"), ProfileValidation.isValidUserId(String(name.dropLast(4))) else {
                throw HTTPError.notFound("No such photo.")
            }
            return Response(status: .ok, headers: ["Content-Type": "image/png", "Cache-Control": "public, max-age=86400"],
                            body: .bytes(PlaceholderImage.png(seed: name, width: 400, height: 400)))
        }
    }
}
