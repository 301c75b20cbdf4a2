import ClusterTesting
import Foundation
import HTTPTesting
import Testing

/// Two `xoseen` processes on one PostgreSQL database and one Redis, over real sockets: what one
/// instance accepts, the other serves; a block on one closes sockets on the other; a SIGKILLed
/// instance loses no acknowledged message.
@Suite(.serialized) struct XoseenClusterTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Two instances sharing a fresh schema and the test process's Redis.
    static func pair(_ extra: [String: String] = [:]) throws -> (ProductInstance, ProductInstance) {
        let environment = try environment(extra)
        let base = NSTemporaryDirectory() + "xoseen-cluster-\(UUID().uuidString.prefix(8))"
        let a = try ProductInstance("xoseen", dataDirectory: base + "/a", environment: environment)
        let b = try ProductInstance("xoseen", dataDirectory: base + "/b", environment: environment)
        return (a, b)
    }

    /// What every instance of one pair shares: a fresh schema, the test process's Redis, one token secret.
    static func environment(_ extra: [String: String]) throws -> [String: String] {
        let database = try ThrowawayPostgres.start().freshURL(prefix: "xoseen")
        let redis = try ThrowawayRedis.start()
        let environment = [
            "DATABASE_URL": database, "REDIS_URL": redis.url, "XOSEEN_SEED_COUNT": "0",
            "XOSEEN_RESOURCES": root + "/Resources/xoseen", "XOSEEN_MODELS": root + "/third_party/face-models",
            // Tokens signed by one instance verify on the other.
            "XOSEEN_TOKEN_SECRET": "cluster-test-secret-0123456789abcdef0123456789", "LOG_LEVEL": "warning",
        ]
        return environment.merging(extra) { $1 }
    }

    static func profile(_ id: String, _ name: String) -> [String: Any] {
        [
            "userId": id, "displayName": name, "ageDisplayed": 31, "trustScore": 80.0, "intent": "long_term",
            "interests": ["hiking", "jazz", "cooking"], "cityArea": "Williamsburg", "ageMin": 21, "ageMax": 50,
            "maxDistanceKm": 50.0, "gender": "woman", "seeking": ["man", "woman", "nonbinary"],
        ]
    }

    static func post(_ instance: ProductInstance, _ path: String, _ object: [String: Any]) async throws -> (Int, [String: Any]) {
        let response = try await HTTPTestClient(port: instance.port).post(
            path, body: Array(try JSONSerialization.data(withJSONObject: object)), contentType: "application/json")
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        return (response.status, json)
    }

    static func join(_ instance: ProductInstance, room: String, user: String) async throws -> (WebSocketClient, [[String: Any]]) {
        let socket = try await WebSocketClient.connect(port: instance.port, path: "/ws/chat?room=\(room)&user=\(user)&name=x")
        let history = try await frame(socket)
        #expect(history["type"] as? String == "history", "\(history)")
        return (socket, history["messages"] as? [[String: Any]] ?? [])
    }

    static func frame(_ socket: WebSocketClient, timeout: Duration = .seconds(10)) async throws -> [String: Any] {
        while true {
            let text = try await socket.receiveText(timeout: timeout)
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
            if object["type"] as? String != "ping" { return object }
        }
    }

    static func room(_ x: String, _ y: String) -> String { "match:\(min(x, y)):\(max(x, y))" }

    @Test func twoInstancesActAsOneService() async throws {
        let (a, b) = try Self.pair()
        defer { b.stop() }

        // A profile created on A is served by B; like on A + like-back on B is a match.
        #expect(try await Self.post(a, "/web/profile", Self.profile("alice", "Alice")).0 == 200)
        #expect(try await Self.post(b, "/web/profile", Self.profile("bob", "Bob")).0 == 200)
        let rank = try await Self.post(b, "/ml/rank", ["viewerId": "alice", "limit": 5])
        #expect(rank.0 == 200, "B must know the profile A created: \(rank.1)")
        #expect(try await Self.post(a, "/ml/feedback", ["viewerId": "alice", "candidateId": "bob", "action": "like"]).0 == 200)
        let back = try await Self.post(b, "/ml/feedback", ["viewerId": "bob", "candidateId": "alice", "action": "like"])
        #expect(back.1["matched"] as? Bool == true, "\(back.1)")

        // Chat across instances, both ways, in seq order.
        let room = Self.room("alice", "bob")
        let (aliceSocket, _) = try await Self.join(a, room: room, user: "alice")
        let (bobSocket, _) = try await Self.join(b, room: room, user: "bob")
        try await aliceSocket.send(text: #"{"type":"message","text":"hello from A"}"#)
        let atBob = try await Self.frame(bobSocket)
        #expect(atBob["text"] as? String == "hello from A")
        #expect(atBob["seq"] as? Int == 1)
        try await bobSocket.send(text: #"{"type":"message","text":"hello from B"}"#)
        let atAlice = try await Self.frame(aliceSocket)
        #expect(atAlice["text"] as? String == "hello from A")  // her own message comes back first
        let reply = try await Self.frame(aliceSocket)
        #expect(reply["text"] as? String == "hello from B")
        #expect(reply["seq"] as? Int == 2)

        // A block through A closes the pair's sockets on B.
        #expect(try await Self.post(a, "/web/profile", Self.profile("carol", "Carol")).0 == 200)
        #expect(try await Self.post(a, "/web/profile", Self.profile("dave", "Dave")).0 == 200)
        _ = try await Self.post(a, "/ml/feedback", ["viewerId": "carol", "candidateId": "dave", "action": "like"])
        _ = try await Self.post(b, "/ml/feedback", ["viewerId": "dave", "candidateId": "carol", "action": "like"])
        let (carolOnB, _) = try await Self.join(b, room: Self.room("carol", "dave"), user: "carol")
        #expect(try await Self.post(a, "/web/block", ["viewerId": "dave", "candidateId": "carol"]).0 == 200)
        var closed: (Int, String)?
        for _ in 0..<10 {
            if case .close(let code, let reason) = try await carolOnB.receive(timeout: .seconds(10)) {
                closed = (Int(code), reason)
                break
            }
        }
        #expect(closed?.0 == 4401, "carol's socket on B must close after the block on A")

        // A dies without a goodbye; Alice reconnects to B and gets the whole conversation.
        a.kill9()
        let (_, history) = try await Self.join(b, room: room, user: "alice")
        #expect(history.compactMap { $0["text"] as? String } == ["hello from A", "hello from B"])
    }

    /// Each instance caches a viewer's exclusions (decisions and blocks) once it has served them a
    /// page; a pass and blocks both ways written through A must leave B's next page within a second.
    @Test func decisionsAndBlocksThroughOneInstanceLeaveTheOthersCachedFeed() async throws {
        let (a, b) = try Self.pair(["XOSEEN_SEED_COUNT": "200"])
        defer {
            a.stop()
            b.stop()
        }
        #expect(try await Self.post(a, "/web/profile", Self.profile("zoe", "Zoe")).0 == 200)
        func page(_ instance: ProductInstance) async throws -> [String] {
            let (status, body) = try await Self.post(instance, "/ml/rank", ["viewerId": "zoe", "limit": 100])
            #expect(status == 200, "\(body)")
            return (body["candidates"] as? [[String: Any]] ?? []).compactMap { $0["candidateId"] as? String }
        }
        let before = try await page(b)  // B reads and caches Zoe's exclusions (none yet)
        try #require(before.count >= 4, "the seeds must give Zoe a feed: \(before)")
        let (passed, liked, blocked, blocker) = (before[0], before[1], before[2], before[3])
        #expect(try await Self.post(a, "/ml/feedback", ["viewerId": "zoe", "candidateId": passed, "action": "pass"]).0 == 200)
        #expect(try await Self.post(a, "/ml/feedback", ["viewerId": "zoe", "candidateId": liked, "action": "like"]).0 == 200)
        #expect(try await Self.post(a, "/web/block", ["viewerId": "zoe", "candidateId": blocked]).0 == 200)
        #expect(try await Self.post(a, "/web/block", ["viewerId": blocker, "candidateId": "zoe"]).0 == 200)
        let gone: Set = [passed, liked, blocked, blocker]
        var after = try await page(b)
        let deadline = ContinuousClock.now + .seconds(1)
        while !gone.isDisjoint(with: after), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            after = try await page(b)
        }
        #expect(gone.isDisjoint(with: after), "B still serves \(gone.intersection(after)) a second after A stored them")
        // A serves the same page from its own cache.
        #expect(Set(try await page(a)) == Set(after))
    }

    /// Redis restarting: instances resubscribe, and a message stored while it was down reaches the
    /// other instance's sockets from the database.
    @Test func messagesSentWhileRedisIsDownArriveAfterItReturns() async throws {
        let (a, b) = try Self.pair()
        defer {
            a.stop()
            b.stop()
        }
        #expect(try await Self.post(a, "/web/profile", Self.profile("erin", "Erin")).0 == 200)
        #expect(try await Self.post(a, "/web/profile", Self.profile("frank", "Frank")).0 == 200)
        _ = try await Self.post(a, "/ml/feedback", ["viewerId": "erin", "candidateId": "frank", "action": "like"])
        _ = try await Self.post(b, "/ml/feedback", ["viewerId": "frank", "candidateId": "erin", "action": "like"])
        let room = Self.room("erin", "frank")
        let (erin, _) = try await Self.join(a, room: room, user: "erin")
        let (frank, _) = try await Self.join(b, room: room, user: "frank")
        try await erin.send(text: #"{"type":"message","text":"before"}"#)
        #expect(try await Self.frame(frank)["text"] as? String == "before")

        let redis = try ThrowawayRedis.start()
        redis.crash()
        // Stored by A while Redis is down: the notice cannot be published, so only recovery delivers it.
        try await erin.send(text: #"{"type":"message","text":"during the outage"}"#)
        try await Task.sleep(for: .milliseconds(500))
        try redis.relaunch()
        let recovered = try await Self.frame(frank, timeout: .seconds(15))
        #expect(recovered["text"] as? String == "during the outage")
        #expect(recovered["seq"] as? Int == 2)
    }

    /// A user's chat budget is one across instances: 3 frames on A and 3 on B against a burst of 4
    /// (and almost no refill) must meet `rate_limited` twice; per-instance buckets would allow all six.
    @Test func chatRateLimitIsSharedAcrossInstances() async throws {
        let (a, b) = try Self.pair(["XOSEEN_CHAT_BURST": "4", "XOSEEN_CHAT_RATE": "0.01"])
        defer {
            a.stop()
            b.stop()
        }
        #expect(try await Self.post(a, "/web/profile", Self.profile("gina", "Gina")).0 == 200)
        #expect(try await Self.post(a, "/web/profile", Self.profile("hugo", "Hugo")).0 == 200)
        _ = try await Self.post(a, "/ml/feedback", ["viewerId": "gina", "candidateId": "hugo", "action": "like"])
        _ = try await Self.post(b, "/ml/feedback", ["viewerId": "hugo", "candidateId": "gina", "action": "like"])
        let room = Self.room("gina", "hugo")
        let (onA, _) = try await Self.join(a, room: room, user: "gina")
        let (onB, _) = try await Self.join(b, room: room, user: "gina")
        for socket in [onA, onB] {
            for _ in 0..<3 { try await socket.send(text: #"{"type":"pong"}"#) }
        }
        var limited = 0
        for socket in [onA, onB] {
            while let frame = try? await Self.frame(socket, timeout: .seconds(2)) {
                if frame["code"] as? String == "rate_limited" { limited += 1 }
            }
        }
        #expect(limited == 2)
    }

    /// verify-live attempts are counted once for the service: a user and an address spread over two
    /// instances get one budget (each instance alone would allow the limit on each).
    @Test func verificationAttemptLimitsAreSharedAcrossInstances() async throws {
        let (a, b) = try Self.pair(["XOSEEN_VERIFY_PER_USER_HOUR": "2", "XOSEEN_VERIFY_PER_ADDRESS_HOUR": "4"])
        defer {
            a.stop()
            b.stop()
        }
        // Not an image: the attempt counts, then fails on decoding (422) — the budget is what is tested.
        let junk = Array("not an image".utf8)
        func attempt(_ instance: ProductInstance, _ user: String) async throws -> Int {
            try await HTTPTestClient(port: instance.port).multipart(
                "/verify/verification/verify-live", fields: [("user_id", user)],
                files: [("selfie", "s.png", "image/png", junk), ("id_document", "d.png", "image/png", junk)]
            ).status
        }
        #expect(try await attempt(a, "usr_s1") == 422)
        #expect(try await attempt(b, "usr_s1") == 422)
        #expect(try await attempt(a, "usr_s1") == 429, "the user's third attempt, the second on this instance")
        #expect(try await attempt(b, "usr_s2") == 422)
        #expect(try await attempt(a, "usr_s3") == 422)
        #expect(try await attempt(b, "usr_s4") == 429, "the address's fifth attempt, the third on this instance")
    }
}
