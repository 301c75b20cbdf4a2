import Foundation

/// What the poller asks for: a feed URL with the validators of the last good fetch.
public struct FetchRequest: Sendable, Equatable {
    public var url: URL
    public var etag: String?
    public var lastModified: String?
    /// Lets this one request reach a private address on its own origin (the server's own
    /// offline samples), whatever the fetcher's configuration says; redirects to another origin
    /// are judged by the configuration.
    public var allowPrivateAddresses: Bool

    public init(url: URL, etag: String? = nil, lastModified: String? = nil, allowPrivateAddresses: Bool = false) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.allowPrivateAddresses = allowPrivateAddresses
    }
}

/// The result of one conditional GET, redirects followed.
public enum FetchOutcome: Sendable, Equatable {
    /// 200: the body (decompressed), the new validators, the URL to store when every
    /// redirect on the way was permanent (301/308), and the `Content-Type` header (its charset
    /// is a clue to the body's encoding for the parser).
    case fetched(body: Data, etag: String?, lastModified: String?, movedPermanentlyTo: URL?, contentType: String? = nil)
    /// 304: nothing new since the validators we sent. Still a success.
    case notModified(movedPermanentlyTo: URL?)
    /// Any other final status; `retryAfter` from a 429/503 `Retry-After` (seconds).
    case httpError(status: Int, retryAfter: TimeInterval?)
    case failed(FetchFailure)
}

public enum FetchFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidURL(String)
    /// The address resolved to a private, loopback or link-local range (SSRF guard).
    case blockedAddress(String)
    case timedOut
    case tooLarge(limit: Int)
    case tooManyRedirects
    case network(String)

    public var description: String {
        switch self {
        case .invalidURL(let url): "invalid URL \(url)"
        case .blockedAddress(let address): "refused address \(address) (private, loopback or link-local)"
        case .timedOut: "timed out"
        case .tooLarge(let limit): "body larger than \(limit) bytes"
        case .tooManyRedirects: "too many redirects"
        case .network(let message): message
        }
    }
}

/// Fetches feed documents. The poller depends on this protocol so tests can script outcomes.
public protocol FeedFetching: Sendable {
    func fetch(_ request: FetchRequest) async -> FetchOutcome
}

public struct FetchConfiguration: Sendable {
    public var connectTimeout: Duration
    public var totalTimeout: Duration
    public var maxBodyBytes: Int
    public var maxRedirects: Int
    public var userAgent: String
    /// The `Accept` header: feed types for the poller, HTML for the page service.
    public var accept: String
    /// Off in production: feed URLs may not reach private networks. Tests and the bundled
    /// offline samples (served by the server to itself) turn it on.
    public var allowPrivateAddresses: Bool

    public init(
        connectTimeout: Duration = .seconds(10), totalTimeout: Duration = .seconds(30),
        maxBodyBytes: Int = 10 * 1024 * 1024, maxRedirects: Int = 5,
        userAgent: String = "JarvisFeedPoller/0.1 (+https://github.com/jarvis-news)", allowPrivateAddresses: Bool = false,
        accept: String = FetchConfiguration.feedAccept
    ) {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
        self.userAgent = userAgent
        self.allowPrivateAddresses = allowPrivateAddresses
        self.accept = accept
    }

    public static let feedAccept = "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5"
}
