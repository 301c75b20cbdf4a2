import Foundation
import HTTPServer
import Xoseen

/// Reads the credential a request carries — `Authorization: Bearer <token>` over HTTP,
/// `?token=` on WebSockets — and leaves it in the request's attributes. It decides nothing:
/// `Request.authorize(actingOn:)` applies the policy once the acted-on user is known.
struct TokenAuthentication: Middleware {
    let signer: TokenSigner

    struct CredentialKey: RequestAttributeKey { typealias Value = AuthPolicy.Credential }

    func handle(_ request: Request, next: Responder) async throws -> Response {
        var request = request
        request.attributes[CredentialKey.self] = credential(of: request)
        return try await next(request)
    }

    func credential(of request: Request) -> AuthPolicy.Credential {
        var token: String?
        if let header = request.headers["Authorization"] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else { return .invalid }
            token = String(parts[1]).trimmingCharacters(in: .whitespaces)
        } else if let query = request.query["token"], !query.isEmpty {
            token = query
        }
        guard let token else { return .none }
        switch signer.verify(token) {
        case .success(let subject): return .valid(subject: subject)
        case .failure: return .invalid
        }
    }
}

/// The one place the auth policy is enforced for user-scoped routes.
struct Authorizer: Sendable {
    let policy: AuthPolicy

    func authorize(_ request: Request, actingOn userId: String) throws(HTTPError) {
        let credential = request.attributes[TokenAuthentication.CredentialKey.self] ?? .none
        switch policy.decide(credential, actingOn: userId) {
        case .allowed: return
        case .invalidToken: throw HTTPError.invalidToken()
        case .authRequired: throw HTTPError.authRequired()
        }
    }

    /// Overwriting a profile needs that user's own token, demo mode included (no takeover by id reuse).
    func authorizeOverwrite(_ request: Request, of userId: String) throws(HTTPError) {
        switch request.attributes[TokenAuthentication.CredentialKey.self] ?? .none {
        case .valid(let subject) where subject == userId: return
        case .none: throw HTTPError.authRequired()
        default: throw HTTPError.invalidToken()
        }
    }

    /// Sign-up: no token exists yet, but one that is sent must still be this user's.
    func authorizeSignup(_ request: Request, of userId: String) throws(HTTPError) {
        switch request.attributes[TokenAuthentication.CredentialKey.self] ?? .none {
        case .none: return
        case .valid(let subject) where subject == userId: return
        default: throw HTTPError.invalidToken()
        }
    }
}
