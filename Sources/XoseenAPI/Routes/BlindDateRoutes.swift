import HTTPServer
import Xoseen

/// Blind date: `POST /web/blind/next` pairs the viewer with their best mutual candidate, identity
/// hidden (no name, no photo), which admits the two to `blind:<a>:<b>`; `POST /web/blind/reveal`
/// records consent and reveals the name to both only when both have consented. Until then the
/// partner is also kept out of the viewer's ranked feed (which shows names and photos).
struct BlindDateRoutes {
    let context: XoseenContext

    struct NextBody: Decodable { let viewerId: String }

    struct RevealBody: Decodable {
        let viewerId: String
        let candidateId: String
    }

    func register(on router: inout Router) {
        let context = context
        router.post("/web/blind/next", body: .buffered(maxBytes: 4 * 1024)) { request in
            let body = try request.decode(NextBody.self)
            try context.authorizer.authorize(request, actingOn: body.viewerId)
            guard let viewer = try await context.profiles.profile(body.viewerId) else { throw HTTPError.viewerNotFound(body.viewerId) }
            let partners = try await context.chat.blindDates.partners(of: viewer.userId)
            guard let best = try await context.feed.page(for: viewer, excluding: partners.all, limit: 1).candidates.first else {
                return try .json(BlindNextAnswer.none)
            }
            let score = (best.breakdown.final * 10_000).rounded() / 10_000
            try await context.chat.blindDates.pair(viewer.userId, best.candidate.userId, score: score, at: context.clock())
            return try .json(BlindNextAnswer(available: true, candidateId: best.candidate.userId, cityArea: best.candidate.cityArea,
                                             ageDisplayed: best.candidate.ageDisplayed,
                                             sharedInterests: InterestVocabulary.shared(viewer.interests, best.candidate.interests),
                                             score: score))
        }

        router.post("/web/blind/reveal", body: .buffered(maxBytes: 4 * 1024)) { request in
            let body = try request.decode(RevealBody.self)
            try context.authorizer.authorize(request, actingOn: body.viewerId)
            let (viewer, candidate) = try await context.pair(body.viewerId, body.candidateId)
            guard try await !context.matching.isBlocked(viewer.userId, candidate.userId) else {
                throw HTTPError.notFound("These two users have no blind pairing.")
            }
            let events = [(viewer, candidate), (candidate, viewer)].map { pair in
                BlindDateStore.LearningEvent(viewer: pair.0.userId, candidate: pair.1.userId,
                                             features: EventFeatures.json(viewer: pair.0, candidate: pair.1, ranker: context.ranker),
                                             scores: "{}")
            }
            guard let pairing = try await context.chat.blindDates.reveal(viewer: viewer.userId, candidate: candidate.userId,
                                                                         at: context.clock(), events: events) else {
                throw HTTPError.notFound("These two users have no blind pairing.")
            }
            guard pairing.isRevealed else {
                return try .json(BlindRevealAnswer(ok: true, status: "pending", revealed: false, displayName: nil, photoUrl: nil))
            }
            return try .json(BlindRevealAnswer(ok: true, status: "revealed", revealed: true, displayName: candidate.displayName,
                                               photoUrl: "/app/photos/\(candidate.userId).png"))
        }
    }
}
