import Foundation
import HTTPServer
import Xoseen
import XoseenVerification

/// Stage 2: `POST /web/profile` (create open, overwrite only with that user's token; an id with a
/// verification on file is created only with its claim, `X-Verification-Claim`),
/// `GET /web/options` (every allowed enum value) and the demo picker `GET /ml/viewers`.
struct ProfileRoutes {
    let context: XoseenContext

    func register(on router: inout Router) {
        let context = context
        router.post("/web/profile", body: .buffered(maxBytes: 32 * 1024)) { request in
            let body = try request.decode(ProfileBody.self)
            guard let userId = body.userId, !userId.isEmpty else {
                throw HTTPError.invalid("userId is required.", field: "userId")
            }
            let existing = try await context.profiles.profile(userId)
            let verification = try await context.verifications.record(for: userId)
            if existing != nil {
                try context.authorizer.authorizeOverwrite(request, of: userId)
            } else {
                try context.authorizer.authorizeSignup(request, of: userId)
                if context.authorizer.policy.requireAuth, verification?.decision != .verified {
                    throw HTTPError(
                        .forbidden, code: .verificationRequired,
                        message: "Verify your identity before creating a profile.")
                }
            }
            // An id with a verification on file is created only by whoever uploaded it (its claim).
            let claim = verification == nil ? nil : ClaimAuthorization.presented(request)
            if verification != nil, claim == nil { throw ClaimAuthorization.error(for: .missing) }
            let submission = ProfileSubmission(
                userId: userId, displayName: body.displayName, ageDisplayed: body.ageDisplayed, trustScore: body.trustScore,
                intent: body.intent, interests: body.interests, cityArea: body.cityArea, ageMin: body.ageMin, ageMax: body.ageMax,
                maxDistanceKm: body.maxDistanceKm, gender: body.gender, seeking: body.seeking, orientation: body.orientation,
                asexual: body.asexual, asexualOnly: body.asexualOnly, bio: body.bio)
            var profile: Profile
            switch context.validation.validate(submission, existing: existing, now: context.clock()) {
            case .success(let valid): profile = valid
            case .failure(let problem): throw HTTPError.invalid(problem.message, field: problem.field)
            }
            // The verifier is authoritative: its badge, trust score and age override what was sent.
            if let verification {
                profile.verified = verification.decision == .verified
                profile.trustScore = verification.trustScore
                if profile.verified, let age = verification.ageDisplayed { profile.ageDisplayed = age }
            }
            if existing != nil {
                try await context.profiles.save(profile)
            } else {
                let bound = verification != nil
                do {
                    let created = try await context.profiles.create(profile) { c in
                        if bound { try VerificationClaim.consume(c, userId: userId, presented: claim) }
                    }
                    // Someone else created this id first: from now on it takes that user's token.
                    guard created else { throw HTTPError.authRequired() }
                } catch let refused as VerificationClaim.Refused {
                    throw ClaimAuthorization.error(for: refused.check)
                }
            }
            return try .json(ProfileAnswer(ok: true, viewerId: userId, token: context.issueToken(for: userId)))
        }

        router.get("/web/options") { _ in
            try .json(VocabularyOptions(gazetteer: context.validation.gazetteer))
        }

        // The seed's demo picker: personas + onboarded users. With XOSEEN_REQUIRE_AUTH=1 it lists
        // the seed personas only (no real user's id, name and area for anyone who asks), and
        // none who is in an unrevealed blind pairing.
        router.get("/ml/viewers") { _ in
            let strict = context.authorizer.policy.requireAuth
            let hidden = strict ? context.chat.blindDates.hiddenMembers : []
            return try .json(
                ViewersAnswer(
                    viewers: try await context.profiles.viewers(personasOnly: strict).filter { !hidden.contains($0.id) }.map {
                        ViewerEntry(id: $0.id, displayName: $0.displayName, cityArea: $0.cityArea)
                    }))
        }
    }
}
