// The Swift side of `make bench-http`: a JSON route encoded with Codable on every request
// and a static directory, served by the same HTTPServer the products use.
import Foundation
import HTTPServer
import Runtime

await ServeCommand.main(product: "bench", defaultPort: 8090, passthrough: ["--static-dir"]) { options in
    var router = Router()
    BenchRoutes.register(on: &router, staticDirectory: BenchRoutes.staticDirectory())
    // The access-log line at info, as both products write it; BENCH_ACCESS_LOG=off logs it at debug (not
    // written), so bench-http can price it.
    let accessLog: LogLevelSetting = ProcessInfo.processInfo.environment["BENCH_ACCESS_LOG"] == "off" ? .debug : .info
    var configuration = ServerConfiguration(
        host: options.host, port: options.port, threadCount: options.threads, accessLogLevel: accessLog)
    // BENCH_NO_METRICS=1: per-route request figures off, so bench-http can price them.
    configuration.recordsRequestMetrics = ProcessInfo.processInfo.environment["BENCH_NO_METRICS"] != "1"
    let server = HTTPServer(router: router, configuration: configuration.serving(options))
    try await ServiceGroup([Service("http") { try await server.run() }]).run()
}
