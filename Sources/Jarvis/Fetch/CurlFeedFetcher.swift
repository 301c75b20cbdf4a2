import CCurl
import Foundation
import Logging
import Synchronization

/// Feed fetching on libcurl: conditional GET (`If-None-Match` / `If-Modified-Since`), any
/// compression curl supports, redirects followed by hand (so a permanent one can update the
/// stored URL and every hop passes the address check), connect and total timeouts, a body
/// cap enforced while decompressing (a gzip bomb stops at the cap), and `Retry-After`.
///
/// Each transfer is a blocking `curl_easy_perform` on a dispatch worker, never on Swift's
/// cooperative pool; the poller bounds how many run at once.
public struct CurlFeedFetcher: FeedFetching {
    public let configuration: FetchConfiguration
    private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    public init(configuration: FetchConfiguration = .init()) {
        self.configuration = configuration
        _ = Self.globalInit
    }

    public func fetch(_ request: FetchRequest) async -> FetchOutcome {
        let configuration = configuration
        let cancelled = CancellationFlag()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .utility).async {
                    continuation.resume(
                        returning: Self.fetchBlocking(request, configuration: configuration, cancelled: cancelled))
                }
            }
        } onCancel: {
            cancelled.set()
        }
    }

    static func fetchBlocking(
        _ request: FetchRequest, configuration base: FetchConfiguration,
        cancelled: CancellationFlag = CancellationFlag()
    ) -> FetchOutcome {
        var configuration = base
        var url = request.url
        // A trusted request (the server's own samples) may reach its own private origin, and only
        // that: a redirect elsewhere is judged like any other address.
        let trustedOrigin = request.allowPrivateAddresses ? FeedPoller.origin(of: request.url) : nil
        var leadingPermanent = true
        var movedTo: URL?
        for _ in 0...configuration.maxRedirects {
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
                return .failed(.invalidURL(url.absoluteString))
            }
            configuration.allowPrivateAddresses = base.allowPrivateAddresses || trustedOrigin == FeedPoller.origin(of: url)
            let response: CurlTransfer.Response
            switch CurlTransfer.perform(
                url: url, etag: request.etag, lastModified: request.lastModified,
                configuration: configuration, cancelled: cancelled)
            {
            case .success(let value): response = value
            case .failure(let failure): return .failed(failure)
            }
            switch response.status {
            case 301, 302, 303, 307, 308:
                guard let location = response.redirectURL.flatMap({ URL(string: $0) }) else {
                    return .httpError(status: response.status, retryAfter: nil)
                }
                if leadingPermanent {
                    if response.status == 301 || response.status == 308 { movedTo = location } else { leadingPermanent = false }
                }
                url = location
            case 304:
                return .notModified(movedPermanentlyTo: movedTo)
            case 200..<300:
                return .fetched(
                    body: response.body, etag: response.header("etag"),
                    lastModified: response.header("last-modified"), movedPermanentlyTo: movedTo,
                    contentType: response.header("content-type"))
            default:
                let retryAfter = response.header("retry-after").flatMap { RetryAfter.seconds(from: $0) }
                return .httpError(status: response.status, retryAfter: retryAfter)
            }
        }
        return .failed(.tooManyRedirects)
    }
}

/// Set when the fetching task is cancelled; the transfer's progress callback aborts on it.
final class CancellationFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .relaxed) }
    var isSet: Bool { value.load(ordering: .relaxed) }
}

/// `Retry-After`: delta-seconds or an HTTP date.
enum RetryAfter {
    static func seconds(from value: String, now: Date = Date()) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return TimeInterval(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
