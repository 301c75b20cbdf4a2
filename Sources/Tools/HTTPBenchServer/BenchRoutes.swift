import Foundation
import HTTPServer

enum BenchRoutes {
    /// Encodes to exactly the bytes `scripts/bench-http.sh` expects from both servers.
    struct Payload: Encodable {
        let status = "ok"
        let service = "bench"
        let version = "1.0.0"
        let items = [1, 2, 3]
    }

    static func register(on router: inout Router, staticDirectory: String?) {
        router.get("/bench/json") { _ in try .json(Payload()) }
        // The same bytes encoded once at start-up: the transport alone, without Codable.
        let encoded = (try? WireJSONEncoder().encode(Payload())) ?? Data()
        router.get("/bench/bytes") { _ in .json(bytes: encoded) }
        if let staticDirectory {
            router.files("/bench/static", from: StaticFiles(root: staticDirectory))
        }
    }

    /// `--static-dir DIR` is read here (the shared option parser knows only serve options).
    static func staticDirectory() -> String? {
        let arguments = CommandLine.arguments
        guard let index = arguments.firstIndex(of: "--static-dir"), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
}
