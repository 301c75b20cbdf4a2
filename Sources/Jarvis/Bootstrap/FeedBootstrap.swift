import Foundation
import Logging

/// First-start and every-start feed registration: the curated default list once per
/// installation (a user who deletes a default feed does not see it come back), and the
/// offline samples whenever they are enabled, with their time shift refreshed.
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

    /// Registers (or refreshes) the sample feeds served at `origin/samples/<file>`.
    @discardableResult
    public func registerSamples(_ entries: [SampleFeedEntry], origin: String, shiftSeconds: Int, now: Date) async throws -> Int {
        let existing = Dictionary(uniqueKeysWithValues: try await feeds.all().map { ($0.url, $0) })
        var added = 0
        for entry in entries {
            let url = "\(origin)/samples/\(entry.file)"
            let candidate = NewFeed(
                url: url, name: entry.name, pollIntervalSeconds: 300, topicHint: entry.topicHint,
                authority: entry.authority, region: entry.region, timeShiftSeconds: shiftSeconds)
            guard case .success(let feed) = FeedValidation.validate(candidate, allowPrivateAddresses: true) else { continue }
            if var current = existing[feed.url] {
                current.timeShiftSeconds = shiftSeconds
                try await feeds.saveTimeShift(current)
                continue
            }
            _ = try await feeds.create(feed, now: now)
            added += 1
        }
        logger.info(
            "offline sample feeds registered", ["added": "\(added)", "origin": origin, "shiftSeconds": "\(shiftSeconds)"])
        return added
    }
}
