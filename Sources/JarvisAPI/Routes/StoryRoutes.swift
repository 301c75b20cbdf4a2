import Foundation
import HTTPServer
import Jarvis

/// `GET /stories` (paged by an opaque cursor, filtered by `topic` and `min_signal`) and
/// `GET /stories/{id}` (with its timeline). A merged-away id answers with the story it was
/// merged into, so links the app kept keep working.
struct StoryRoutes {
    let context: JarvisContext

    func register(on router: inout Router) {
        let context = context
        router.get("/stories") { request in
            let limit = try request.query.integer("limit", default: 20, range: 1...100) ?? 20
            let minSignal = try request.query.integer("min_signal", range: 0...100)
            var topic: Topic?
            if let raw = request.query["topic"], !raw.isEmpty {
                guard let parsed = Topic(rawValue: raw.lowercased()) else {
                    throw HTTPError.badRequest("topic must be one of finance, tech, politics, africa.", field: "topic")
                }
                topic = parsed
            }
            var cursor: StoryCursor?
            if let raw = request.query["after"], !raw.isEmpty {
                guard let parsed = StoryCursor(encoded: raw) else {
                    throw HTTPError.badRequest(
                        "The cursor is malformed; pass back nextCursor verbatim.", code: .invalidCursor,
                        field: "after")
                }
                cursor = parsed
            }
            let filter = StoryFilter(topic: topic, minSignal: minSignal)
            let key = StoryPageCache.Key(topic: topic, minSignal: minSignal, limit: limit, after: cursor?.encoded)
            return try await context.storyPages.page(key) {
                try await Self.page(filter, after: cursor, limit: limit, context: context)
            }
        }

        router.get("/stories/{id}") { request in
            let id = try request.parameter("id")
            guard let story = try await context.stories.story(id: id), StoryWireCheck.isEmittable(story) else {
                throw HTTPError.notFound("No story with id \(id).")
            }
            let timeline = try await context.stories.timeline(of: story.id)
            return try JarvisWire.json(StoryDetailDTO(story, timeline: timeline))
        }
    }
}

extension StoryRoutes {
    static func page(_ filter: StoryFilter, after cursor: StoryCursor?, limit: Int, context: JarvisContext) async throws
        -> Response
    {
        let page = try await context.stories.page(filter, after: cursor, limit: limit)
        let total = try await context.storyPages.total(filter) { try await context.stories.count(filter) }
        let emittable = page.stories.filter { story in
            let ok = StoryWireCheck.isEmittable(story)
            if !ok { context.logger.error("story withheld: invalid for the wire", ["story": story.id]) }
            return ok
        }
        let sources = try await context.stories.sources(of: emittable.map(\.id))
        let data = emittable.map { StorySummaryDTO($0, sources: sources[$0.id] ?? []) }
        return try JarvisWire.json(
            PaginatedStoriesDTO(
                data: data, nextCursor: page.next?.encoded, hasMore: page.next != nil,
                total: total))
    }
}

extension ErrorCode {
    static let invalidCursor: ErrorCode = "invalid_cursor"
}
