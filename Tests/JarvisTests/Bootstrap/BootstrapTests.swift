import ClusterTesting
import Foundation
import HTTPServer
import HTTPTesting
import Jarvis
import JarvisAPI
import Testing

/// First start: the default feed list loads once; the offline samples are served by the
/// server to itself, polled through the SSRF guard's one exception, and shifted to "now".
@Suite struct BootstrapTests {
    static func resources() throws -> String {
        let root = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/samples", withIntermediateDirectories: true)
        try Data(
            """
            [{"name": "Wire One", "url": "https://wire.example.org/rss", "topicHint": "finance", "authority": 90},
             {"name": "Broken", "url": "not a url"},
             {"name": "Internal", "url": "http://10.0.0.5/feed"}]
            """.utf8
        ).write(to: URL(fileURLWithPath: root + "/default-feeds.json"))
        try Data(
            """
            {"feeds": [{"name": "Lagos Ledger", "file": "lagos.xml", "topicHint": "africa", "authority": 70}]}
            """.utf8
        ).write(to: URL(fileURLWithPath: root + "/samples/feeds.json"))
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Lagos Ledger</title><link>http://localhost/</link>
            <item><guid>l1</guid><title>Naira steadies after rate decision</title><link>http://localhost/l1</link>
            <description>&lt;p&gt;The naira steadied.&lt;/p&gt;&lt;img src="img/naira.jpg"&gt;</description>
            <pubDate>Sat, 28 Nov 2025 10:00:00 GMT</pubDate></item>
            <item><guid>l2</guid><title>Older item</title><link>http://localhost/l2</link>
            <description>Earlier.</description><pubDate>Fri, 27 Nov 2025 10:00:00 GMT</pubDate></item>
            </channel></rss>
            """.utf8
        ).write(to: URL(fileURLWithPath: root + "/samples/lagos.xml"))
        return root
    }

    @Test func defaultsLoadOnceAndSamplesArePolledShiftedToNow() async throws {
        let resources = try Self.resources()
        let data = temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: resources)
            try? FileManager.default.removeItem(atPath: data)
        }
        let port = try FreePort.pick()
        let origin = "http://127.0.0.1:\(port)"
        let settings = JarvisApplication.Settings(
            dataDirectory: data, resourcesDirectory: resources, loadDefaultFeeds: true,
            sampleFeeds: true, selfOrigin: origin)
        let application = try await JarvisApplication(settings: settings, parser: StandardFeedDocumentParser())
        defer { application.database.closeSync() }
        try await application.bootstrap()
        try await application.bootstrap()  // a restart: nothing doubles

        let feeds = try await application.feeds.all()
        #expect(feeds.map(\.name).sorted() == ["Lagos Ledger", "Wire One"], "invalid and private defaults are skipped")
        let sample = try #require(feeds.first { $0.name == "Lagos Ledger" })
        #expect(sample.url == "\(origin)/samples/lagos.xml")

        // A deleted default feed does not come back on the next start.
        let wire = try #require(feeds.first { $0.name == "Wire One" })
        _ = try await application.feeds.delete(id: wire.id)
        try await application.bootstrap()
        #expect(try await application.feeds.all().count == 1)

        let server = HTTPServer(
            router: application.router(), configuration: LiveServer.testConfiguration { $0.port = UInt16(port) })
        try server.start()
        do {
            try await pollSamples(application, port: port, origin: origin)
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    func pollSamples(_ application: JarvisApplication, port: Int, origin: String) async throws {
        let image = try await HTTPTestClient(port: port).get("/samples/img/naira.jpg")
        #expect(image.status == 200)
        #expect(image.headers["Content-Type"] == "image/png")
        #expect(Array(image.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])

        let reports = await application.poller.pollDueFeeds()
        #expect(reports.first?.inserted == 2, "the sample feed passes the SSRF guard as a trusted origin")
        let newest = try await application.database.read { connection in
            try connection.scalar(Date.self, "SELECT MAX(published_at) FROM articles")
        }
        let age = Date().timeIntervalSince(try #require(newest))
        #expect(abs(age) < 120, "the newest sample item is about now (age \(age) s)")
        let imageURL = try await application.database.read { connection in
            try connection.scalar(String.self, "SELECT image_url FROM articles WHERE guid = 'l1'")
        }
        #expect(imageURL == "\(origin)/samples/img/naira.jpg")
    }
}
