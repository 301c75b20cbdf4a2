import Foundation
import HTTPServer
import Runtime
import XoseenAPI

// Environment (beyond the shared serve options): XOSEEN_REQUIRE_AUTH=1, XOSEEN_TOKEN_TTL_SEC,
// XOSEEN_TOKEN_SECRET (else a secret is generated in the data directory on first start).
await ServeCommand.main(product: "xoseen", defaultPort: 8042) { options in
    let application = try await XoseenApplication(settings: .fromEnvironment(dataDirectory: options.dataDirectory))
    try await application.bootstrap()
    let server = HTTPServer(router: application.router(),
                            configuration: .init(host: options.host, port: options.port, threadCount: options.threads))
    try await ServiceGroup([Service("http") { try await server.run() }]).run()
    await application.database.close()
}
