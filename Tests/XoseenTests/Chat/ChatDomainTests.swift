import Foundation
import Testing

@testable import Xoseen

@Suite struct ChatDomainTests {
    @Test(arguments: [
        ("match:usr_a:usr_b", true), ("blind:a:b", true), ("match:usr_b:usr_a", false), ("match:a:a", false),
        ("match:a", false), ("match::b", false), ("dm:a:b", false), ("match:a:b:c", false), ("match:a b:c", false),
        ("MATCH:a:b", false), ("match:a:" + String(repeating: "b", count: 65), false), ("", false),
    ])
    func roomIdsParseStrictly(_ text: String, _ valid: Bool) {
        let parsed = try? ChatRoom.parse(text).get()
        #expect((parsed != nil) == valid, "\(text)")
        if let parsed { #expect(parsed.description == text) }
    }

    @Test func anUnsortedRoomNamesTheSortedOne() {
        #expect(ChatRoom.parse("match:zed:amy") == .failure(.unsorted(expected: "match:amy:zed")))
        let room = ChatRoom(kind: .blind, between: "zed", and: "amy")
        #expect(room.description == "blind:amy:zed" && room.peer(of: "amy") == "zed" && !room.contains("bob"))
    }

    @Test func theRateLimitIsABucketPerUser() {
        let limiter = ChatRateLimiter(burst: 3, perSecond: 1)
        #expect((0..<3).allSatisfy { _ in limiter.allow("a", now: 0) })
        #expect(!limiter.allow("a", now: 0.5), "burst spent")
        #expect(limiter.allow("b", now: 0.5), "another user has their own bucket")
        #expect(limiter.allow("a", now: 1.0), "one token back after a second")
        #expect(!limiter.allow("a", now: 1.1))
        #expect(limiter.allow("a", now: 100), "refilled")
    }

    @Test func idleBucketsArePrunedSoMemoryStaysBounded() {
        let limiter = ChatRateLimiter(burst: 2, perSecond: 1)
        for i in 0..<(ChatRateLimiter.pruneThreshold + 1) { _ = limiter.allow("u\(i)", now: 0) }
        _ = limiter.allow("late", now: 10)
        #expect(limiter.trackedUsers <= 2, "\(limiter.trackedUsers)")
    }

    @Test(arguments: [
        ("What are you up to this weekend?", ReplyDrafts.Question.whatDoing), ("Where do you live?", .whereAbout),
        ("When are you free?", .when), ("How are you?", .howAreYou), ("What's your favourite food?", .favourite),
        ("Do you like jazz?", .yesNo), ("What do you do for work?", .work), ("I love hiking", nil),
    ])
    func repliesKnowWhatTheQuestionAsks(_ text: String, _ expected: ReplyDrafts.Question?) {
        #expect(ReplyDrafts.question(in: text) == expected, "\(text)")
    }

    /// A follow-up asks about what the message talks about: an interest it names, as it words it, else a content
    /// word — never a filler ("Wait, honestly? Tell me more!").
    @Test(arguments: [
        ("I was at the farmers market this morning, amazing peaches", "farmers market"),
        ("Just got back from hiking in the Catskills", "hiking"),
        ("We played board games until 2am", "board games"),
        ("Amazing day at the beach, honestly", "beach"),
        ("ok", nil),
        ("I'm running late, sorry!", nil),  // an errand, not a pastime
        ("running late, the hiking trail was packed", "hiking"),
    ])
    func repliesAskAboutWhatTheMessageTalksAbout(_ text: String, _ expected: String?) {
        #expect(ReplyDrafts.topic(of: text) == expected, "\(text)")
    }

    /// Every opener starts with a capital, also when it starts with the interest ("{interest} buddy?").
    @Test func startersStartWithACapital() {
        let starters = ConversationStarters()
        let templates =
            ConversationStarters.sharedGeneric + ConversationStarters.sharedInterest.values.flatMap { $0 }
            + ConversationStarters.theirInterest + ConversationStarters.twoInterests + ConversationStarters.sameArea
            + ConversationStarters.otherArea
        #expect(templates.contains { $0.hasPrefix("{") }, "the check needs a template that starts with a word slot")
        for template in templates {
            let line = starters.fill(template, interest: "board games", second: "yoga", area: "astoria")
            #expect(line.first?.isUppercase == true, "\(line)")
        }
    }
}
