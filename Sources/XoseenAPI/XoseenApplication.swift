/// # XoseenAPI
///
/// The dating backend's HTTP surface: routes, wire DTOs, the chat socket. Domain logic
/// lives below it.
import Foundation
import HTTPServer

public struct XoseenApplication: Sendable {
    public static let version = "0.1.0"
    public let dataDirectory: String
    let startedAt: Date

    public init(dataDirectory: String, now: Date = Date()) {
        self.dataDirectory = dataDirectory
        self.startedAt = now
    }

    public func router() -> Router {
        var router = Router()
        let startedAt = startedAt
        router.get("/health") { _ in
            try .json(Health(status: "ok", version: XoseenApplication.version,
                             uptime: max(0, Int(Date().timeIntervalSince(startedAt)))))
        }
        return router
    }

    struct Health: Encodable {
        let status: String
        let version: String
        let uptime: Int
    }
}
