import Foundation

/// Adds the feeds of an imported subscription list one by one, each through the same
/// `FeedValidation` as `POST /feeds` and its own store transaction, and says for each what
/// happened. A duplicate (already stored, or listed twice) is not an error of the import.
public enum FeedImport {
    public enum Outcome: Sendable, Equatable {
        case added(Feed)
        case duplicate(url: String)
        /// Failed validation (`field`, `message` as `FeedValidation` words them).
        case invalid(field: String, message: String)
        /// The store refused it for another reason (a cap on the feed list).
        case rejected(message: String)
    }

    public struct Entry: Sendable, Equatable {
        /// The URL and name as the outline gave them.
        public var url: String?
        public var name: String?
        public var outcome: Outcome
    }

    /// Polling interval for imported feeds (what the app sends for a feed it adds).
    public static let defaultPollInterval = 900

    /// `create` stores one validated feed (the caller's `FeedStore.create`, with its caps).
    public static func run(
        _ outlines: [OPMLReader.Outline], allowPrivateAddresses: Bool,
        create: (NewFeed) async throws -> Feed
    ) async throws -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(outlines.count)
        for outline in outlines {
            let url = outline.url ?? ""
            // An outline without a name is still a feed: its host stands in (validation wants a name).
            let name = outline.name ?? URLComponents(string: url.trimmingCharacters(in: .whitespaces))?.host ?? ""
            let candidate = NewFeed(url: url, name: name, pollIntervalSeconds: defaultPollInterval)
            let outcome: Outcome
            switch FeedValidation.validate(candidate, allowPrivateAddresses: allowPrivateAddresses) {
            case .failure(.invalid(let field, let message)):
                outcome = .invalid(field: field, message: message)
            case .success(let feed):
                do {
                    outcome = .added(try await create(feed))
                } catch let error as FeedStore.StoreError {
                    if case .duplicateURL(let stored) = error {
                        outcome = .duplicate(url: stored)
                    } else {
                        outcome = .rejected(message: "\(error)")
                    }
                }
            }
            entries.append(Entry(url: outline.url, name: outline.name, outcome: outcome))
        }
        return entries
    }
}
