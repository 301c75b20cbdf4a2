import Foundation
import Testing

@testable import Jarvis

/// An opinion piece is known by how its outlet files it, and its argument is never stated as the sources' agreement.
struct OpinionPieceTests {
    private typealias F = InsightFixtures

    @Test(arguments: [
        ("opinion/bridge-column", "Lagos Ledger", "The bridge the city needs"),
        ("2026/11/23/opinions/bridge", "Lagos Ledger", "The bridge the city needs"),
        ("commentisfree/2026/nov/23/bridge", "Lagos Ledger", "The bridge the city needs"),
        ("bridge", "Lagos Ledger", "Opinion: The bridge the city needs"),
        ("bridge", "Lagos Ledger", "EDITORIAL | The bridge the city needs"),
        ("bridge", "Lagos Ledger Opinion", "The bridge the city needs"),
        ("ideas/archive/2026/11/bridge", "Lagos Monthly", "The bridge the city needs"),
        ("columns/2026/11/bridge", "Lagos Ledger", "The bridge the city needs"),
        ("breakingviews/lagos-bridge-bonds", "Wire", "Lagos bridge bonds need a sturdier base"),
    ])
    func filedAsOpinion(path: String, source: String, headline: String) {
        let article = F.article(path, source, headline, "The bridge opens on Monday.", minutesAgo: 10)
        #expect(OpinionPiece.isOpinion(article))
    }

    @Test(arguments: [
        ("news/2026/11/23/bridge-opens", "Lagos Ledger", "Bridge opens in Ikeja"),
        ("politics/opinion-poll-on-bridge", "Lagos Ledger", "Opinion poll: most back the bridge"),
        ("bridge", "Public Opinion Research Wire", "Bridge opens in Ikeja"),
        ("news/2026/11/23/bridge-ideas-contest", "Lagos Ledger", "Bridge design contest draws 40 ideas"),
    ])
    func reports(path: String, source: String, headline: String) {
        let article = F.article(path, source, headline, "The bridge opens on Monday.", minutesAgo: 10)
        #expect(!OpinionPiece.isOpinion(article))
    }

    @Test func anOpinionPieceIsNotStatedAsAgreement() throws {
        let articles = [
            F.article(
                "opinion/transit", "Accra Times", "A law Lagos needed",
                "Governor Tunde Adeyemi signed the Lagos transit bill in Ikeja on Monday, a law the city long needed.",
                minutesAgo: 30, authority: 90),
            F.article(
                "news/transit", "Lagos Ledger", "Transit law signed",
                "Governor Tunde Adeyemi signed the Lagos transit bill in Ikeja on Monday after a vote.",
                minutesAgo: 20, authority: 50),
        ]
        let consensus = try #require(StoryAnalyzer().analyze(articles, topic: .africa, now: F.now).consensus)
        #expect(consensus.contains("after a vote"), "\(consensus)")
        #expect(!consensus.contains("long needed"), "\(consensus)")
    }
}
