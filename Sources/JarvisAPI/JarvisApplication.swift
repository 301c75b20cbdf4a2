/// # JarvisAPI
///
/// The news backend's HTTP surface: routes, wire DTOs in the exact shape the iOS app's
/// decoders demand, and the live event stream. Domain logic lives below it.
import Foundation
import HTTPServer
import Logging

public struct JarvisApplication: Sendable {
    public static let version = "0.1.0"
    public let dataDirectory: String
    let startedAt: Date

    public init(dataDirectory: String, now: Date = Date()) {
        self.dataDirectory = dataDirectory
        self.startedAt = now
    }

    /// Every Jarvis route.
    public func router() -> Router {
        var router = Router()
        HealthRoutes(application: self).register(on: &router)
        return router
    }
}
