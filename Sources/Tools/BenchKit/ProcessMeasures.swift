import Dispatch
import Foundation

/// What the benchmark tools measure about their own process, written once for all of them.
public enum ProcessMeasures {
    /// Monotonic nanoseconds, for intervals.
    public static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The process's resident set (`VmRSS` in /proc/self/status) in MiB; 0 where /proc is missing.
    public static func residentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kb = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kb / 1024
    }
}
