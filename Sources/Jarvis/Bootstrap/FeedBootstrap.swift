import Foundation
import Logging

/// First-start and every-start feed registration: the curated default list once per
/// installation (a user who deletes a default feed does not see it come back), and the
/// offline samples whenever they are enabled (their dates are moved to now by `SampleFeedParser`).
public struct FeedBootstrap: Sendable {
    public let feeds: FeedStore
    public let settings: SettingsStore
    private let logger = Logger(label: "jarvis.bootstrap")

    public init(feeds: FeedStore, settings: SettingsStore) {
        self.feeds = feeds
        self.settings = settings
    }

    /// Adds the default feeds unless this installation already did. Returns how many were added.
    @discardableResult
    public func loadDefaultsOnce(_ entries: [FeedCatalogEntry], now: Date) async throws -> Int {
        guard try await settings.value("default_feeds_loaded") == nil else { return 0 }
        var added = 0
        for entry in entries {
            let candidate = NewFeed(
                url: entry.url, name: entry.name, pollIntervalSeconds: 900, topicHint: entry.topicHint,
                authority: entry.authority, region: entry.region)
            guard case .success(let feed) = FeedValidation.validate(candidate, allowPrivateAddresses: false) else {
                logger.warning("default feed skipped: invalid", ["url": entry.url])
                continue
            }
            do {
                _ = try await feeds.create(feed, now: now)
                added += 1
            } catch FeedStore.StoreError.duplicateURL {
                continue
            }
        }
        try await settings.set("default_feeds_loaded", "\(Int(now.timeIntervalSince1970))")
        logger.info("default feeds loaded", ["count": "\(added)"])
        return added
    }

    /// Registers the sample feeds served at `origin/samples/<file>` that are not registered yet.
    @discardableResult
    public func registerSamples(_ entries: [SampleFeedEntry], origin: String, now: Date) async throws -> Int {
        let existing = Set(try await feeds.all().map(\.url))
        var added = 0
        for entry in entries {
            let url = "\(origin)/samples/\(entry.file)"
            let candidate = NewFeed(
                url: url, name: entry.name, pollIntervalSeconds: 300, topicHint: entry.topicHint,
                authority: entry.authority, region: entry.region)
            guard case .success(let feed) = FeedValidation.validate(candidate, allowPrivateAddresses: true),
                !existing.contains(feed.url)
            else { continue }
            _ = try await feeds.create(feed, now: now)
            added += 1
        }
        logger.info(
            "offline sample feeds registered", ["added": "\(added)", "origin": origin])
        return added
    }
}
