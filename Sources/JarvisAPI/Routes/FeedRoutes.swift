import Foundation
import HTTPServer
import Jarvis

/// `GET /feeds`, `POST /feeds`, `DELETE /feeds/{id}`.
struct FeedRoutes {
    let context: JarvisContext

    func register(on router: inout Router) {
        let context = context
        router.get("/feeds") { _ in
            let feeds = try await context.feeds.all()
            let counts = try await context.feeds.articleCounts(since: context.startOfToday())
            return try JarvisWire.json(FeedListDTO(data: feeds.map { FeedDTO($0, articleCountToday: counts[$0.id] ?? 0) }))
        }

        router.post("/feeds", body: .buffered(maxBytes: 16 * 1024)) { request in
            let body = try request.decode(NewFeedDTO.self)
            let candidate = NewFeed(url: body.url, name: body.name, pollIntervalSeconds: body.pollIntervalSeconds ?? 900)
            let feed: NewFeed
            switch FeedValidation.validate(candidate, allowPrivateAddresses: context.allowPrivateFeedAddresses) {
            case .success(let valid): feed = valid
            case .failure(.invalid(let field, let message)): throw HTTPError.invalid(message, field: field)
            }
            do {
                let stored = try await context.feeds.create(feed, now: context.clock())
                context.logger.info("feed added", ["feed": stored.id, "url": stored.url])
                return try JarvisWire.json(FeedDTO(stored, articleCountToday: 0), status: .created)
            } catch FeedStore.StoreError.duplicateURL(let url) {
                throw HTTPError(.conflict, code: .duplicateFeed, message: "A feed with url \(url) already exists.", field: "url")
            }
        }

        router.delete("/feeds/{id}") { request in
            let id = try request.parameter("id")
            guard try await context.feeds.delete(id: id) else { throw HTTPError.notFound("No feed with id \(id).") }
            context.logger.info("feed deleted", ["feed": id])
            return .noContent
        }
    }
}
