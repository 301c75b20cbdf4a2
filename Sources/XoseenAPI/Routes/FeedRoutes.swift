import Foundation
import HTTPServer
import Xoseen

/// Stages 3–5: `POST /ml/rank`, `POST /ml/explain`, `GET /ml/weights`, `POST /ml/feedback`,
/// plus `POST /web/block` and `POST /web/report`.
///
/// The cursor names a chain of pages kept server-side (the ids already served, ``FeedChains``:
/// in memory, expiring, written behind once paged), signed so it cannot be forged or altered:
/// within one chain no candidate repeats and none is skipped, even when scores move between pages.
struct FeedRoutes {
    let context: XoseenContext

    static func learnedWeights(_ learning: LearnedServing?) -> WeightsAnswer.Learned? {
        guard let snapshot = learning?.snapshot, let scorer = snapshot.scorer, snapshot.rolloutPct > 0 else { return nil }
        return WeightsAnswer.Learned(modelVersion: scorer.version, rolloutPct: snapshot.rolloutPct, bias: scorer.model.bias,
                                     weights: Dictionary(uniqueKeysWithValues: zip(scorer.model.featureNames, scorer.model.weights)))
    }

    func register(on router: inout Router) {
        let context = context
        router.post("/ml/rank", body: .buffered(maxBytes: 8 * 1024)) { request in
            let body = try request.decode(RankBody.self)
            let limit = body.limit ?? 20
            guard (1...100).contains(limit) else { throw HTTPError.invalid("limit must be between 1 and 100.", field: "limit") }
            try context.authorizer.authorize(request, actingOn: body.viewerId)
            guard let viewer = try await context.profiles.profile(body.viewerId) else { throw HTTPError.viewerNotFound(body.viewerId) }
            var chainId: String?
            var served: Set<String> = []
            let now = context.clock()
            if let cursor = body.cursor {
                guard let id = context.cursorChain(cursor), let chain = try await context.chains.chain(id, at: now),
                      chain.viewer == viewer.userId else {
                    throw HTTPError.badRequest("The cursor is malformed or has expired; pass back nextCursor verbatim, or start again without one.",
                                               code: .invalidCursor, field: "cursor")
                }
                chainId = id
                served = Set(chain.served)
            }
            // Members of an unrevealed blind pairing appear in nobody's named feed: their card here
            // would link the name and photo to the partner's blind card (see BlindDateStore).
            let hidden = context.chat.blindDates.hiddenMembers
            let ranking = ContinuousClock.now
            let ranked = try await context.feed.page(for: viewer, excluding: served.union(hidden), limit: limit)
            XoseenMetrics.feedServed(by: ranked.servedBy, duration: ContinuousClock.now - ranking)
            let page = ranked.candidates
            let ids = page.map(\.candidate.userId)
            if let shadow = ranked.shadow, let version = ranked.shadowVersion, let registry = context.feed.learning?.registry {
                // Shadow mode: the model's scores are logged beside the served ones; what the viewer sees is unchanged.
                try await registry.recordShadow(viewer: viewer.userId, candidates: ids, served: page.map(\.breakdown.final),
                                                shadow: shadow, version: version, at: context.clock())
            }
            // The chain stays in memory (no durable write for a first page); pages after the first are written behind.
            var hasRoom = true
            if let chainId {
                hasRoom = context.chains.extend(chainId, with: ids, at: now)
            } else {
                chainId = context.chains.create(viewer: viewer.userId, served: ids, at: now)
            }
            let next = ranked.hasMore && hasRoom ? context.cursor(for: chainId!) : nil
            let cards = page.map { scored in
                CandidateDTO(candidateId: scored.candidate.userId, displayName: scored.candidate.displayName,
                             ageDisplayed: scored.candidate.ageDisplayed, cityArea: scored.candidate.cityArea,
                             verifiedBadge: scored.candidate.verified,
                             sharedInterests: InterestVocabulary.shared(viewer.interests, scored.candidate.interests),
                             explanation: context.ranker.explanation(viewer: viewer, candidate: scored.candidate, breakdown: scored.breakdown),
                             score: (scored.breakdown.final * 10_000).rounded() / 10_000,
                             photoUrl: context.photoKeys.url(for: scored.candidate), bio: scored.candidate.bio)
            }
            return try .json(RankAnswer(candidates: cards, nextCursor: next))
        }

        router.post("/ml/explain", body: .buffered(maxBytes: 4 * 1024)) { request in
            let body = try request.decode(PairBody.self)
            try context.authorizer.authorize(request, actingOn: body.viewerId)
            let (viewer, candidate) = try await context.pair(body.viewerId, body.candidateId)
            let breakdown = context.breakdown(viewer, candidate)
            return try .json(ExplainAnswer(explanation: context.ranker.explanation(viewer: viewer, candidate: candidate, breakdown: breakdown),
                                           breakdown: BreakdownDTO(breakdown)))
        }

        router.get("/ml/weights") { _ in
            let w = context.ranker.weights
            return try .json(WeightsAnswer(compatibility: .init(trust: w.trust, intent: w.intent, interests: w.interests,
                                                                texting_style: w.textingStyle, location: w.location),
                                           pLikeWeight: w.pLikeWeight, learned: Self.learnedWeights(context.feed.learning)))
        }

        router.post("/ml/feedback", body: .buffered(maxBytes: 4 * 1024)) { request in
            let body = try request.decode(FeedbackBody.self)
            guard let action = MatchingStore.Action(rawValue: body.action) else {
                throw HTTPError.invalid("action must be like or pass.", field: "action")
            }
            try context.authorizer.authorize(request, actingOn: body.viewerId)
            guard body.viewerId != body.candidateId else { throw HTTPError.invalid("You cannot act on yourself.", field: "candidateId") }
            let (viewer, candidate) = try await context.pair(body.viewerId, body.candidateId)
            let breakdown = context.breakdown(viewer, candidate)
            let isTest = body.test == true || request.headers["X-Xoseen-Test"] == "1"
            let outcome = try await context.matching.decide(
                viewer: viewer.userId, candidate: candidate.userId, action: action, at: context.clock(),
                features: EventFeatures.json(viewer: viewer, candidate: candidate, ranker: context.ranker),
                scores: String(decoding: try JSONEncoder().encode(breakdown), as: UTF8.self), ranker: context.feed.servedBy(viewer.userId), isTest: isTest)
            return try .json(FeedbackAnswer(ok: true, matched: outcome.matched))
        }

        router.post("/web/block", body: .buffered(maxBytes: 4 * 1024)) { request in
            let body = try request.decode(PairBody.self)
            try context.authorizer.authorize(request, actingOn: body.viewerId)
            guard body.viewerId != body.candidateId else { throw HTTPError.invalid("You cannot block yourself.", field: "candidateId") }
            _ = try await context.pair(body.viewerId, body.candidateId)
            try await context.matching.block(body.viewerId, body.candidateId, at: context.clock())
            try await context.chat.closeRooms(between: body.viewerId, and: body.candidateId)
            return try .json(OkAnswer(ok: true))
        }

        router.post("/web/report", body: .buffered(maxBytes: 8 * 1024)) { request in
            let body = try request.decode(ReportBody.self)
            try context.authorizer.authorize(request, actingOn: body.viewerId)
            _ = try await context.pair(body.viewerId, body.candidateId)
            let reason = String((body.reason ?? "unspecified").prefix(500))
            try await context.matching.report(body.viewerId, body.candidateId, reason: reason, at: context.clock())
            return try .json(OkAnswer(ok: true))
        }
    }
}
