import Foundation
import HTTPTesting
import Testing
import Xoseen

/// Delivery, history, the safety scan before delivery, E2EE relay, capture alerts, several
/// devices, limits, and durability — over real sockets.
@Suite(.serialized) struct ChatMessagingTests {
    static let room = "match:usr_a:usr_b"

    static func matchedPair(_ f: inout ChatFixture) async throws {
        try await f.user("usr_a", "Ada")
        try await f.user("usr_b", "Bo")
        try await f.match("usr_a", "usr_b")
    }

    @Test func deliversToBothUsersAndEveryDeviceThenKeepsHistory() async throws {
        try await ChatFixture.with { f in
            try await Self.matchedPair(&f)
            let (ada, history) = try await f.join(room: Self.room, user: "usr_a")
            #expect(history.isEmpty)
            let (bo, _) = try await f.join(room: Self.room, user: "usr_b")
            let (boPhone, _) = try await f.join(room: Self.room, user: "usr_b")

            try await ada.send(text: #"{"text":"hi Bo","id":"c1"}"#)
            for socket in [ada, bo, boPhone] {
                let frame = try await ChatFixture.frame(socket)
                #expect(frame["type"] as? String == "message")
                #expect(frame["room"] as? String == Self.room)
                #expect(frame["from"] as? String == "usr_a")
                #expect(frame["name"] as? String == "Ada", "the profile's name, not the query's")
                #expect(frame["text"] as? String == "hi Bo")
                #expect(frame["clientId"] as? String == "c1")
                let ts = try #require(frame["ts"] as? Double)
                #expect(abs(ts - Date().timeIntervalSince1970) < 60, "ts is epoch seconds")
            }
            for i in 1...5 { try await bo.send(text: #"{"type":"message","text":"reply \#(i)"}"#) }
            var received: [String] = []
            for _ in 1...5 { received.append(try await ChatFixture.frame(ada)["text"] as? String ?? "") }
            #expect(received == (1...5).map { "reply \($0)" }, "in order")

            let (again, replay) = try await f.join(room: Self.room, user: "usr_a")
            #expect(replay.compactMap { $0["text"] as? String } == ["hi Bo"] + (1...5).map { "reply \($0)" })
            #expect(replay.compactMap { $0["seq"] as? Int } == Array(1...6))
            for socket in [ada, bo, boPhone, again] { try await socket.close() }
        }
    }

    @Test func aBlockedMessageReachesNobodyButItsSender() async throws {
        try await ChatFixture.with { f in
            try await Self.matchedPair(&f)
            let (ada, _) = try await f.join(room: Self.room, user: "usr_a")
            let (bo, _) = try await f.join(room: Self.room, user: "usr_b")
            try await ada.send(text: #"{"text":"can you buy me a gift card? I will pay you back","id":"scam"}"#)
            let blocked = try await ChatFixture.frame(ada)
            #expect(blocked["type"] as? String == "blocked")
            #expect(blocked["clientId"] as? String == "scam")
            #expect(blocked["category"] as? String == "money_scam")
            #expect(!(blocked["reason"] as? String ?? "").isEmpty)
            #expect(blocked["text"] == nil)

            try await ada.send(text: #"{"text":"dinner's on me tonight"}"#)
            let next = try await ChatFixture.frame(bo)
            #expect(next["text"] as? String == "dinner's on me tonight", "the scam never reached Bo")
            #expect(try await ChatFixture.frame(ada)["text"] as? String == "dinner's on me tonight")

            let (_, history) = try await f.join(room: Self.room, user: "usr_b")
            #expect(history.count == 1, "a blocked message is never in history")
            #expect(try await ChatStore(database: f.application.database).flagCount(senderId: "usr_a") == 1)
        }
    }

    @Test func encryptedFramesAreRelayedBlindAndCaptureAlertsGoToThePeer() async throws {
        try await ChatFixture.with { f in
            try await Self.matchedPair(&f)
            let (ada, _) = try await f.join(room: Self.room, user: "usr_a")
            let (bo, _) = try await f.join(room: Self.room, user: "usr_b")

            try await ada.send(text: #"{"type":"pubkey","key":"QUJD","from":"usr_b"}"#)
            let key = try await ChatFixture.frame(bo)
            #expect(key["type"] as? String == "pubkey" && key["key"] as? String == "QUJD")
            #expect(key["from"] as? String == "usr_a", "the server sets from; a client cannot spoof it")

            // Ciphertext that would fail the scan in plain text is relayed untouched: it cannot be read.
            try await ada.send(text: #"{"type":"enc","ciphertext":"Z2lmdCBjYXJk","nonce":"bm9uY2U="}"#)
            for socket in [bo, ada] {
                let enc = try await ChatFixture.frame(socket)
                #expect(enc["type"] as? String == "enc")
                #expect(enc["ciphertext"] as? String == "Z2lmdCBjYXJk" && enc["nonce"] as? String == "bm9uY2U=")
            }
            try await bo.send(text: #"{"type":"capture_alert"}"#)
            let alert = try await ChatFixture.frame(ada)
            #expect(alert["type"] as? String == "capture_alert" && alert["from"] as? String == "usr_b")

            try await ada.send(text: #"{"type":"enc"}"#)
            #expect(try await ChatFixture.frame(ada)["code"] as? String == "invalid_frame")
            try await ada.send(text: #"{"type":"shout","text":"x"}"#)
            #expect(try await ChatFixture.frame(ada)["code"] as? String == "unknown_type")
            try await ada.send(text: "not json")
            #expect(try await ChatFixture.frame(ada)["code"] as? String == "invalid_frame")
            // PostgreSQL text cannot hold U+0000: refused on every backend, not stored on one only.
            try await ada.send(text: #"{"text":"hi\u0000there"}"#)
            #expect(try await ChatFixture.frame(ada)["code"] as? String == "invalid_frame")
            try await ada.send(text: #"{"text":"   "}"#)
            #expect(try await ChatFixture.frame(ada)["code"] as? String == "empty_message")
            try await ada.send(text: #"{"text":""# + String(repeating: "a", count: 2001) + #""}"#)
            #expect(try await ChatFixture.frame(ada)["code"] as? String == "message_too_long")

            let (_, history) = try await f.join(room: Self.room, user: "usr_b")
            #expect(history.map { $0["type"] as? String } == ["pubkey", "enc"])
            #expect(history.first?["key"] as? String == "QUJD")
            #expect(!(bo.handshakeResponse.status != 101))
        }
    }

    @Test func aFloodClosesThatSocketNotTheServer() async throws {
        try await ChatFixture.with { f in
            try await Self.matchedPair(&f)
            let (ada, _) = try await f.join(room: Self.room, user: "usr_a")
            for i in 0..<40 { try? await ada.send(text: #"{"text":"spam \#(i)"}"#) }
            var closed: (UInt16, String)?
            while closed == nil {
                switch try await ada.receive() {
                case .close(let code, let reason): closed = (code, reason)
                default: continue
                }
            }
            #expect(closed?.0 == 1008 && closed?.1.contains("flood") == true)
            let (bo, history) = try await f.join(room: Self.room, user: "usr_b")
            #expect(history.count == 10, "the burst allowance was delivered, the rest refused")
            try await bo.close()
        }
    }

    @Test func anOversizedFrameClosesWith1009() async throws {
        try await ChatFixture.with { f in
            try await Self.matchedPair(&f)
            // The server closes while the client may still be writing the frame; a TCP reset can
            // then swallow the close frame on the client side, so one of three attempts must see it.
            var codes: [UInt16?] = []
            for _ in 0..<3 where !codes.contains(1009) {
                let (ada, _) = try await f.join(room: Self.room, user: "usr_a")
                try? await ada.send(
                    text: #"{"type":"enc","ciphertext":""# + String(repeating: "A", count: 16 * 1024 + 100) + #""}"#)
                var code: UInt16?
                while code == nil, let event = try? await ada.receive() { if case .close(let c, _) = event { code = c } }
                codes.append(code)
            }
            #expect(codes.contains(1009), "\(codes)")
        }
    }

    @Test func aBlockEndsAnOpenChat() async throws {
        try await ChatFixture.with { f in
            try await Self.matchedPair(&f)
            let (ada, _) = try await f.join(room: Self.room, user: "usr_a")
            let blocked = try await f.post("/web/block", ["viewerId": "usr_b", "candidateId": "usr_a"], as: "usr_b")
            #expect(blocked.status == 200)
            var close: (UInt16, String)?
            while close == nil { if case .close(let c, let r) = try await ada.receive() { close = (c, r) } }
            #expect(close?.0 == 4401 && close?.1.hasPrefix("blocked") == true)
            try await f.expectRefused(room: Self.room, user: "usr_a", code: "blocked")
        }
    }

    @Test func historySurvivesARestart() async throws {
        let directory = NSTemporaryDirectory() + "xoseen-chat-restart-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var tokens: [String: String] = [:]
        try await ChatFixture.with(directory: directory) { f in
            try await Self.matchedPair(&f)
            let (ada, _) = try await f.join(room: Self.room, user: "usr_a")
            try await ada.send(text: #"{"text":"see you at the jazz bar"}"#)
            _ = try await ChatFixture.frame(ada)
            tokens = f.tokens
            try await ada.close()
        }
        try await ChatFixture.with(directory: directory) { f in
            f.tokens = tokens
            let (bo, history) = try await f.join(room: Self.room, user: "usr_b")
            #expect(history.compactMap { $0["text"] as? String } == ["see you at the jazz bar"])
            try await bo.close()
        }
    }
}
