import HTTPServer
import Runtime
import XoseenAPI

await ServeCommand.main(product: "xoseen", defaultPort: 8042) { options in
    let application = XoseenApplication(dataDirectory: options.dataDirectory)
    let server = HTTPServer(router: application.router(),
                            configuration: .init(host: options.host, port: options.port, threadCount: options.threads))
    try await ServiceGroup([Service("http") { try await server.run() }]).run()
}
