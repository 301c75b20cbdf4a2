import HTTPServer
import Xoseen

/// `POST /web/logout-all` `{"viewerId": …}` with that user's own token (required in every mode):
/// bumps the user's token version, so every token issued so far — on every device — fails with
/// `invalid_token` from now on, and answers a fresh token for the device that asked.
struct SessionRoutes {
    let context: XoseenContext

    func register(on router: inout Router) {
        let context = context
        router.post("/web/logout-all", body: .buffered(maxBytes: 4 * 1024)) { request in
            let body = try request.decode(ViewerBody.self)
            try context.authorizer.authorizeOverwrite(request, of: body.viewerId)
            let version = try await context.tokenVersions.bump(body.viewerId, at: context.clock())
            return try .json(
                LogoutAnswer(
                    ok: true, viewerId: body.viewerId,
                    token: context.signer.issue(for: body.viewerId, version: version)))
        }
    }
}
