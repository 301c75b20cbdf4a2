import Foundation
import HTTPServer
import Xoseen

/// Reads the credential a request carries and leaves it in the request's attributes. It decides
/// nothing: ``Authorizer`` applies the policy once the acted-on user is known.
///
/// Transports, as the seed defines them: `Authorization: Bearer <token>` over HTTP; `?token=`
/// only on a WebSocket upgrade (browsers cannot set headers there). A `?token=` on any other
/// request is ignored — it would sit in access logs and proxies' histories — so such a request
/// counts as carrying no token. A token must verify against its subject's current token version
/// (``TokenVersions``): a revoked one is `invalid`.
struct TokenAuthentication: Middleware {
    let signer: TokenSigner
    let versions: TokenVersions

    struct CredentialKey: RequestAttributeKey { typealias Value = AuthPolicy.Credential }

    func handle(_ request: Request, next: Responder) async throws -> Response {
        var request = request
        request.attributes[CredentialKey.self] = credential(of: request)
        return try await next(request)
    }

    static func isWebSocketUpgrade(_ request: Request) -> Bool {
        request.method == .get && request.headers["Upgrade"]?.lowercased() == "websocket"
    }

    func credential(of request: Request) -> AuthPolicy.Credential {
        var token: String?
        if let header = request.headers["Authorization"] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else { return .invalid }
            token = String(parts[1]).trimmingCharacters(in: .whitespaces)
        } else if Self.isWebSocketUpgrade(request), let query = request.query["token"], !query.isEmpty {
            token = query
        }
        guard let token else { return .none }
        switch signer.verify(token, version: versions.version(of:)) {
        case .success(let subject): return .valid(subject: subject)
        case .failure: return .invalid
        }
    }
}

/// The one place the auth policy is applied to routes. Every route that acts on a user id
/// (`viewerId`, `user`) calls ``authorize(_:actingOn:)`` with it before touching the user's
/// data — reads included (`/ml/rank`, `/ml/explain`, `/web/suggestions`, `/web/reply-suggest`,
/// `/web/blind/*`) as well as writes; the per-route table is in `docs/xoseen-privacy.md`.
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
    /// So does revoking the user's tokens.
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
