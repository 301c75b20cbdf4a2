import Foundation
import HTTPServer
import Xoseen

/// Stages 3–5: `POST /ml/rank`, `POST /ml/explain`, `GET /ml/weights`, `POST /ml/feedback`,
/// plus `POST /web/block` and `POST /web/report`.
///
/// The cursor names a chain of pages kept server-side (``FeedPager``: no candidate repeats or is
/// skipped within one chain), signed so it cannot be forged or altered.
struct FeedRoutes {
    let context: XoseenContext

    static func learnedWeights(_ learning: LearnedServing?) -> WeightsAnswer.Learned? {
        guard let snapshot = learning?.snapshot, let scorer = snapshot.scorer, snapshot.rolloutPct > 0 else { return nil }
        return WeightsAnswer.Learned(
            modelVersion: scorer.version, rolloutPct: snapshot.rolloutPct, bias: scorer.model.bias,
            weights: Dictionary(uniqueKeysWithValues: zip(scorer.model.featureNames, scorer.model.weights)))
    }

    func register(on router: inout Router) {
        let context = context
        router.post("/ml/rank", body: .buffered(maxBytes: 8 * 1024)) { request in
            let body = try request.decode(RankBody.self)
            let limit = body.limit ?? 20
            guard (1...100).contains(limit) else { throw HTTPError.invalid("limit must be between 1 and 100.", field: "limit") }
            try context.authorizer.authorize(request, actingOn: body.viewerId)
            // An indexed viewer is read from the index (no round trip); the store answers for the rest.
            guard let viewer = try await context.profiles.feedProfile(body.viewerId) else {
                throw HTTPError.viewerNotFound(body.viewerId)
            }
            // The cursor's text and signature are the wire's; the chain behind it is the pager's.
            var chainId: String?
            if let cursor = body.cursor {
                guard let id = context.cursorChain(cursor) else { throw HTTPError.invalidCursor() }
                chainId = id
            }
            let served: FeedPager.Served
            do {
                served = try await context.pager.page(
                    for: viewer, continuing: chainId,
                    hiding: context.chat.blindDates.hiddenMembers, limit: limit)
            } catch is FeedPager.UnknownChain {
                throw HTTPError.invalidCursor()
            }
            let page = served.page.candidates
            let next = served.nextChain.map(context.cursor(for:))
            let cards = page.map { scored in
                CandidateDTO(
                    candidateId: scored.candidate.userId, displayName: scored.candidate.displayName,
                    ageDisplayed: scored.candidate.ageDisplayed, cityArea: scored.candidate.cityArea,
                    verifiedBadge: scored.candidate.verified,
                    sharedInterests: InterestVocabulary.shared(viewer.interests, scored.candidate.interests),
                    explanation: context.ranker.explanation(
                        viewer: viewer, candidate: scored.candidate, breakdown: scored.breakdown),
                    score: wireScore(scored.breakdown.final),
                    photoUrl: context.photoKeys.url(for: scored.candidate), bio: scored.candidate.bio)
            }
            return try .json(RankAnswer(candidates: cards, nextCursor: next))
        }

        router.post("/ml/explain", body: .buffered(maxBytes: 4 * 1024)) { request in
            let body = try request.decode(PairBody.self)
            try context.authorizer.authorize(request, actingOn: body.viewerId)
            let (viewer, candidate) = try await context.pair(body.viewerId, body.candidateId)
            let breakdown = context.breakdown(viewer, candidate)
            return try .json(
                ExplainAnswer(
                    explanation: context.ranker.explanation(viewer: viewer, candidate: candidate, breakdown: breakdown),
                    breakdown: BreakdownDTO(breakdown)))
        }

        router.get("/ml/weights") { _ in
            let w = context.ranker.weights
            return try .json(
                WeightsAnswer(
                    compatibility: .init(
                        trust: w.trust, intent: w.intent, interests: w.interests,
                        texting_style: w.textingStyle, location: w.location),
                    pLikeWeight: w.pLikeWeight, learned: Self.learnedWeights(context.feed.learning)))
        }

        router.post("/ml/feedback", body: .buffered(maxBytes: 4 * 1024)) { request in
            let body = try request.decode(FeedbackBody.self)
            guard let action = MatchingStore.Action(rawValue: body.action) else {
                throw HTTPError.invalid("action must be like or pass.", field: "action")
            }
            try context.authorizer.authorize(request, actingOn: body.viewerId)
            guard body.viewerId != body.candidateId else {
                throw HTTPError.invalid("You cannot act on yourself.", field: "candidateId")
            }
            let (viewer, candidate) = try await context.pair(body.viewerId, body.candidateId)
            let breakdown = context.breakdown(viewer, candidate)
            let isTest = body.test == true || request.headers["X-Xoseen-Test"] == "1"
            let outcome = try await context.matching.decide(
                viewer: viewer.userId, candidate: candidate.userId, action: action, at: context.clock(),
                scores: String(decoding: try JSONEncoder().encode(breakdown), as: UTF8.self),
                ranker: context.feed.servedBy(viewer.userId), isTest: isTest)
            return try .json(FeedbackAnswer(ok: true, matched: outcome.matched))
        }

        router.post("/web/block", body: .buffered(maxBytes: 4 * 1024)) { request in
            let body = try request.decode(PairBody.self)
            try context.authorizer.authorize(request, actingOn: body.viewerId)
            guard body.viewerId != body.candidateId else {
                throw HTTPError.invalid("You cannot block yourself.", field: "candidateId")
            }
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
