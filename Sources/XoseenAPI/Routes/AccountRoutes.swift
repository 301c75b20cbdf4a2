import Foundation
import HTTPServer
import Xoseen

/// `DELETE /web/me?userId=ID`: the user deletes their own account. Their token is required whatever
/// `XOSEEN_REQUIRE_AUTH` says (an irreversible act is never open), and must be theirs.
struct AccountRoutes {
    let delete: @Sendable (String) async throws -> [String: Int]

    func register(on router: inout Router) {
        let delete = delete
        router.delete("/web/me") { request in
            guard let userId = request.query["userId"], !userId.isEmpty else {
                throw HTTPError.invalid("userId is required.", field: "userId")
            }
            switch request.attributes[TokenAuthentication.CredentialKey.self] ?? .none {
            case .valid(let subject) where subject == userId: break
            case .none: throw HTTPError.authRequired()
            default: throw HTTPError.invalidToken()
            }
            do {
                return try .json(AccountDeletedAnswer(ok: true, userId: userId, deleted: try await delete(userId)))
            } catch is UserNotFound {
                throw HTTPError.notFound("No such user.")
            }
        }
    }
}
