import Foundation
import Jarvis

/// `StorySummary`, `StoryDetail` and their parts, exactly as the app's decoders demand:
/// `sources` is required on list items and absent on the detail, which has `timeline`.
struct ScoreBreakdownDTO: Encodable {
    let sourceAuthority: Int
    let freshness: Int
    let localRelevance: Int
    let crossSourceConfirmation: Int
    let topicImportance: Int

    init(_ score: ScoreBreakdown) {
        sourceAuthority = score.sourceAuthority
        freshness = score.freshness
        localRelevance = score.localRelevance
        crossSourceConfirmation = score.crossSourceConfirmation
        topicImportance = score.topicImportance
    }
}

struct StorySourceDTO: Encodable {
    let id: String
    let name: String
    let url: String
    let publishedAt: Date
    let isBreaking: Bool
}

struct StorySummaryDTO: Encodable {
    let id: String
    let headline: String
    let summary: String
    let topic: String
    let signalScore: Int
    let scoreBreakdown: ScoreBreakdownDTO
    let sourceCount: Int
    let sources: [StorySourceDTO]
    let consensus: String?
    let conflict: String?
    let updatedAt: Date
    let createdAt: Date

    init(_ story: StoryRecord, sources: [StorySourceEntry]) {
        id = story.id
        headline = story.headline
        summary = story.summary
        topic = story.topic.rawValue
        signalScore = story.score.total
        scoreBreakdown = ScoreBreakdownDTO(story.score)
        sourceCount = story.sourceCount
        self.sources = sources.map {
            StorySourceDTO(
                id: $0.articleId, name: $0.name, url: $0.url, publishedAt: $0.publishedAt,
                isBreaking: $0.isBreaking)
        }
        consensus = story.consensus
        conflict = story.conflict
        updatedAt = story.updatedAt
        createdAt = story.createdAt
    }
}

struct PaginatedStoriesDTO: Encodable {
    let data: [StorySummaryDTO]
    let nextCursor: String?
    let hasMore: Bool
    let total: Int
}

struct TimelineEntryDTO: Encodable {
    let articleId: String
    let source: String
    let headline: String
    let publishedAt: Date
    let isBreaking: Bool
}

struct StoryDetailDTO: Encodable {
    let id: String
    let headline: String
    let summary: String
    let topic: String
    let signalScore: Int
    let scoreBreakdown: ScoreBreakdownDTO
    let sourceCount: Int
    let consensus: String?
    let conflict: String?
    let updatedAt: Date
    let createdAt: Date
    let timeline: [TimelineEntryDTO]

    init(_ story: StoryRecord, timeline: [StorySourceEntry]) {
        id = story.id
        headline = story.headline
        summary = story.summary
        topic = story.topic.rawValue
        signalScore = story.score.total
        scoreBreakdown = ScoreBreakdownDTO(story.score)
        sourceCount = story.sourceCount
        consensus = story.consensus
        conflict = story.conflict
        updatedAt = story.updatedAt
        createdAt = story.createdAt
        // `StoryStore.timeline` carries the headline in `url` (one entry type for both lists).
        self.timeline = timeline.map {
            TimelineEntryDTO(
                articleId: $0.articleId, source: $0.name, headline: $0.url,
                publishedAt: $0.publishedAt, isBreaking: $0.isBreaking)
        }
    }
}

/// The app drops a whole page when one element is invalid, so nothing invalid is emitted.
enum StoryWireCheck {
    static func isEmittable(_ story: StoryRecord) -> Bool {
        !story.id.isEmpty && !story.headline.isEmpty && !story.summary.isEmpty && (0...100).contains(story.score.total)
    }
}
