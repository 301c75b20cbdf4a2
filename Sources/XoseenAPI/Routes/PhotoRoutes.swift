import Foundation
import HTTPServer
import Imaging
import Xoseen

/// Photos by unguessable key: `GET /app/photos/<key>.png`, base-relative as the seed's
/// `absoluteUrl(base, photoUrl)` expects. A key is 22 characters of HMAC over the user id and
/// photo seed (so nobody can derive a user's photo URL from their id, or an id from a photo
/// URL) followed by 16 characters of HMAC over those 22 (so the server recognises its own keys
/// without a lookup and answers 404 to anything else — `/app/photos/<userId>.png` included).
/// The picture today is a generated avatar drawn from the key; real uploads would be stored
/// under the same key.
struct PhotoKeys: Sendable {
    let signer: TokenSigner

    static let idLength = 22, checkLength = 16

    func key(for profile: Profile) -> String {
        let id = String(signer.sign("photo:\(profile.userId):\(profile.photoSeed)").prefix(Self.idLength))
        return id + check(id)
    }

    func url(for profile: Profile) -> String { "/app/photos/\(key(for: profile)).png" }

    private func check(_ id: String) -> String { String(signer.sign("photo-key:" + id).prefix(Self.checkLength)) }

    /// The key's photo id, when the key is one this server issued.
    func photoId(ofKey key: Substring) -> String? {
        guard key.utf8.count == Self.idLength + Self.checkLength else { return nil }
        let id = String(key.prefix(Self.idLength))
        let expected = Array(check(id).utf8)
        let given = Array(key.suffix(Self.checkLength).utf8)
        // Constant time: the comparison must not tell a prober how many characters were right.
        let difference = zip(expected, given).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) }
        return difference == 0 ? id : nil
    }
}

struct PhotoRoutes {
    let keys: PhotoKeys

    func register(on router: inout Router) {
        let keys = keys
        router.get("/app/photos/{name}") { request in
            let name = try request.parameter("name")
            guard name.hasSuffix(".png"), let id = keys.photoId(ofKey: name.dropLast(4)) else {
                throw HTTPError.notFound("No such photo.")
            }
            return Response(
                status: .ok, headers: ["Content-Type": "image/png", "Cache-Control": "private, max-age=86400"],
                body: .bytes(PlaceholderImage.png(seed: id, width: 400, height: 400)))
        }
    }
}
