import Foundation
import HTTPServer
import HTTPTesting
import Testing
import Xoseen
import XoseenAPI

/// The product's own figures at `/metrics` after real traffic: likes and a match, a feed page per
/// ranker, a delivered and a blocked chat message, the serving model. Counters are process-wide, so
/// each is checked as a rise of at least what this test did.
@Suite struct XoseenMetricsTests {
    static func value(_ text: String, _ series: String) -> Double {
        for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1)) ?? 0
        }
        return 0
    }

    @Test func decisionsFeedAndChatAppearInMetrics() async throws {
        try await ChatFixture.with { fixture in
            let client = fixture.server.client
            let metrics = { try await client.get("/metrics").bodyString }
            // The fixture's server has the default operations; the product's readings come from operations().
            _ = fixture.application.operations()
            try await fixture.user("usr_ma", "Ma")
            try await fixture.user("usr_mb", "Mb", gender: "man")
            let before = try await metrics()
            try await fixture.match("usr_ma", "usr_mb")
            _ = try await fixture.post("/ml/rank", ["viewerId": "usr_ma", "limit": 5], as: "usr_ma")
            let room = ChatFixture.room("match", "usr_ma", "usr_mb")
            let (ma, _) = try await fixture.join(room: room, user: "usr_ma")
            try await ma.send(text: #"{"text":"hello there"}"#)
            #expect(try await ChatFixture.frame(ma)["type"] as? String == "message")
            try await ma.send(text: #"{"text":"can you buy me a gift card? I will pay you back"}"#)
            #expect(try await ChatFixture.frame(ma)["type"] as? String == "blocked")
            let after = try await metrics()
            func rise(_ series: String) -> Double { Self.value(after, series) - Self.value(before, series) }
            #expect(rise(#"xoseen_decisions_total{action="like"}"#) >= 2)
            #expect(rise("xoseen_matches_total") >= 1)
            #expect(rise(#"xoseen_feed_seconds_count{ranker="rule_based"}"#) >= 1)
            #expect(rise(#"xoseen_chat_messages_total{outcome="delivered"}"#) >= 1)
            #expect(rise(#"xoseen_chat_messages_total{category="money_scam",outcome="blocked"}"#) >= 1)
            #expect(after.contains(#"xoseen_serving_model{ranker="rule_based",version="rules-v1"} 1"#))
            #expect(Self.value(after, #"http_requests_total{method="POST",route="/ml/feedback",status="200"}"#) == 2)
            try await ma.close()
        }
    }
}
