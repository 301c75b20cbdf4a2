import Foundation
import HTTPServer
import Jarvis

/// `POST /feeds/import` answer: one result per feed outline, in document order, and the counts.
/// `result` is `added` (with the stored `feed`), `duplicate` or `invalid`/`rejected` (with an
/// `error` shaped like the envelope's: the code `POST /feeds` would have answered with).
struct FeedImportDTO: Encodable {
    struct ErrorDTO: Encodable {
        let code: String
        let message: String
        let field: String?
    }

    struct ResultDTO: Encodable {
        let url: String?
        let name: String?
        let result: String
        let feed: FeedDTO?
        let error: ErrorDTO?
    }

    let data: [ResultDTO]
    let added: Int
    let duplicates: Int
    let invalid: Int

    init(_ entries: [FeedImport.Entry]) {
        data = entries.map { entry in
            switch entry.outcome {
            case .added(let feed):
                ResultDTO(
                    url: entry.url, name: entry.name, result: "added", feed: FeedDTO(feed, articleCountToday: 0), error: nil)
            case .duplicate(let url):
                ResultDTO(
                    url: entry.url, name: entry.name, result: "duplicate", feed: nil,
                    error: ErrorDTO(
                        code: ErrorCode.duplicateFeed.rawValue, message: "A feed with url \(url) already exists.",
                        field: "url"))
            case .invalid(let field, let message):
                ResultDTO(
                    url: entry.url, name: entry.name, result: "invalid", feed: nil,
                    error: ErrorDTO(code: ErrorCode.invalidRequest.rawValue, message: message, field: field))
            case .rejected(let message):
                ResultDTO(
                    url: entry.url, name: entry.name, result: "rejected", feed: nil,
                    error: ErrorDTO(code: ErrorCode.conflict.rawValue, message: message, field: nil))
            }
        }
        added = data.count { $0.result == "added" }
        duplicates = data.count { $0.result == "duplicate" }
        invalid = data.count { $0.result == "invalid" || $0.result == "rejected" }
    }
}
