import Foundation
import HTTPServer
import Jarvis

/// `GET /feeds`, `POST /feeds`, `DELETE /feeds/{id}`. Writes pass `AdminAuthorization`
/// (open unless `JARVIS_ADMIN_TOKEN` is set) and the feed caps.
struct FeedRoutes {
    let context: JarvisContext

    func register(on router: inout Router) {
        let context = context
        let admin: [any Middleware] = [AdminAuthorization(token: context.adminToken)]
        router.get("/feeds") { _ in
            let feeds = try await context.feeds.all()
            let counts = try await context.feeds.articleCounts(since: context.startOfToday())
            return try JarvisWire.json(FeedListDTO(data: feeds.map { FeedDTO($0, articleCountToday: counts[$0.id] ?? 0) }))
        }

        router.post("/feeds", body: .buffered(maxBytes: 16 * 1024), middleware: admin) { request in
            let body = try request.decode(NewFeedDTO.self)
            let candidate = NewFeed(url: body.url, name: body.name, pollIntervalSeconds: body.pollIntervalSeconds ?? 900)
            let feed: NewFeed
            switch FeedValidation.validate(candidate, allowPrivateAddresses: context.allowPrivateFeedAddresses) {
            case .success(let valid): feed = valid
            case .failure(.invalid(let field, let message)): throw HTTPError.invalid(message, field: field)
            }
            do {
                let stored = try await context.feeds.create(feed, now: context.clock(), caps: context.feedCaps)
                context.logger.info("feed added", ["feed": stored.id, "url": stored.url])
                return try JarvisWire.json(FeedDTO(stored, articleCountToday: 0), status: .created)
            } catch FeedStore.StoreError.duplicateURL(let url) {
                throw HTTPError(.conflict, code: .duplicateFeed, message: "A feed with url \(url) already exists.", field: "url")
            } catch FeedStore.StoreError.tooManyFeeds(let limit) {
                throw HTTPError(.conflict, code: .tooManyFeeds, message: "The feed list is full (at most \(limit) feeds).")
            } catch FeedStore.StoreError.tooManyFeedsForHost(let host, let limit) {
                throw HTTPError(
                    .conflict, code: .tooManyFeedsForHost,
                    message: "\(host) already has \(limit) feeds, the most allowed for one host.", field: "url")
            }
        }

        router.delete("/feeds/{id}", middleware: admin) { request in
            let id = try request.parameter("id")
            guard try await context.feeds.delete(id: id) else { throw HTTPError.notFound("No feed with id \(id).") }
            context.logger.info("feed deleted", ["feed": id])
            return .noContent
        }
    }
}
