import Testing

@testable import Jarvis

/// robots.txt as RFC 9309 reads it, for our product token.
@Suite struct RobotsRulesTests {
    static let text = """
        # comments and blank lines are ignored
        User-agent: *
        Disallow: /private/
        Allow: /private/open.html
        Disallow: /*.pdf$
        Crawl-delay: 2

        User-agent: OtherBot
        Disallow: /

        User-agent: jarvispagefetcher
        User-agent: AnotherBot
        Disallow: /drafts
        Allow: /drafts/public
        Disallow: /search?q=
        """

    @Test func ourGroupWinsOverTheStar() {
        let rules = RobotsRules(parsing: Self.text, agent: "JarvisPageFetcher")
        #expect(!rules.allows("/drafts/x"))
        #expect(rules.allows("/drafts/public/y"), "longer allow wins")
        #expect(!rules.allows("/search?q=rates"))
        #expect(rules.allows("/private/secret"), "the * group does not apply once ours exists")
        #expect(rules.crawlDelay == nil)
    }

    @Test func starGroupAppliesWhenWeAreNotNamed() {
        let rules = RobotsRules(parsing: Self.text, agent: "SomeOtherFetcher")
        #expect(!rules.allows("/private/secret"))
        #expect(rules.allows("/private/open.html"))
        #expect(!rules.allows("/files/report.pdf"))
        #expect(rules.allows("/files/report.pdf?page=2"), "$ anchors the end")
        #expect(rules.allows("/news/story"))
        #expect(rules.crawlDelay == 2)
    }

    @Test(
        arguments: [
            ("User-agent: *\nDisallow:", "/anything", true),
            ("User-agent: *\nDisallow: /", "/anything", false),
            ("User-agent: *\nDisallow: /a\nAllow: /a", "/a/b", true),
            ("", "/x", true),
            ("Disallow: /\nUser-agent: *\nAllow: /", "/x", true),
            ("User-agent: *\nDisallow: /*/amp", "/news/story/amp", false),
            ("user-agent: JARVISPAGEFETCHER/2.0\ndisallow: /x", "/x/y", false),
        ] as [(String, String, Bool)])
    func edgeCases(_ text: String, _ path: String, _ allowed: Bool) {
        #expect(RobotsRules(parsing: text, agent: "JarvisPageFetcher").allows(path) == allowed)
    }
}
