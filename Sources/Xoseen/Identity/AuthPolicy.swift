/// The seed's auth rule, in one place:
/// - a token present must name the acted-on user, else `invalid_token` — always, demo mode
///   included;
/// - no token is allowed, unless `requireAuth` (`XOSEEN_REQUIRE_AUTH=1`), then `auth_required`.
public struct AuthPolicy: Sendable {
    public enum Credential: Sendable, Equatable {
        case none
        /// A token that verified, with its subject.
        case valid(subject: String)
        /// A token was sent but is malformed, forged or expired.
        case invalid
    }

    public enum Decision: Sendable, Equatable {
        case allowed
        case invalidToken
        case authRequired
    }

    public let requireAuth: Bool

    public init(requireAuth: Bool) { self.requireAuth = requireAuth }

    public func decide(_ credential: Credential, actingOn userId: String) -> Decision {
        switch credential {
        case .valid(let subject): subject == userId ? .allowed : .invalidToken
        case .invalid: .invalidToken
        case .none: requireAuth ? .authRequired : .allowed
        }
    }
}
