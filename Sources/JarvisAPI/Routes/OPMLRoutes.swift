import Foundation
import HTTPServer
import Jarvis

/// `GET /feeds.opml` (the feed list as OPML 2.0) and `POST /feeds/import` (an OPML body: each
/// feed outline added as `POST /feeds` would add it; see `FeedImportDTO`).
struct OPMLRoutes {
    let context: JarvisContext

    /// A subscription list is a few hundred outlines: 1 MiB and 500 feeds bound one import.
    static let maxBodyBytes = 1024 * 1024
    static let maxFeedsPerImport = 500

    func register(on router: inout Router) {
        let context = context
        router.get("/feeds.opml") { _ in
            let feeds = try await context.feeds.all()
            let document = OPMLWriter.document(feeds, title: "Jarvis feeds", now: context.clock())
            return Response(
                status: .ok,
                headers: [
                    "Content-Type": "text/x-opml; charset=utf-8",
                    "Content-Disposition": "attachment; filename=\"jarvis-feeds.opml\"",
                ],
                body: .bytes(document))
        }

        // An import writes feeds: the same admin token and caps as `POST /feeds`.
        let admin: [any Middleware] = [AdminAuthorization(token: context.adminToken)]
        router.post("/feeds/import", body: .buffered(maxBytes: Self.maxBodyBytes), middleware: admin) { request in
            guard !request.body.isEmpty else { throw HTTPError.invalid("Request body is empty; an OPML document is required.") }
            let outlines: [OPMLReader.Outline]
            do {
                outlines = try OPMLReader.read(request.body, maxFeeds: Self.maxFeedsPerImport)
            } catch let error as OPMLReader.ReadError {
                switch error.kind {
                case .notOPML: throw HTTPError.invalid("Request body is not an OPML document (\(error.reason)).")
                case .tooManyOutlines:
                    throw HTTPError(
                        .payloadTooLarge, code: .payloadTooLarge,
                        message: "An import takes at most \(Self.maxFeedsPerImport) feeds.")
                }
            }
            let now = context.clock()
            let entries = try await FeedImport.run(outlines, allowPrivateAddresses: context.allowPrivateFeedAddresses) { feed in
                try await context.feeds.create(feed, now: now, caps: context.feedCaps)
            }
            let added = entries.count { if case .added = $0.outcome { true } else { false } }
            context.logger.info("feeds imported", ["outlines": "\(entries.count)", "added": "\(added)"])
            return try JarvisWire.json(FeedImportDTO(entries))
        }
    }
}
