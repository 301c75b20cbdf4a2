import HTTPServer
import Xoseen
import XoseenVerification

/// Who may act on an id's verification, in one place (both auth modes alike):
/// - the id has a profile: that user's token (`Authorization: Bearer`), always;
/// - no profile yet: the claim secret the id's first attempt returned, as `X-Verification-Claim`
///   (an id nobody has claimed may be attempted by anyone, and the attempt claims it).
/// A token sent before a profile exists must still be this user's.
struct ClaimAuthorization {
    static let header = "X-Verification-Claim"
    let context: XoseenContext

    static func presented(_ request: Request) -> String? {
        request.headers[header].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// verify-live: how the attempt will be recorded, or the refusal (before any image work).
    func attemptBinding(_ request: Request, _ userId: String) async throws -> VerificationStore.Binding {
        if try await context.profiles.profile(userId) != nil {
            try context.authorizer.authorizeOverwrite(request, of: userId)
            return .profileOwner
        }
        try context.authorizer.authorizeSignup(request, of: userId)
        let presented = Self.presented(request)
        let check = try await context.verifications.claim(of: userId, presented: presented)
        guard check == .matches || check == .unclaimed else { throw Self.error(for: check) }
        return .claim(presented: presented)
    }

    /// The status route. Without a profile, an id that nobody claimed answers like a wrong
    /// claim would (no way to learn which ids have a verification).
    func authorizeRead(_ request: Request, _ userId: String) async throws {
        if try await context.profiles.profile(userId) != nil {
            try context.authorizer.authorizeOverwrite(request, of: userId)
            return
        }
        try context.authorizer.authorizeSignup(request, of: userId)
        let check = try await context.verifications.claim(of: userId, presented: Self.presented(request))
        guard check == .matches else {
            throw Self.error(for: check == .unclaimed && Self.presented(request) != nil ? .wrong : check)
        }
    }

    static func error(for check: VerificationClaim.Check) -> HTTPError {
        switch check {
        case .wrong: HTTPError(.unauthorized, code: .invalidClaim, message: "The verification claim is not valid for this user.")
        default:
            HTTPError(
                .unauthorized, code: .claimRequired,
                message: "This verification belongs to whoever uploaded it: send its claimToken as \(header).")
        }
    }
}
