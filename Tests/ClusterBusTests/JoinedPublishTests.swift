import ClusterTesting
import Foundation
import Synchronization
import Testing

@testable import ClusterBus

/// Joinable publishes queued together to one channel go out as one PUBLISH of their concatenation, in
/// order; anything else (another channel, a command, a plain publish) keeps its place and goes alone.
@Suite struct JoinedPublishTests {
    static func publish(_ channel: String, _ message: String, joinable: Bool = true) -> RedisBus.Queued {
        RedisBus.Queued(arguments: ["PUBLISH", channel, message], reply: nil, joinable: joinable)
    }

    @Test func runsOfOneChannelAreJoined() {
        let batch = [
            Self.publish("a", "1"), Self.publish("a", "2"), Self.publish("b", "3"), Self.publish("a", "4"),
            Self.publish("a", "5", joinable: false), Self.publish("a", "6"), Self.publish("a", "7"),
            RedisBus.Queued(arguments: ["INCR", "k"], reply: { _ in }), Self.publish("a", "8"),
        ]
        #expect(
            RedisBus.joined(batch).map(\.arguments) == [
                ["PUBLISH", "a", "12"], ["PUBLISH", "b", "3"], ["PUBLISH", "a", "4"], ["PUBLISH", "a", "5"],
                ["PUBLISH", "a", "67"], ["INCR", "k"], ["PUBLISH", "a", "8"],
            ])
    }

    @Test func aJoinStopsAtTheSizeCap() {
        let big = String(repeating: "x", count: RedisBus.maxJoinedBytes / 2 + 1)
        #expect(RedisBus.joined([Self.publish("a", big), Self.publish("a", big)]).count == 2)
    }

    /// Over a real Redis: a subscriber gets every joinable message's bytes once, in publish order.
    @Test func aSubscriberGetsEveryMessageInOrder() async throws {
        let redis = try ThrowawayRedis.startPrivate()
        defer { redis.crash() }
        let bus = try RedisBus(url: redis.url)
        defer { bus.close() }
        let received = Mutex("")
        bus.subscribe("joined") { payload in received.withLock { $0 += payload } }
        let messages = (0..<500).map { "<\($0)>" }
        for message in messages { bus.publish("joined", message, joinable: true) }
        let expected = messages.joined()
        for _ in 0..<100 where received.withLock({ $0 }).count < expected.count {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(received.withLock { $0 } == expected)
    }
}
