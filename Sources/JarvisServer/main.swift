import Foundation
import HTTPServer
import Jarvis
import JarvisAPI
import Runtime

await ServeCommand.main(product: "jarvis", defaultPort: 8080) { options in
    let environment = ProcessInfo.processInfo.environment
    var settings = JarvisApplication.Settings(dataDirectory: options.dataDirectory,
                                              allowPrivateFeedAddresses: environment["JARVIS_ALLOW_PRIVATE_FEEDS"] == "1")
    settings.fetch.allowPrivateAddresses = settings.allowPrivateFeedAddresses
    let application = try await JarvisApplication(settings: settings, parser: StandardFeedDocumentParser())
    let server = HTTPServer(router: application.router(),
                            configuration: .init(host: options.host, port: options.port, threadCount: options.threads))
    try await ServiceGroup([
        Service("http") { try await server.run() },
        Service("poller") { await application.poller.run() },
    ]).run()
    await application.database.close()
}
