import HTTPServer
import Xoseen

/// Blind date: `POST /web/blind/next` pairs the viewer with their best mutual candidate, identity
/// hidden — no name, no photo, and no user id: `candidateId` is the partner's alias in this
/// pairing, and `room` (`blind:<alias>:<alias>`) the chat room it opens to the two.
/// `POST /web/blind/pairings` lists the viewer's pairings the same way (how the partner learns of
/// one). `POST /web/blind/reveal` (`candidateId` = the alias) records consent and, once both have
/// consented, reveals name, photo and real user id to both. Until then both members are kept out
/// of every named feed (``BlindDateStore``). All three need the viewer's token under
/// `XOSEEN_REQUIRE_AUTH=1`.
struct BlindDateRoutes {
    let context: XoseenContext

    func register(on router: inout Router) {
        let context = context
        router.post("/web/blind/next", body: .buffered(maxBytes: 4 * 1024)) { request in
            let body = try request.decode(ViewerBody.self)
            try context.authorizer.authorize(request, actingOn: body.viewerId)
            guard let viewer = try await context.profiles.profile(body.viewerId) else {
                throw HTTPError.viewerNotFound(body.viewerId)
            }
            let partners = try await context.chat.blindDates.partners(of: viewer.userId)
            guard let best = try await context.feed.page(for: viewer, excluding: partners.all, limit: 1).candidates.first else {
                return try .json(BlindNextAnswer.none)
            }
            let score = wireScore(best.breakdown.final)
            let pairing = try await context.chat.blindDates.pair(
                viewer.userId, best.candidate.userId, score: score, at: context.clock())
            return try .json(
                BlindNextAnswer(
                    available: true, candidateId: pairing.partner(of: viewer.userId).alias,
                    cityArea: best.candidate.cityArea, ageDisplayed: best.candidate.ageDisplayed,
                    sharedInterests: InterestVocabulary.shared(viewer.interests, best.candidate.interests),
                    score: score, room: pairing.room.description))
        }

        router.post("/web/blind/pairings", body: .buffered(maxBytes: 4 * 1024)) { request in
            let body = try request.decode(ViewerBody.self)
            try context.authorizer.authorize(request, actingOn: body.viewerId)
            guard let viewer = try await context.profiles.profile(body.viewerId) else {
                throw HTTPError.viewerNotFound(body.viewerId)
            }
            var cards: [BlindPairingDTO] = []
            for pairing in try await context.chat.blindDates.pairings(of: viewer.userId) {
                let partner = pairing.partner(of: viewer.userId)
                guard try await !context.matching.isBlocked(viewer.userId, partner.userId),
                    let other = try await context.profiles.profile(partner.userId)
                else { continue }
                cards.append(
                    BlindPairingDTO(
                        candidateId: partner.alias, room: pairing.room.description,
                        status: pairing.isRevealed ? "revealed" : "pending",
                        revealedByYou: pairing.hasConsented(viewer.userId), cityArea: other.cityArea,
                        ageDisplayed: other.ageDisplayed,
                        sharedInterests: InterestVocabulary.shared(viewer.interests, other.interests), score: pairing.score,
                        displayName: pairing.isRevealed ? other.displayName : nil,
                        photoUrl: pairing.isRevealed ? context.photoKeys.url(for: other) : nil,
                        userId: pairing.isRevealed ? other.userId : nil))
            }
            return try .json(BlindPairingsAnswer(ok: true, pairings: cards))
        }

        router.post("/web/blind/reveal", body: .buffered(maxBytes: 4 * 1024)) { request in
            let body = try request.decode(PairBody.self)
            try context.authorizer.authorize(request, actingOn: body.viewerId)
            let noPairing = HTTPError.notFound("The viewer has no blind pairing with that candidateId.")
            guard let viewer = try await context.profiles.profile(body.viewerId) else { throw noPairing }
            // Only the alias names the partner: a real user id finds nothing (it would confirm a guess).
            guard let paired = try await context.chat.blindDates.pairing(of: viewer.userId, withPartnerAlias: body.candidateId),
                let candidate = try await context.profiles.profile(paired.partner(of: viewer.userId).userId),
                try await !context.matching.isBlocked(viewer.userId, candidate.userId)
            else { throw noPairing }
            guard
                let pairing = try await context.chat.blindDates.reveal(
                    viewer: viewer.userId, partnerAlias: body.candidateId,
                    at: context.clock())
            else {
                throw noPairing
            }
            guard pairing.isRevealed else {
                return try .json(
                    BlindRevealAnswer(
                        ok: true, status: "pending", revealed: false, displayName: nil, photoUrl: nil,
                        userId: nil))
            }
            return try .json(
                BlindRevealAnswer(
                    ok: true, status: "revealed", revealed: true, displayName: candidate.displayName,
                    photoUrl: context.photoKeys.url(for: candidate), userId: candidate.userId))
        }
    }
}
