import Foundation

/// CPU time (user + system) that named groups of processes spent while messages flowed — the servers,
/// and PostgreSQL and Redis when clustered — read from /proc at the start and end of the measured
/// phase only (connecting the sockets and loading their history is left out). Unlike msg/s, this barely
/// moves with other load on the machine. Groups come from `CHAT_BENCH_CPU`: `NAME=PID,PID… NAME=…`.
struct CPUAccount {
    let groups: [(name: String, pids: [Int])]

    init(_ specification: String?) {
        groups = (specification ?? "").split(separator: " ").compactMap { part in
            let halves = part.split(separator: "=", maxSplits: 1)
            guard halves.count == 2 else { return nil }
            return (String(halves[0]), halves[1].split(separator: ",").compactMap { Int($0) })
        }
    }

    /// Clock ticks per group, now.
    func sample() -> [Int] {
        groups.map { group in group.pids.reduce(0) { $0 + Self.ticks($1) } }
    }

    /// `utime + stime` of one process (fields 14 and 15 of /proc/PID/stat, counted after the command name).
    static func ticks(_ pid: Int) -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return 0 }
        return user + system
    }

    /// "servers 123 µs, postgres 45 µs" per delivered message between two samples.
    func report(from start: [Int], to end: [Int], messages: Int) -> String? {
        guard !groups.isEmpty, messages > 0 else { return nil }
        let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
        return zip(groups, zip(start, end)).map { group, sample in
            String(format: "%@ %.0f µs", group.name, Double(sample.1 - sample.0) / hertz * 1e6 / Double(messages))
        }.joined(separator: ", ")
    }
}
