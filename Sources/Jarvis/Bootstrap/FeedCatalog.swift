import Foundation

/// The curated list of real public feeds loaded on first start (`default-feeds.json`), and
/// the bundled offline samples (`samples/feeds.json`).
public struct FeedCatalogEntry: Decodable, Sendable, Equatable {
    public var name: String
    public var url: String
    public var topicHint: String?
    public var region: String?
    public var authority: Int?
}

public struct SampleFeedEntry: Decodable, Sendable, Equatable {
    public var name: String
    public var file: String
    public var topicHint: String?
    public var region: String?
    public var authority: Int?
}

public enum FeedCatalog {
    /// Accepts a JSON array of entries or an object with a `feeds` array.
    public static func loadDefaults(path: String) throws -> [FeedCatalogEntry] {
        try decodeList(FeedCatalogEntry.self, data: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    public static func loadSamples(directory: String) throws -> [SampleFeedEntry] {
        try decodeList(SampleFeedEntry.self, data: Data(contentsOf: URL(fileURLWithPath: directory + "/feeds.json")))
    }

    /// The samples' declared facts: `anchor` (the instant their dates are written relative
    /// to: shifted to "now" when served) and `literalOrigin` (the origin written into
    /// absolute links inside the files, replaced by the server's own).
    public struct SampleManifest: Decodable, Sendable {
        public var anchor: Date?
        public var literalOrigin: String?
    }

    public static func sampleManifest(directory: String) -> SampleManifest {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let data = FileManager.default.contents(atPath: directory + "/feeds.json"),
            let manifest = try? decoder.decode(SampleManifest.self, from: data)
        else { return SampleManifest() }
        return manifest
    }

    /// The outlets' hosts that have article pages under `samples/pages/` (files `HOST_PATH.html`,
    /// `/` in the path written as `_`): the page service answers their links from there.
    public static func samplePageHosts(directory: String) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/pages")) ?? []
        return Set(names.filter { $0.hasSuffix(".html") }.compactMap { $0.split(separator: "_").first.map(String.init) })
    }

    struct Wrapped<T: Decodable>: Decodable { let feeds: [T] }

    static func decodeList<T: Decodable>(_ type: T.Type, data: Data) throws -> [T] {
        if let list = try? JSONDecoder().decode([T].self, from: data) { return list }
        return try JSONDecoder().decode(Wrapped<T>.self, from: data).feeds
    }

    /// The newest item date in the sample files: the offline samples are shifted by
    /// (now − this) so their newest story is current whenever the server runs.
    public static func newestSampleDate(directory: String, entries: [SampleFeedEntry], now: Date) -> Date? {
        var newest: Date?
        for entry in entries {
            guard let data = FileManager.default.contents(atPath: directory + "/" + entry.file),
                let feed = try? FeedParser.parse(data: data, baseURL: nil, now: now)
            else { continue }
            for item in feed.items where item.hasFeedDate {
                if newest == nil || item.publishedAt > newest! { newest = item.publishedAt }
            }
        }
        return newest
    }
}
