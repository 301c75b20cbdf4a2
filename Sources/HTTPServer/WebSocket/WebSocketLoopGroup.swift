import Metrics
import Synchronization

/// The server's WebSocket loops. Each upgraded socket is handed to one of them in turn and
/// stays there; with more than one, a socket that keeps its loop busy slows only its share
/// of the others (each loop also bounds the work it does per socket per turn).
final class WebSocketLoopGroup: Sendable {
    let loops: [WebSocketLoop]
    /// Sockets upgraded and messages each way, for `/metrics`.
    let statistics = WebSocketStatistics()
    private let next = Atomic<Int>(0)

    init(hub: WebSocketHub, count: Int) {
        let statistics = statistics
        loops = (0..<max(1, count)).map { _ in WebSocketLoop(hub: hub, statistics: statistics) }
    }

    func start() {
        for loop in loops { loop.start() }
    }

    func adopt(socket: Int32, handle: OpaquePointer, extraInput: [UInt8], request: Request, upgrade: WebSocketUpgrade) {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue % loops.count
        loops[index].adopt(socket: socket, handle: handle, extraInput: extraInput, request: request, upgrade: upgrade)
    }

    var liveConnections: Int { loops.reduce(0) { $0 + $1.liveConnections } }

    func shutdown(code: WebSocketCloseCode, reason: String, timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            for loop in loops {
                group.addTask { await loop.shutdown(code: code, reason: reason, timeout: timeout) }
            }
        }
    }
}
