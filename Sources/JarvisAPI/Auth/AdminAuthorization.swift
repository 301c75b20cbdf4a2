import Foundation
import HTTPServer

/// Who may change the feed list. With `JARVIS_ADMIN_TOKEN` unset the seed's open contract
/// holds (the app adds and deletes feeds without credentials); with it set, feed writes need
/// `Authorization: Bearer <token>` and anything else is a 401 in the error envelope.
struct AdminAuthorization: Middleware {
    /// The token's bytes, nil when feed writes are open.
    private let token: [UInt8]?

    init(token: String?) {
        self.token = token.flatMap { $0.isEmpty ? nil : Array($0.utf8) }
    }

    var isRequired: Bool { token != nil }

    func handle(_ request: Request, next: Responder) async throws -> Response {
        guard let token else { return try await next(request) }
        guard let header = request.headers["Authorization"], Self.matches(header, token: token) else {
            throw HTTPError(
                .unauthorized, code: .unauthorized, message: "Feed changes need Authorization: Bearer <admin token>.",
                headers: ["WWW-Authenticate": "Bearer realm=\"jarvis-admin\""])
        }
        return try await next(request)
    }

    /// `Bearer <token>` compared in time that depends only on the length of what was sent,
    /// never on how much of it matches (no early exit).
    static func matches(_ header: String, token: [UInt8]) -> Bool {
        let scheme = "bearer "
        guard header.utf8.count > scheme.utf8.count, header.prefix(scheme.count).lowercased() == scheme else { return false }
        let given = Array(header.utf8.dropFirst(scheme.utf8.count))
        var difference = given.count == token.count ? 0 : 1
        for (index, byte) in given.enumerated() {
            difference |= Int(byte ^ token[index % token.count])
        }
        return difference == 0
    }
}
