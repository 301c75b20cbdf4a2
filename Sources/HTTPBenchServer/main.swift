// The Swift side of `make bench-http`: a JSON route encoded with Codable on every request
// and a static directory, served by the same HTTPServer the products use.
import HTTPServer
import Runtime

await ServeCommand.main(product: "bench", defaultPort: 8090, passthrough: ["--static-dir"]) { options in
    var router = Router()
    BenchRoutes.register(on: &router, staticDirectory: BenchRoutes.staticDirectory())
    let server = HTTPServer(router: router, configuration: .init(host: options.host, port: options.port,
                                                                 threadCount: options.threads, accessLogLevel: .debug))
    try await ServiceGroup([Service("http") { try await server.run() }]).run()
}
