import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import Testing

/// The libcurl fetcher against a real local server: validators, 304, redirects (permanent
/// ones reported), 429/503 with Retry-After, timeouts, size caps, compression, SSRF guard.
@Suite struct FetchTests {
    static let feedBody = Data("<rss version=\"2.0\"><channel><title>T</title></channel></rss>".utf8)

    static func gzip(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(data)
        try input.fileHandleForWriting.close()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return compressed
    }

    static func router() throws -> Router {
        let compressed = try gzip(Data(repeating: UInt8(ascii: "a"), count: 200_000))
        var router = Router()
        router.get("/feed.xml") { request in
            if request.headers["If-None-Match"] == "\"v1\"" { return Response(status: .notModified) }
            return Response(
                status: .ok,
                headers: [
                    "Content-Type": "application/rss+xml", "ETag": "\"v1\"",
                    "Last-Modified": "Sat, 28 Nov 2026 10:00:00 GMT",
                ], body: .bytes(feedBody))
        }
        router.get("/moved") { _ in Response(status: .movedPermanently, headers: ["Location": "/feed.xml"]) }
        router.get("/moved308") { _ in Response(status: HTTPStatus(308), headers: ["Location": "/feed.xml"]) }
        router.get("/temp") { _ in Response(status: .found, headers: ["Location": "/feed.xml"]) }
        router.get("/chain") { _ in Response(status: .movedPermanently, headers: ["Location": "/temp"]) }
        router.get("/loop") { _ in Response(status: .found, headers: ["Location": "/loop"]) }
        router.get("/limited") { _ in Response(status: .tooManyRequests, headers: ["Retry-After": "120"]) }
        router.get("/unavailable") { _ in
            Response(status: .serviceUnavailable, headers: ["Retry-After": "Fri, 31 Dec 2100 23:59:59 GMT"])
        }
        router.get("/gone") { _ in Response(status: .gone) }
        router.get("/broken") { _ in Response(status: .internalServerError) }
        router.get("/slow") { _ in
            try await Task.sleep(for: .seconds(3))
            return Response(status: .ok, body: .bytes(feedBody))
        }
        router.get("/huge") { _ in Response(status: .ok, body: .bytes(Data(count: 2 * 1024 * 1024))) }
        router.get("/bomb") { _ in Response(status: .ok, headers: ["Content-Encoding": "gzip"], body: .bytes(compressed)) }
        return router
    }

    static let local = FetchConfiguration(totalTimeout: .seconds(1), maxBodyBytes: 1024 * 1024, allowPrivateAddresses: true)

    func url(_ server: LiveServer, _ path: String) -> URL { URL(string: "http://127.0.0.1:\(server.port)\(path)")! }

