import Foundation
import Synchronization

/// Counts events per key in a fixed window (an hour, a day) and refuses beyond `limit`. Keys
/// are client addresses and user ids; at most `maxKeys` are tracked (the stalest go first), so
/// a flood of fresh keys cannot grow memory without bound.
public final class AttemptLimiter: Sendable {
    public let limit: Int
    public let window: TimeInterval
    let maxKeys: Int
    let state = Mutex<[String: (start: Date, count: Int)]>([:])

    public init(limit: Int, window: TimeInterval, maxKeys: Int = 20_000) {
        self.limit = limit
        self.window = window
        self.maxKeys = maxKeys
    }

    /// Counts one event for every key at once, or none: nil when all had room, else the
    /// seconds until the fullest one has room again.
    public func take(_ keys: [String], now: Date) -> Int? {
        guard limit > 0 else { return nil }
        return state.withLock { table -> Int? in
            var wait = 0
            for key in keys {
                guard let entry = table[key], now.timeIntervalSince(entry.start) < window, entry.count >= limit else { continue }
                wait = max(wait, Int((window - now.timeIntervalSince(entry.start)).rounded(.up)))
            }
            if wait > 0 { return max(1, wait) }
            if table.count + keys.count > maxKeys {
                table = table.filter { now.timeIntervalSince($0.value.start) < window }
                while table.count + keys.count > maxKeys, let stalest = table.min(by: { $0.value.start < $1.value.start }) {
                    table[stalest.key] = nil
                }
            }
            for key in keys {
                if let entry = table[key], now.timeIntervalSince(entry.start) < window {
                    table[key] = (entry.start, entry.count + 1)
                } else {
                    table[key] = (now, 1)
                }
            }
            return nil
        }
    }
}
