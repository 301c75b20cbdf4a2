import HTTPServer
import JarvisAPI
import Runtime

await ServeCommand.main(product: "jarvis", defaultPort: 8080) { options in
    let application = JarvisApplication(dataDirectory: options.dataDirectory)
    let server = HTTPServer(router: application.router(),
                            configuration: .init(host: options.host, port: options.port, threadCount: options.threads))
    try await ServiceGroup([Service("http") { try await server.run() }]).run()
}
