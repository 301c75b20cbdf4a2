import Foundation
import HTTPTesting
import SQLStore
import Xoseen

// `make bench-chat` and `make bench-cluster`, in two steps around real `xoseen` servers:
//   chat-bench prepare DATA_DIR PAIRS      users and matches for PAIRS chat rooms, in the store
//                                          (DATABASE_URL when set, as the server reads it; else DATA_DIR's SQLite)
//   chat-bench run PORT[,PORT…] PAIRS SECONDS [LABEL]
//                                          2·PAIRS sockets, dealt over the ports in turn (with two
//                                          instances each room's users sit on different ones);
//                                          closed loop per room; prints figures
// Each room's two users take turns: one sends, and when its own echo returns it sends again,
// so every socket stays busy and the figure is what the server sustains. Latency is from send
// to arrival at the peer (same process clock). Every message passes the safety scanner.
// CHAT_BENCH_CPU=NAME=PID,… (see CPUAccount) adds the CPU time those processes spent per delivered message.

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(
        Data("usage: chat-bench prepare DATA_DIR PAIRS | run PORT[,PORT…] PAIRS SECONDS [LABEL]\n".utf8))
    exit(2)
}

func user(_ i: Int) -> String { String(format: "usr_bench%05d", i) }

switch arguments[1] {
case "prepare":
    let database = try DatabaseConfiguration.forProduct(
        name: "xoseen", dataDirectory: arguments[2], databaseURL: ProcessInfo.processInfo.environment["DATABASE_URL"]
    ).openSync(migrations: XoseenSchema.migrations)
    let pairs = Int(arguments[3]) ?? 500
    let now = Date()
    try database.writeSync { connection in
        for i in 0..<(2 * pairs) {
            try connection.execute(
                """
                INSERT INTO users (id, display_name, age_displayed, trust_score, intent, interests, city_area, age_min, age_max,
                    max_distance_km, gender, seeking, photo_seed, verified, created_at, updated_at)
                VALUES ($1, $2, 30, 80, 'long_term', '["jazz"]', 'Williamsburg', 21, 60, 50, 'woman', '["woman","man"]', $1, 1, $3, $3)
                ON CONFLICT (id) DO NOTHING
                """, user(i), "Bench \(i)", now)
        }
        for p in 0..<pairs {
            try connection.execute(
                "INSERT INTO matches (user_a, user_b, matched_at) VALUES ($1, $2, $3) ON CONFLICT (user_a, user_b) DO NOTHING",
                user(2 * p), user(2 * p + 1), now)
        }
    }
    database.closeSync()
    print("chat-bench: prepared \(2 * pairs) users, \(pairs) matched rooms")

case "run":
    let ports = arguments[2].split(separator: ",").compactMap { Int($0) }
    let label = arguments.count > 5 ? arguments[5] + ": " : ""
    let pairs = Int(arguments[3]) ?? 500
    let seconds = Double(arguments.count > 4 ? arguments[4] : "10") ?? 10
    let lines = [
        "hey, how was your weekend?", "that jazz bar in williamsburg sounds great", "dinner's on me next time",
        "I just got back from a long run by the river", "what are you reading these days?",
    ]
    struct Result: Sendable {
        var delivered = 0
        var latencies: [Double] = []
    }

    // Connect everyone first (history frame consumed), then start the clock.
    var sockets: [(WebSocketClient, WebSocketClient)] = []
    for p in 0..<pairs {
        let room = "match:\(user(2 * p)):\(user(2 * p + 1))"
        let a = try await WebSocketClient.connect(
            port: ports[(2 * p) % ports.count], path: "/ws/chat?room=\(room)&user=\(user(2 * p))")
        let b = try await WebSocketClient.connect(
            port: ports[(2 * p + 1) % ports.count], path: "/ws/chat?room=\(room)&user=\(user(2 * p + 1))")
        _ = try await a.receiveText(timeout: .seconds(30))
        _ = try await b.receiveText(timeout: .seconds(30))
        sockets.append((a, b))
    }
    let cpu = CPUAccount(ProcessInfo.processInfo.environment["CHAT_BENCH_CPU"])
    let cpuAtStart = cpu.sample()
    let origin = ContinuousClock.now
    @Sendable func now() -> Double {
        let d = ContinuousClock.now - origin
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
    let deadline = seconds
    let results = await withTaskGroup(of: Result.self) { group in
        for (index, pair) in sockets.enumerated() {
            group.addTask {
                var result = Result()
                var turn = 0
                while now() < deadline {
                    let (sender, receiver) = turn % 2 == 0 ? (pair.0, pair.1) : (pair.1, pair.0)
                    let sentAt = now()
                    let text = lines[(index + turn) % lines.count]
                    do {
                        try await sender.send(text: #"{"text":"\#(text)","id":"\#(sentAt)"}"#)
                        // The peer's copy gives the latency; the sender's echo releases the next turn.
                        let arrived = try await receiver.receiveText(timeout: .seconds(10))
                        result.latencies.append(now() - sentAt)
                        _ = try await sender.receiveText(timeout: .seconds(10))
                        if arrived.contains(#""type":"message""#) { result.delivered += 1 }
                    } catch {
                        break
                    }
                    turn += 1
                }
                return result
            }
        }
        var all = Result()
        for await r in group {
            all.delivered += r.delivered
            all.latencies += r.latencies
        }
        return all
    }
    let elapsed = now()
    let cpuAtEnd = cpu.sample()
    let sorted = results.latencies.sorted()
    func pct(_ q: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] * 1000 }
    let head = "chat-bench: \(label)"
    let instances = ports.count == 1 ? "1 instance" : "\(ports.count) instances"
    print(
        head
            + String(
                format: "%d sockets (%d rooms, \(instances)), %.1f s: %d messages delivered to the peer, %.0f msg/s end to end "
                    + "(%.0f frames/s incl. echoes)", 2 * pairs, pairs, elapsed, results.delivered,
                Double(results.delivered) / elapsed, Double(2 * results.delivered) / elapsed))
    print(
        head
            + String(
                format: "delivery latency p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms", pct(0.5), pct(0.9),
                pct(0.99), (sorted.last ?? 0) * 1000))
    if let figures = cpu.report(from: cpuAtStart, to: cpuAtEnd, messages: results.delivered) {
        print(head + "CPU per delivered message (while sending): " + figures)
    }
    for (a, b) in sockets {
        try? await a.close()
        try? await b.close()
    }

default:
    FileHandle.standardError.write(Data("chat-bench: unknown command \(arguments[1])\n".utf8))
    exit(2)
}
