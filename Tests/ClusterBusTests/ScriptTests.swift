import ClusterTesting
import Foundation
import Testing

@testable import ClusterBus

/// Lua scripts (the shared rate limits) go by SHA-1 once loaded, and survive Redis losing its script cache.
@Suite struct ScriptTests {
    static let counter = "return redis.call('INCR', KEYS[1])"

    /// `calls` of one command in `INFO commandstats` (0 when it has not run since the server started).
    static func calls(_ command: String, on bus: RedisBus) async throws -> Int {
        guard case .text(let info) = try await bus.command(["INFO", "commandstats"]) else { return 0 }
        let prefix = "cmdstat_\(command):calls="
        guard let line = info.split(whereSeparator: \.isNewline).first(where: { $0.hasPrefix(prefix) }) else { return 0 }
        return Int(line.dropFirst(prefix.count).prefix { $0.isNumber }) ?? 0
    }

    @Test func aLoadedScriptIsCalledBySHAAndReloadedAfterAFlush() async throws {
        let redis = try ThrowawayRedis.startPrivate()
        defer { redis.crash() }
        let bus = try RedisBus(url: redis.url)
        defer { bus.close() }
        #expect(try await bus.evaluate(Self.counter, keys: ["k"], arguments: []) == 1)
        #expect(try await bus.evaluate(Self.counter, keys: ["k"], arguments: []) == 2)
        #expect(try await Self.calls("evalsha", on: bus) == 2)
        #expect(try await Self.calls("eval", on: bus) == 0, "the script text went out once, by SCRIPT LOAD")

        _ = try await bus.command(["SCRIPT", "FLUSH"])
        #expect(try await bus.evaluate(Self.counter, keys: ["k"], arguments: []) == 3, "NOSCRIPT falls back to EVAL")
        #expect(try await bus.evaluate(Self.counter, keys: ["k"], arguments: []) == 4)
        #expect(try await Self.calls("eval", on: bus) == 1)
        #expect(try await Self.calls("evalsha", on: bus) >= 3)
    }

    @Test func aRestartedRedisGetsTheScriptAgain() async throws {
        let redis = try ThrowawayRedis.startPrivate()
        defer { redis.crash() }
        let bus = try RedisBus(url: redis.url)
        defer { bus.close() }
        #expect(try await bus.evaluate(Self.counter, keys: ["k"], arguments: []) == 1)
        redis.crash()
        try redis.relaunch()
        // The old connection is broken: the command is retried once on a new one, which finds no script.
        #expect(try await bus.evaluate(Self.counter, keys: ["k"], arguments: []) == 1, "a fresh server, no persistence")
        #expect(try await bus.evaluate(Self.counter, keys: ["k"], arguments: []) == 2)
        #expect(try await Self.calls("eval", on: bus) == 1)
        #expect(try await Self.calls("evalsha", on: bus) >= 2)
    }

    @Test func aScriptErrorIsThrown() async throws {
        let redis = try ThrowawayRedis.start()
        let bus = try RedisBus(url: redis.url)
        defer { bus.close() }
        await #expect(throws: ClusterBusError.self) {
            try await bus.evaluate("return redis.call('NOSUCHCOMMAND')", keys: [], arguments: [])
        }
    }
}