    @Test func fetchThenConditionalGetIs304() async throws {
        try await withLiveServer(try Self.router()) { server in
            let fetcher = CurlFeedFetcher(configuration: Self.local)
            let first = await fetcher.fetch(FetchRequest(url: url(server, "/feed.xml")))
            #expect(
                first
                    == .fetched(
                        body: Self.feedBody, etag: "\"v1\"", lastModified: "Sat, 28 Nov 2026 10:00:00 GMT",
                        movedPermanentlyTo: nil, contentType: "application/rss+xml"))
            let second = await fetcher.fetch(FetchRequest(url: url(server, "/feed.xml"), etag: "\"v1\""))
            #expect(second == .notModified(movedPermanentlyTo: nil))
        }
    }

    @Test func redirectsAreFollowedAndPermanentOnesReported() async throws {
        try await withLiveServer(try Self.router()) { server in
            let fetcher = CurlFeedFetcher(configuration: Self.local)
            guard case .fetched(_, _, _, let moved, _) = await fetcher.fetch(FetchRequest(url: url(server, "/moved"))) else {
                Issue.record("expected a body")
                return
            }
            #expect(moved == url(server, "/feed.xml"))
            guard case .fetched(_, _, _, let moved308, _) = await fetcher.fetch(FetchRequest(url: url(server, "/moved308")))
            else {
                Issue.record("expected a body")
                return
            }
            #expect(moved308 == url(server, "/feed.xml"))
            guard case .fetched(_, _, _, let temporary, _) = await fetcher.fetch(FetchRequest(url: url(server, "/temp"))) else {
                Issue.record("expected a body")
                return
            }
            #expect(temporary == nil)
            guard case .fetched(_, _, _, let chained, _) = await fetcher.fetch(FetchRequest(url: url(server, "/chain"))) else {
                Issue.record("expected a body")
                return
            }
            #expect(chained == url(server, "/temp"), "only the leading permanent hop updates the stored URL")
            #expect(await fetcher.fetch(FetchRequest(url: url(server, "/loop"))) == .failed(.tooManyRedirects))
        }
    }

    @Test func errorStatusesCarryRetryAfter() async throws {
        try await withLiveServer(try Self.router()) { server in
            let fetcher = CurlFeedFetcher(configuration: Self.local)
            #expect(await fetcher.fetch(FetchRequest(url: url(server, "/limited"))) == .httpError(status: 429, retryAfter: 120))
            guard case .httpError(503, let retry?) = await fetcher.fetch(FetchRequest(url: url(server, "/unavailable"))) else {
                Issue.record("expected 503 with Retry-After")
                return
            }
            #expect(retry > 365 * 24 * 3600)
            #expect(await fetcher.fetch(FetchRequest(url: url(server, "/gone"))) == .httpError(status: 410, retryAfter: nil))
            #expect(await fetcher.fetch(FetchRequest(url: url(server, "/broken"))) == .httpError(status: 500, retryAfter: nil))
        }
    }

    @Test func timeoutsAndSizeCaps() async throws {
        try await withLiveServer(try Self.router()) { server in
            let fetcher = CurlFeedFetcher(configuration: Self.local)
            #expect(await fetcher.fetch(FetchRequest(url: url(server, "/slow"))) == .failed(.timedOut))
            #expect(await fetcher.fetch(FetchRequest(url: url(server, "/huge"))) == .failed(.tooLarge(limit: 1024 * 1024)))
            let small = CurlFeedFetcher(configuration: FetchConfiguration(maxBodyBytes: 100_000, allowPrivateAddresses: true))
            #expect(
                await small.fetch(FetchRequest(url: url(server, "/bomb"))) == .failed(.tooLarge(limit: 100_000)),
                "a compressed body is capped after decompression")
            guard case .fetched(let body, _, _, _, _) = await fetcher.fetch(FetchRequest(url: url(server, "/bomb"))) else {
                Issue.record("expected the decompressed body")
                return
            }
            #expect(body.count == 200_000)
        }
    }

    @Test func privateAddressesAreRefusedUnlessAllowed() async throws {
        try await withLiveServer(try Self.router()) { server in
            let guarded = CurlFeedFetcher(configuration: FetchConfiguration(totalTimeout: .seconds(2)))
            #expect(await guarded.fetch(FetchRequest(url: url(server, "/feed.xml"))) == .failed(.blockedAddress("127.0.0.1")))
            let byName = URL(string: "http://localhost:\(server.port)/feed.xml")!
            guard case .failed(.blockedAddress) = await guarded.fetch(FetchRequest(url: byName)) else {
                Issue.record("a name resolving to loopback must be refused too")
                return
            }
            #expect(
                await guarded.fetch(FetchRequest(url: URL(string: "ftp://example.org/feed")!))
                    == .failed(.invalidURL("ftp://example.org/feed")))
            #expect(
                await guarded.fetch(FetchRequest(url: URL(string: "file:///etc/passwd")!))
                    == .failed(.invalidURL("file:///etc/passwd")))
        }
    }

    /// Each internal form as a URL literal goes through the real fetch path: curl's socket
    /// callback must refuse it before connecting (a connection attempt would be a network
    /// error, or worse, reach the address).
    @Test(arguments: [
        "[::127.0.0.1]", "[::ffff:127.0.0.1]", "[::ffff:0:127.0.0.1]", "[64:ff9b::127.0.0.1]",
        "[64:ff9b::169.254.169.254]", "[64:ff9b:1::1]", "[2002:7f00:1::1]", "[2002:a9fe:a9fe::1]",
        "[2001:0:4136:e378:8000:63bf:3fff:fdd2]", "[fec0::1]", "[100::1]", "[fd00::1]", "[fe80::1]",
        "198.51.100.7",
    ])
    func internalAddressFormsAreRefusedBeforeConnecting(_ host: String) async {
        let guarded = CurlFeedFetcher(configuration: FetchConfiguration(connectTimeout: .seconds(2), totalTimeout: .seconds(2)))
        let outcome = await guarded.fetch(FetchRequest(url: URL(string: "http://\(host):9/feed.xml")!))
        guard case .failed(.blockedAddress) = outcome else {
            Issue.record("\(host): expected a refusal before connecting, got \(outcome)")
            return
        }
    }

    /// A proxy named by the environment would be the only address the guard sees (and it
    /// would reach the internal host for us): the fetcher must ignore every proxy variable.
    @Test func proxyEnvironmentIsIgnored() async throws {
        var proxyRouter = Router()
        proxyRouter.get("/{path...}") { _ in Response(status: .ok, body: .bytes(Data("proxied".utf8))) }
        try await withLiveServer(proxyRouter) { proxy in
            try await withLiveServer(try Self.router()) { server in
                let variables = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"]
                let saved = variables.map { ($0, ProcessInfo.processInfo.environment[$0]) }
                for name in variables { setenv(name, "http://127.0.0.1:\(proxy.port)", 1) }
                unsetenv("NO_PROXY")
                unsetenv("no_proxy")
                defer {
                    for (name, value) in saved {
                        if let value { setenv(name, value, 1) } else { unsetenv(name) }
                    }
                }
                let fetcher = CurlFeedFetcher(configuration: Self.local)
                let outcome = await fetcher.fetch(FetchRequest(url: url(server, "/feed.xml")))
                guard case .fetched(let body, _, _, _, _) = outcome else {
                    Issue.record("expected the feed itself, got \(outcome)")
                    return
                }
                #expect(body == Self.feedBody, "the request went through the environment's proxy")
            }
        }
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("10.1.2.3", true), ("172.16.0.1", true), ("172.31.255.255", true), ("172.32.0.1", false),
        ("192.168.1.1", true), ("169.254.169.254", true), ("100.64.0.1", true), ("0.0.0.0", true), ("224.0.0.1", true),
        ("255.255.255.255", true), ("8.8.8.8", false), ("93.184.216.34", false), ("::1", true), ("::", true),
        ("fe80::1", true), ("fd00::1", true), ("::ffff:127.0.0.1", true), ("::ffff:8.8.8.8", false),
        ("2606:4700:4700::1111", false), ("[::1]", true),
        // Forms that embed or stand for an internal IPv4 address, and IPv6 ranges that are not public.
        ("::127.0.0.1", true), ("::8.8.8.8", true), ("::ffff:10.0.0.1", true), ("::ffff:0:127.0.0.1", true),
        ("::ffff:0:8.8.8.8", false), ("64:ff9b::127.0.0.1", true), ("64:ff9b::a9fe:a9fe", true), ("64:ff9b::8.8.8.8", false),
        ("64:ff9b:1::8.8.8.8", true), ("2002:7f00:1::", true), ("2002:a9fe:a9fe::1", true), ("2002:808:808::1", false),
        ("2001::1", true), ("2001:0:4136:e378:8000:63bf:3fff:fdd2", true), ("2001:db8::1", true),
        ("fec0::1", true), ("feff::1", true), ("100::1", true), ("100::ffff:1", true), ("100:0:0:1::1", false),
        ("3fff::1", true), ("5f00::1", true), ("198.51.100.7", true), ("203.0.113.9", true), ("192.0.2.1", true),
        ("192.88.99.1", true), ("2a00:1450:4001::200e", false),
        // The resolver's legacy IPv4 forms: the address each stands for; names stay names.
        ("127.1", true), ("0x7f000001", true), ("2130706433", true), ("0", true), ("0177.0.0.1", true),
        ("10.1", true), ("134744072", false), ("0x08080808", false), ("example.org", nil), ("cafe", nil),
        ("1.example", nil),
    ])
    func addressClassification(_ address: String, _ isInternal: Bool?) {
        #expect(AddressPolicy.isInternal(address: address) == isInternal, "\(address)")
    }
}
