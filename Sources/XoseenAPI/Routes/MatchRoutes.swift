import Foundation
import HTTPServer
import Xoseen

/// `POST /web/matches` `{"viewerId"}`: the viewer's matches, newest first, each with the chat
/// room the two share (ids sorted). User-scoped like every other per-user read (the auth
/// policy's table); blocked pairs and members of an unrevealed blind pairing are left out.
struct MatchRoutes {
    let context: XoseenContext

    func register(on router: inout Router) {
        let context = context
        router.post("/web/matches", body: .buffered(maxBytes: 4 * 1024)) { request in
            let body = try request.decode(ViewerBody.self)
            try context.authorizer.authorize(request, actingOn: body.viewerId)
            guard let viewer = try await context.profiles.profile(body.viewerId) else {
                throw HTTPError.viewerNotFound(body.viewerId)
            }
            let hidden = context.chat.blindDates.hiddenMembers
            var cards: [MatchDTO] = []
            for match in try await context.matching.matches(of: viewer.userId) where !hidden.contains(match.otherUserId) {
                guard let other = try await context.profiles.profile(match.otherUserId) else { continue }
                let ids = [viewer.userId, other.userId].sorted()
                cards.append(
                    MatchDTO(
                        candidateId: other.userId, displayName: other.displayName, ageDisplayed: other.ageDisplayed,
                        cityArea: other.cityArea, photoUrl: context.photoKeys.url(for: other),
                        room: "match:\(ids[0]):\(ids[1])", matchedAt: match.matchedAt))
            }
            return try .json(MatchesAnswer(ok: true, matches: cards), encoder: Self.encoder)
        }
    }

    static let encoder = WireJSONEncoder(dateStyle: .iso8601Seconds, omitNilKeys: false)
}
