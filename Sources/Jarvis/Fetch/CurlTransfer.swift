import CCurl
import Foundation

/// One HTTP exchange through a curl easy handle, without following redirects. The C
/// callbacks reach the transfer's state through curl's `void *` user data; nothing here
/// escapes the call.
final class CurlTransfer {
    struct Response {
        var status: Int
        var headers: [(String, String)]
        var body: Data
        var redirectURL: String?

        func header(_ name: String) -> String? {
            headers.last(where: { $0.0 == name })?.1
        }
    }

    private var body = Data()
    private var headers: [(String, String)] = []
    private let limit: Int
    private let allowPrivate: Bool
    private var overflowed = false
    private var blockedAddress: String?

    private let cancelled: CancellationFlag

    private init(limit: Int, allowPrivate: Bool, cancelled: CancellationFlag) {
        self.limit = limit
        self.allowPrivate = allowPrivate
        self.cancelled = cancelled
    }

    static func perform(
        url: URL, etag: String?, lastModified: String?, configuration: FetchConfiguration,
        cancelled: CancellationFlag
    ) -> Result<Response, FetchFailure> {
        guard let handle = curl_easy_init() else { return .failure(.network("curl_easy_init failed")) }
        defer { curl_easy_cleanup(handle) }
        let transfer = CurlTransfer(
            limit: configuration.maxBodyBytes, allowPrivate: configuration.allowPrivateAddresses,
            cancelled: cancelled)
        let context = Unmanaged.passUnretained(transfer).toOpaque()

        var requestHeaders: UnsafeMutablePointer<curl_slist>?
        if let etag { requestHeaders = curl_slist_append(requestHeaders, "If-None-Match: \(etag)") }
        if let lastModified { requestHeaders = curl_slist_append(requestHeaders, "If-Modified-Since: \(lastModified)") }
        requestHeaders = curl_slist_append(requestHeaders, "Accept: \(configuration.accept)")
        defer { curl_slist_free_all(requestHeaders) }

        _ = ccurl_set_string(handle, CURLOPT_URL, url.absoluteString)
        _ = ccurl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = ccurl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        _ = ccurl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = ccurl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        // Never through a proxy named by the environment (http_proxy, HTTPS_PROXY, ALL_PROXY):
        // the address guard below would then judge only the proxy, and the proxy would reach
        // whatever internal host the feed URL names. An empty string turns proxies off.
        _ = ccurl_set_string(handle, CURLOPT_PROXY, "")
        _ = ccurl_set_string(handle, CURLOPT_USERAGENT, configuration.userAgent)
        _ = ccurl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(configuration.connectTimeout))
        _ = ccurl_set_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(configuration.totalTimeout))
        _ = ccurl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(configuration.maxBodyBytes))
        _ = ccurl_set_slist(handle, CURLOPT_HTTPHEADER, requestHeaders)
        _ = ccurl_set_write_function(handle, Self.writeBody)
        _ = ccurl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = ccurl_set_header_function(handle, Self.writeHeader)
        _ = ccurl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        _ = ccurl_set_opensocket_function(handle, Self.openSocket)
        _ = ccurl_set_pointer(handle, CURLOPT_OPENSOCKETDATA, context)
        _ = ccurl_set_xferinfo_function(handle, Self.progress)
        _ = ccurl_set_pointer(handle, CURLOPT_XFERINFODATA, context)
        _ = ccurl_set_long(handle, CURLOPT_NOPROGRESS, 0)

        let code = withExtendedLifetime(transfer) { curl_easy_perform(handle) }
        if let blocked = transfer.blockedAddress { return .failure(.blockedAddress(blocked)) }
        if transfer.overflowed || code == CURLE_FILESIZE_EXCEEDED {
            return .failure(.tooLarge(limit: configuration.maxBodyBytes))
        }
        switch code {
        case CURLE_OK: break
        case CURLE_OPERATION_TIMEDOUT: return .failure(.timedOut)
        case CURLE_ABORTED_BY_CALLBACK: return .failure(.network("cancelled"))
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL: return .failure(.invalidURL(url.absoluteString))
        default: return .failure(.network(String(cString: curl_easy_strerror(code))))
        }
        var status = 0
        _ = ccurl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var redirect: UnsafeMutablePointer<CChar>?
        _ = ccurl_get_string(handle, CURLINFO_REDIRECT_URL, &redirect)
        return .success(
            Response(
                status: status, headers: transfer.headers, body: transfer.body,
                redirectURL: redirect.map { String(cString: $0) }))
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    private static func transfer(_ pointer: UnsafeMutableRawPointer?) -> CurlTransfer {
        Unmanaged<CurlTransfer>.fromOpaque(pointer!).takeUnretainedValue()
    }

    private static let writeBody: curl_write_callback = { data, size, count, user in
        let transfer = CurlTransfer.transfer(user)
        let length = size * count
        guard transfer.body.count + length <= transfer.limit else {
            transfer.overflowed = true
            return 0  // curl aborts with CURLE_WRITE_ERROR
        }
        if let data { data.withMemoryRebound(to: UInt8.self, capacity: length) { transfer.body.append($0, count: length) } }
        return length
    }

    /// Aborts the transfer when the fetching task was cancelled (shutdown).
    private static let progress: curl_xferinfo_callback = { user, _, _, _, _ in
        CurlTransfer.transfer(user).cancelled.isSet ? 1 : 0
    }

    private static let writeHeader: curl_write_callback = { data, size, count, user in
        let transfer = CurlTransfer.transfer(user)
        let length = size * count
        guard let data else { return length }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        if line.hasPrefix("HTTP/") { transfer.headers.removeAll() }  // a new response (e.g. after 100)
        if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            transfer.headers.append((name, value))
        }
        return length
    }

    /// Refuses to connect to internal addresses unless allowed; returning a bad socket makes
    /// curl fail the transfer before any byte is sent.
    private static let openSocket: curl_opensocket_callback = { user, _, address in
        let transfer = CurlTransfer.transfer(user)
        guard let address else { return ccurl_socket_bad() }
        let family = address.pointee.family
        if !transfer.allowPrivate {
            var text = "?"
            var isInternal = true
            // Read the address where curl keeps it: `curl_sockaddr.addr` is declared as a 16-byte
            // `sockaddr` but holds a whole `sockaddr_in6` (28 bytes); a Swift copy of the field
            // would cut the IPv6 address in half.
            let offset = MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr)!
            let bytes = (UnsafeRawPointer(address) + offset).assumingMemoryBound(to: UInt8.self)
            if family == AF_INET {
                let b = (bytes[4], bytes[5], bytes[6], bytes[7])
                text = "\(b.0).\(b.1).\(b.2).\(b.3)"
                isInternal = AddressPolicy.isInternal(ipv4: b)
            } else if family == AF_INET6 {
                let b = Array(UnsafeBufferPointer(start: bytes + 8, count: 16))
                text = AddressPolicy.describe(ipv6: b)
                isInternal = AddressPolicy.isInternal(ipv6: b)
            }
            if isInternal {
                transfer.blockedAddress = text
                return ccurl_socket_bad()
            }
        }
        return socket(family, address.pointee.socktype, address.pointee.protocol)
    }
}
