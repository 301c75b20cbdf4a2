import Foundation
import Testing

@testable import Jarvis

/// Per-host politeness of the page queue, on explicit instants (no timing).
@Suite struct PageQueueTests {
    static func job(_ id: String, _ url: String) -> PageJob {
        PageJob(articleId: id, url: URL(string: url)!, feedHash: "h", feedText: "", headline: "")
    }

    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func hostsTakeTurnsAndOneHostGetsOneFetchAtATime() {
        var queue = PageQueue(capacity: 100, perHost: 1)
        for i in 0..<5 { _ = queue.enqueue(Self.job("a\(i)", "https://a.example/\(i)")) }
        let added = queue.enqueue(Self.job("b0", "https://b.example/0"))
        let again = queue.enqueue(Self.job("b0", "https://b.example/0"))
        #expect(added && !again, "an article waits once")
        let first = queue.take(now: t0)
        let second = queue.take(now: t0)
        let third = queue.take(now: t0)
        #expect(first?.articleId == "a0")
        #expect(second?.articleId == "b0", "the other host's turn, not a's backlog")
        #expect(third == nil, "a is busy, b is empty")
    }

    @Test func spacingRetryAfterAndBackOff() {
        var queue = PageQueue(capacity: 100, perHost: 1)
        for i in 0..<4 { _ = queue.enqueue(Self.job("a\(i)", "https://a.example/\(i)")) }
        let first = queue.take(now: t0)!
        queue.finished(first, .answered(spacing: 1), now: t0)
        let early = queue.take(now: t0.addingTimeInterval(0.5))
        #expect(early == nil, "spacing")
        let second = queue.take(now: t0.addingTimeInterval(1))!
        queue.finished(second, .retryAfter(120), now: t0.addingTimeInterval(1))
        let waiting = queue.take(now: t0.addingTimeInterval(100))
        #expect(waiting == nil, "Retry-After")
        let third = queue.take(now: t0.addingTimeInterval(121))!
        queue.finished(third, .failed(base: 1, cap: 900), now: t0.addingTimeInterval(121))
        let backingOff = queue.take(now: t0.addingTimeInterval(122))
        #expect(backingOff == nil, "back-off 2 s after one failure")
        let fourth = queue.take(now: t0.addingTimeInterval(123))
        #expect(fourth?.articleId == "a3")
        #expect(queue.nextOpening() == nil)
    }

    @Test func twoPerHostWhenConfiguredAndTheCapacityHolds() {
        var queue = PageQueue(capacity: 3, perHost: 2)
        for i in 0..<3 { _ = queue.enqueue(Self.job("a\(i)", "https://a.example/\(i)")) }
        let overflow = queue.enqueue(Self.job("a3", "https://a.example/3"))
        #expect(!overflow, "full")
        let one = queue.take(now: t0)
        let two = queue.take(now: t0)
        let three = queue.take(now: t0)
        #expect(one != nil && two != nil, "two at once on one host")
        #expect(three == nil)
    }

    @Test func enrichmentNeedsMoreTextAboutTheSameArticle() {
        let teaser = "Kenyan exporters welcomed a decision by trade ministers to allow settlement in local currencies."
        let more = "Exporters say the settlement system will cut costs for regional sales. "
        let article = teaser + " " + String(repeating: more, count: 8)
        let headline = "Exporters cheer deal"
        #expect(PageEnrichment.shouldReplace(feedText: teaser, headline: headline, pageText: article, minimumGain: 1.3))
        let wall = String(repeating: "We use cookies to personalise content and ads and to analyse our traffic. ", count: 8)
        #expect(!PageEnrichment.shouldReplace(feedText: teaser, headline: headline, pageText: wall, minimumGain: 1.3))
        #expect(!PageEnrichment.shouldReplace(feedText: article, headline: "", pageText: article, minimumGain: 1.3), "not richer")
    }
}
