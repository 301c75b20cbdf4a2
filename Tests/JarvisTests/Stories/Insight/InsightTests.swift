import Foundation
import Jarvis
import Testing

private typealias F = InsightFixtures

private let analyzer = StoryAnalyzer()
private let text = TextAnalyzer()

private func insight(
    _ articles: [StoryArticle], topic: Topic = .africa, now: Date = F.now,
    using engine: StoryAnalyzer = analyzer
) -> StoryInsight {
    engine.analyze(articles, topic: topic, now: now)
}

/// A story about a new fuel tax, told by `count` outlets of the given authority.
private func taxStory(sources count: Int, authority: Int = 50, minutesAgo: Double = 30, region: String? = nil) -> [StoryArticle] {
    (0..<count).map { i in
        F.article(
            "t\(i)", "Outlet \(i)", "Treasury announces new fuel levy of 5% from July",
            "The treasury announced a new fuel levy of 5% that takes effect in July. Officials said the money would fund road repairs across the country. Motorists groups criticised the decision.",
            minutesAgo: minutesAgo + Double(i), authority: authority, region: region)
    }
}

@Suite struct InsightHeadlineTests {
    @Test func prefersAHeadlineThatStatesTheEventOverTheFirst() {
        let result = insight(F.rateHike, topic: .finance)
        // Not the first report's teaser ("WATCH: What the CBN did today") nor the question.
        let statingTheEvent = [
            "Central Bank of Nigeria raises benchmark rate to 27.5% to fight inflation",
            "Nigeria's central bank lifts rates again",
        ]
        #expect(statingTheEvent.contains(result.headline))
    }

    /// The headline the other reports agree with, not one outlet's angle on the story (the learned model reads
    /// how much a headline shares with the other headlines and reports).
    @Test func prefersTheHeadlineTheOtherReportsAgreeWith() {
        let body =
            "Kenya's parliament passed the finance bill on Thursday, raising taxes on fuel and mobile money. Protesters gathered outside parliament in Nairobi."
        let articles = [
            F.article(
                "a", "Coast Weekly", "Mombasa traders fear for their margins",
                body + " Traders in Mombasa said margins would shrink.",
                minutesAgo: 60, authority: 60),
            F.article(
                "b", "Nairobi Courier", "Kenya's parliament passes finance bill raising taxes", body, minutesAgo: 50,
                authority: 55),
            F.article(
                "c", "Rift Post", "Parliament passes Kenya finance bill despite protests", body, minutesAgo: 40, authority: 55),
        ]
        #expect(insight(articles).headline != "Mombasa traders fear for their margins")
    }

    /// An opinion piece (filed under /opinion/) is one writer's view: its headline is the story's only when no
    /// report gives one.
    @Test func anOpinionPiecesHeadlineIsNotTheStorys() {
        let body =
            "Kenya's parliament passed the finance bill on Thursday, raising taxes on fuel and mobile money. Protesters gathered outside parliament in Nairobi."
        let reports = [
            "Kenyan MPs approve finance bill with new fuel and mobile money taxes after heated debate",
            "Protests outside parliament in Nairobi as lawmakers back finance bill with new taxes",
        ]
        let articles = [
            F.article("opinion/k1", "Rift Post", "Kenya's parliament passes finance bill", body, minutesAgo: 50, authority: 95),
            F.article("k2", "Nairobi Courier", reports[0], body, minutesAgo: 40, authority: 40),
            F.article("k3", "Coast Weekly", reports[1], body, minutesAgo: 30, authority: 40),
        ]
        #expect(reports.contains(insight(articles).headline))
        // Opinion pieces alone: one of theirs is the headline.
        let opinions = [articles[0], F.article("opinion/k4", "Lake Gazette", reports[0], body, minutesAgo: 20)]
        #expect([articles[0].headline, reports[0]].contains(insight(opinions).headline))
    }

    @Test func authorityBreaksNearTies() {
        let body =
            "Kenya's treasury raised the fuel tax to 16% in the new budget on Thursday. Motorists in Nairobi said prices would rise."
        let articles = [
            F.article("a", "Small Blog", "Kenya raises fuel tax to 16% in new budget", body, minutesAgo: 50, authority: 30),
            F.article("b", "Big Wire", "Kenya raises fuel tax to 16% in the new budget", body, minutesAgo: 40, authority: 90),
        ]
        #expect(insight(articles).headline == "Kenya raises fuel tax to 16% in the new budget")
        let flipped = StoryAnalyzer(configuration: InsightConfiguration(sourceAuthority: ["small blog": 95, "BIG WIRE": 10]))
        #expect(insight(articles, using: flipped).headline == "Kenya raises fuel tax to 16% in new budget")
    }

    @Test func penalisesClickbaitCapsQuestionsAndLivePrefixes() {
        let body =
            "Kenya's treasury cut the fuel tax to 8% after a week of protests in Nairobi. The finance minister announced the change on Friday."
        let articles = [
            F.article("a", "Loud Wire", "YOU WON'T BELIEVE WHAT KENYA DID TO FUEL TAX", body, minutesAgo: 60, authority: 95),
            F.article(
                "b", "Quiz Daily", "Will Kenya's fuel tax cut to 8% calm the protests?", body, minutesAgo: 55, authority: 90),
            F.article("c", "Live Desk", "LIVE: Kenya fuel tax cut to 8% after protests", body, minutesAgo: 50, authority: 90),
            F.article(
                "d", "Plain Courier", "Kenya cuts fuel tax to 8% after week of protests", body, minutesAgo: 45, authority: 50),
        ]
        #expect(insight(articles).headline == "Kenya cuts fuel tax to 8% after week of protests")
    }

    @Test func dropsPresentationMarkersFromTheChosenHeadline() {
        let body =
            "Ghana's central bank raised its policy rate to 29% on Monday. The Bank of Ghana said inflation remained too high."
        let articles = [
            F.article(
                "a", "Accra Times", "BREAKING: Bank of Ghana raises policy rate to 29% - Accra Times", body, minutesAgo: 20,
                authority: 80),
            F.article("b", "Gold Coast Post", "Rates up", body, minutesAgo: 10, authority: 40),
        ]
        #expect(insight(articles).headline == "Bank of Ghana raises policy rate to 29%")
    }
}

@Suite struct InsightSummaryTests {
    static let stories: [(String, [StoryArticle])] = [
        ("rate hike", F.rateHike), ("collapse", F.collapse), ("outage", F.outage), ("election", F.singleElection),
        ("fuel", F.fuelPrice), ("drought", F.drought),
    ]

    @Test(arguments: stories) func summaryHasTwoOrThreeDistinctSentences(_ name: String, _ articles: [StoryArticle]) {
        let result = insight(articles)
        let sentences = text.sentences(result.summary)
        #expect((2...3).contains(sentences.count), "\(name): \(result.summary)")
        #expect(Set(sentences).count == sentences.count, "\(name): duplicate sentence")
        #expect(!result.summary.isEmpty)
        #expect(result.summary != result.headline)
        #expect(!sentences.contains(result.headline))
        #expect(result.summary.count <= 400)
    }

    @Test func singleArticleGetsItsLeadSentences() {
        let result = insight(F.singleElection, topic: .politics)
        let lead = text.sentences(F.singleElection[0].body)
        #expect(result.summary.hasPrefix(lead[0]))
        #expect(result.summary.contains(lead[1]))
    }

    @Test func syndicatedCopiesAreSummarisedOnce() {
        let result = insight(F.drought)
        let sentences = text.sentences(result.summary)
        #expect(Set(sentences).count == sentences.count)
    }

    @Test func emptyBodiesFallBackToTheOtherHeadlines() {
        let articles = [
            F.article("a", "Lagos Ledger", "Fuel queues return to Lagos filling stations", "", minutesAgo: 30, authority: 60),
            F.article("b", "Abuja Standard Wire", "Motorists wait hours for petrol in Lagos", "", minutesAgo: 20, authority: 85),
            F.article("c", "Accra Times", "Petrol scarcity hits Lagos again", "", minutesAgo: 10, authority: 40),
        ]
        let result = insight(articles)
        #expect(!result.summary.isEmpty)
        #expect(result.summary != result.headline)
        #expect(result.summary.contains("Also reported by"))
    }

    @Test func emptySingleArticleSaysHonestlyThatThereIsNoMore() {
        let articles = [F.article("a", "Lagos Ledger", "Fuel queues return to Lagos", "", minutesAgo: 30)]
        let result = insight(articles)
        #expect(result.summary == "Lagos Ledger reports: Fuel queues return to Lagos. No further details were available yet.")
    }

    /// A sentence in the first person, or half a quotation whose start is in the sentence before, is one voice
    /// without its attribution: the summary takes the reported sentences around it instead.
    @Test func firstPersonAndHalfQuotationsAreNotSummarised() {
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Governor signs Lagos transit law",
                "We have waited ten years for buses that arrive on time in Lagos and Ikeja.” "
                    + "Governor Tunde Adeyemi signed the Lagos transit bill into law on Monday in Ikeja. "
                    + "The law creates a transit authority for Lagos with a budget of 40 billion naira.",
                minutesAgo: 30),
            F.article(
                "b", "Accra Times", "Lagos gets a transit authority",
                "I think the buses in Lagos and Ikeja will finally arrive on time, a commuter said. "
                    + "Governor Tunde Adeyemi signed the bill on Monday, creating a Lagos transit authority. "
                    + "The authority will run buses in Lagos and Ikeja from January with 40 billion naira.",
                minutesAgo: 20),
        ]
        let summary = insight(articles).summary
        #expect(summary.contains("transit authority"), "\(summary)")
        #expect(!summary.contains("We have waited") && !summary.contains("I think"), "\(summary)")
    }

    @Test func oneLinerBodiesThatRepeatTheHeadlineAreNotTheSummary() {
        let articles = [
            F.article("a", "Lagos Ledger", "Fuel queues return to Lagos", "Fuel queues return to Lagos", minutesAgo: 30),
            F.article("b", "Accra Times", "Fuel queues return to Lagos", "Fuel queues return to Lagos.", minutesAgo: 20),
        ]
        let result = insight(articles)
        #expect(!result.summary.isEmpty)
        #expect(result.summary != result.headline)
        #expect(result.summary.contains("Lagos Ledger"))
    }

    @Test func summaryStaysWithinTheCap() {
        let long =
            String(repeating: "The committee discussed the long and winding budget proposal in great detail again ", count: 8)
            + "."
        let articles = [
            F.article("a", "Lagos Ledger", "Budget debate drags on in Abuja", long, minutesAgo: 30),
            F.article(
                "b", "Accra Times", "Nigeria budget debate continues",
                long + " Lawmakers in Abuja adjourned until Monday without a vote on the plan.", minutesAgo: 20),
        ]
        let result = insight(articles)
        #expect(result.summary.count <= 400)
        #expect(!result.summary.isEmpty)
    }
}

@Suite struct InsightAgreementTests {
    @Test func consensusStatesWhatAllSourcesShare() throws {
        let consensus = try #require(insight(F.rateHike, topic: .finance).consensus)
        #expect(consensus.hasPrefix("All 4 sources agree: "))
        #expect(consensus.contains("Central Bank of Nigeria"))
        #expect(consensus.contains("27.5%"))
    }

    @Test func consensusNeedsAMajority() {
        var articles = F.rateHike
        // Two new outlets that mention neither the bank nor the figure: 4 of 6 is still a majority…
        articles.append(
            F.article(
                "x1", "Rift Valley Post", "Markets react to Nigerian decision",
                "Shares in Nairobi fell on Wednesday after traders digested the news.", minutesAgo: 60))
        articles.append(
            F.article(
                "x2", "Sahel Observer", "Investors weigh West African outlook",
                "Investors in Dakar said they were watching regional currencies.", minutesAgo: 50))
        let six = insight(articles).consensus
        #expect(six?.hasPrefix("Most sources agree (4 of 6)") == true, "\(six ?? "nil")")
        // …but 4 of 8 is not.
        articles.append(
            F.article(
                "x3", "Cape Ledger", "Rand steady as investors look north",
                "The rand held steady against the dollar on Wednesday.", minutesAgo: 40))
        articles.append(
            F.article(
                "x4", "Kampala Daily", "Ugandan shilling firms",
                "The shilling firmed against the dollar in thin trading.", minutesAgo: 30))
        let eight = insight(articles).consensus
        #expect(eight?.contains("27.5%") != true, "\(eight ?? "nil")")
    }

    @Test func noConsensusForASingleSourceOrNothingShared() {
        #expect(insight(F.singleElection).consensus == nil)
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Storm hits coastal town", "Heavy rain fell across the region overnight, officials said.",
                minutesAgo: 30),
            F.article(
                "b", "Accra Times", "Residents told to stay indoors", "Residents were told to stay indoors until further notice.",
                minutesAgo: 20),
        ]
        #expect(insight(articles).consensus == nil)
    }

    @Test func conflictingDeathTollsAreAttributed() {
        #expect(
            insight(F.collapse).conflict
                == "Sources differ on the death toll: Lagos Ledger reports 12, Nairobi Courier reports 15.")
    }

    @Test func conflictingPercentagesAreAttributed() throws {
        let articles = [
            F.article(
                "a", "Nairobi Courier", "Kenya inflation rises in May",
                "Kenya's inflation rose to 6.8% in May, the statistics office said. Food prices drove the increase.",
                minutesAgo: 30),
            F.article(
                "b", "Rift Valley Post", "Kenyan inflation climbs",
                "Inflation in Kenya climbed to 7.1% in May on higher food costs. The central bank meets next week.",
                minutesAgo: 25),
            F.article(
                "c", "Mombasa Herald", "Inflation up in Kenya",
                "Kenya's annual inflation reached 6.8% in May, driven by food. Traders expect further increases.", minutesAgo: 20),
        ]
        let conflict = try #require(insight(articles).conflict)
        #expect(
            conflict
                == "Sources differ on inflation: Nairobi Courier and Mombasa Herald report 6.8%, Rift Valley Post reports 7.1%.")
    }

    @Test func roundingIsNotAConflict() {
        // 27.5% and 27.50% appear in the rate story.
        #expect(insight(F.rateHike).conflict == nil)
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Naira loans", "The bank said loans grew by 3.2 billion naira last quarter.", minutesAgo: 30),
            F.article(
                "b", "Accra Times", "Naira loans", "The bank said loans grew by 3.15 billion naira last quarter.", minutesAgo: 20),
        ]
        #expect(insight(articles).conflict == nil)
    }

    /// Two reports with the same headline that are no conflict: money rounded in print ("$600 million" for $601
    /// million), and a source that gives both values elsewhere, one estimated or under another subject (the real
    /// events set stated both as conflicts: "$601 million" / "$600 million"; "about 260 miles and 167 miles" of two
    /// missiles).
    @Test(arguments: [
        (
            "Port fund", "The ministry raised $601 million for the Apapa port upgrade on Monday.",
            "The ministry raised $600 million for the Apapa port upgrade on Monday."
        ),
        (
            "Two rockets fired",
            "The first rocket flew about 260 miles and the second flew 167 miles over the sea off Lagos.",
            "The first rocket flew 260 miles over the sea off Lagos, the navy said."
        ),
    ])
    func reportsThatAreNoConflict(headline: String, first: String, second: String) {
        let articles = [
            F.article("a", "Lagos Ledger", headline, first, minutesAgo: 30),
            F.article("b", "Accra Times", headline, second, minutesAgo: 20),
        ]
        #expect(insight(articles).conflict == nil)
    }

    /// The samples' takeover said "report €14 billion" where one source printed €14.2bn and another "about €14bn".
    @Test func aSharedFigureIsShownAsItsMostPreciseReport() throws {
        let articles = [
            F.article("a", "Lagos Ledger", "Bank deal", "Deal value: about €14bn.", minutesAgo: 30),
            F.article("b", "Accra Times", "Bank deal", "Deal value: €14.2bn.", minutesAgo: 20),
        ]
        let consensus = try #require(insight(articles).consensus)
        #expect(consensus.contains("€14.2 billion"), "\(consensus)")
    }

    /// "The European Commission’s fine" names the European Commission: a possessive is the same name, so a third
    /// voice agrees on it (the samples' fine story quoted a remark instead of the shared report).
    @Test func aPossessiveNamesTheSameAsItsName() throws {
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Transit bill", "The Lagos Assembly’s vote approved 40 billion naira for transit.",
                minutesAgo: 40),
            F.article(
                "b", "Accra Times", "Transit bill", "The Lagos Assembly passed a 40 billion naira transit bill after a debate.",
                minutesAgo: 30),
            F.article(
                "c", "Nairobi Courier", "Transit bill", "The Lagos Assembly set aside 40 billion naira for new bus lanes.",
                minutesAgo: 20),
            F.article("d", "Kano Star", "Commuters wait", "Commuters waited for buses in the rain this morning.", minutesAgo: 10),
        ]
        let consensus = try #require(insight(articles).consensus)
        // A statement the sources share, not the quoted fallback ("… report 40 billion naira. Accra Times: “…”").
        #expect(consensus.hasPrefix("Most sources agree (3 of 4): the Lagos Assembly"), "\(consensus)")
    }

    @Test func aDisputedCountIsNoConsensus() {
        // Two voices share "12 members" and "27%", but one says nine voted for the cut and the other eight.
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Bank cuts rate",
                "Nine of the 12 members of the committee voted for the cut, while "
                    + "three favoured holding the rate at 27%, the governor said in Abuja.", minutesAgo: 90),
            F.article(
                "b", "Accra Times", "Rate cut",
                "Eight of the 12 members of the committee voted for the cut, while "
                    + "four favoured holding the rate at 27%, the governor said in Abuja.", minutesAgo: 60),
        ]
        let consensus = insight(articles).consensus ?? ""
        #expect(!consensus.contains("Nine of"))
        #expect(!consensus.contains("Eight of"))
    }

    /// Three sources put inflation at 6.8% and one at 7.1%: the conflict states it, and no consensus line
    /// restates 6.8% as agreed — not even from a sentence worded unlike the disputed ones.
    @Test func aDisputedValueIsTheConflictsNotTheConsensus() throws {
        let articles = [
            F.article(
                "a", "Nairobi Courier", "Kenya inflation rises in May",
                "Kenya's inflation rose to 6.8% in May, the statistics office said. The shilling held at 129 to the dollar.",
                minutesAgo: 40),
            F.article(
                "b", "Rift Valley Post", "Kenyan inflation climbs",
                "Inflation in Kenya climbed to 7.1% in May on higher food costs. The shilling held at 129 to the dollar.",
                minutesAgo: 30),
            F.article(
                "c", "Mombasa Herald", "Inflation up in Kenya",
                "Kenya's annual inflation reached 6.8% in May, driven by food. The shilling held at 129 to the dollar.",
                minutesAgo: 20),
            F.article(
                "d", "Kisumu Times", "Prices in Kenya",
                "When the statistics office published its 6.8% figure, traders were not the only ones surprised. "
                    + "The shilling held at 129 to the dollar.",
                minutesAgo: 10),
        ]
        let story = insight(articles)
        let conflict = try #require(story.conflict)
        #expect(conflict.contains("7.1%"))
        #expect(!(story.consensus ?? "").contains("6.8"), "\(story.consensus ?? "")")
    }

    @Test func aDisputeOverVotingDistrictsIsNoVoteCount() throws {
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Party demands recount",
                "The party asked the commission to recount votes in 41 voting districts in Lagos.", minutesAgo: 40),
            F.article(
                "b", "Accra Times", "Recount ordered",
                "The commission ordered recounts of the votes in 12 of the 37 voting districts disputed by the party.",
                minutesAgo: 20),
        ]
        let conflict = try #require(insight(articles).conflict)
        #expect(conflict.hasPrefix("Sources differ on the number of voting districts:"), "\(conflict)")
    }

    @Test func aDealValueInEurosAndInTheEuroSignIsOneQuantity() throws {
        let articles = [
            F.article(
                "a", "Rhine Wire", "Bank takeover agreed",
                "Hanse Union agreed to buy Banca Adriatica in an all-share deal valued at 13.8 billion euros, the banks said.",
                minutesAgo: 40),
            F.article(
                "b", "Bourse Daily", "Hanse Union buys Adriatica",
                "Hanse Union has agreed to buy Banca Adriatica in an all-share deal worth €14.2bn, the banks said.",
                minutesAgo: 20),
        ]
        let conflict = try #require(insight(articles).conflict)
        #expect(conflict.contains("13.8 billion euros") && conflict.contains("€14.2"), "\(conflict)")
    }

    @Test func pricesForDifferentThingsAreNoDispute() {
        let articles = [
            F.article(
                "a", "Accra Ledger", "Cocoa price raised",
                "Ghana raised the cocoa price paid to farmers to GH¢61,600 a tonne from December 1, the board said.",
                minutesAgo: 40),
            F.article(
                "b", "Kumasi Times", "Farmers welcome cocoa price",
                "Ghana raised the cocoa price paid to farmers to GH¢3,850 a bag from December 1, the board said.",
                minutesAgo: 20),
        ]
        #expect(insight(articles).conflict == nil)
    }

    /// The same price told differently is a dispute even when everything else in the two sentences differs, and
    /// a source's earlier value ("the previous price was …") is history, not a second report.
    @Test func aPriceOfTheSameThingToldDifferentlyIsADispute() throws {
        let articles = [
            F.article(
                "a", "Accra Ledger", "Cocoa price raised",
                "Ghana raised the price it pays cocoa farmers to 3,800 cedis per 64-kg bag from December 1, the board "
                    + "said. The previous price was 3,625 cedis per bag.",
                minutesAgo: 40),
            F.article(
                "b", "Kumasi Times", "Farmers welcome new price",
                "Cocoa farmers in Sefwi Wiawso have welcomed the increase in the producer price to GH¢3,850 a bag, but "
                    + "say late payment remains their biggest problem.",
                minutesAgo: 20),
        ]
        let conflict = try #require(insight(articles).conflict)
        #expect(conflict.contains("3,800 cedis per bag") && conflict.contains("GH¢3,850 a bag"), "\(conflict)")
        #expect(!conflict.contains("3,625"), "\(conflict)")
    }

    @Test func aListedNameAppearsOnceAsPrinted() throws {
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Adeyemi wins",
                "Governor Tunde Adeyemi took 55% of the 1.2 million votes cast in Ibadan, where Adeyemi’s rivals conceded.",
                minutesAgo: 30),
            F.article(
                "b", "Accra Times", "Landslide in Oyo",
                "Adeyemi’s 55% share of 900,000 ballots stunned observers in Ogbomosho, who had expected Governor Tunde Adeyemi to lose.",
                minutesAgo: 20),
        ]
        let consensus = try #require(insight(articles).consensus)
        #expect(consensus.contains("55%"), "\(consensus)")
        #expect(consensus.hasSuffix("name Governor Tunde Adeyemi."), "\(consensus)")
    }

    /// An adjective of nationality is no name to list ("name Banca Adriatica, Italian and Hanse Union").
    @Test func anAdjectiveOfNationalityIsNotListedAsAName() throws {
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Adeyemi wins",
                "Italian observers said Governor Tunde Adeyemi took 55% of the 1.2 million votes cast in Ibadan.",
                minutesAgo: 30),
            F.article(
                "b", "Accra Times", "Landslide in Oyo",
                "Adeyemi’s 55% share of 900,000 ballots stunned Italian observers, who had expected Governor Tunde Adeyemi to lose.",
                minutesAgo: 20),
        ]
        let consensus = try #require(insight(articles).consensus)
        #expect(consensus.contains("55%") && !consensus.contains("Italian"), "\(consensus)")
    }

    /// A line without a sentence's end — a headline printed in the body, a list lead-in ending in a colon — is
    /// not stated as consensus, though both sources print it.
    @Test func aSharedLineWithoutASentenceEndIsNotStated() {
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Assembly vote",
                "Governor Tunde Adeyemi signs the Lagos transit bill into law\nThe Lagos assembly passed it on Monday.",
                minutesAgo: 30),
            F.article(
                "b", "Accra Times", "Transit law",
                "Governor Tunde Adeyemi signs the Lagos transit bill into law\nBuses in Lagos will change routes.",
                minutesAgo: 20),
        ]
        let consensus = insight(articles).consensus ?? ""
        #expect(!consensus.contains("into law"), "\(consensus)")
    }

    @Test func aSharedLineThatLeansOnTheOneBeforeIsNotStated() {
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Adeyemi on the bridge",
                "Engineers worked on the span overnight.\nIn a statement, he said the Lagos bridge will reopen in Ikeja.",
                minutesAgo: 30),
            F.article(
                "b", "Accra Times", "Bridge to reopen",
                "Traffic was diverted all morning.\nIn a statement, he said the Lagos bridge will reopen in Ikeja.",
                minutesAgo: 20),
        ]
        let consensus = insight(articles).consensus ?? ""
        #expect(!consensus.contains("he said"), "\(consensus)")
    }

    @Test func aSharedFigureIsQuotedFromASentenceThatCarriesIt() throws {
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Adeyemi wins",
                "Governor Tunde Adeyemi took 55% of the vote in Ibadan, where his rivals conceded on Sunday.",
                minutesAgo: 30),
            F.article(
                "b", "Accra Times", "Landslide in Oyo",
                "Observers in Ogbomosho said a 55% share for the governor was the largest since 1999.",
                minutesAgo: 20),
        ]
        let consensus = try #require(insight(articles).consensus)
        #expect(consensus.hasPrefix("Both sources report 55%. "), "\(consensus)")
        #expect(consensus.contains(": “") && consensus.hasSuffix("”"), "\(consensus)")
    }

    @Test func aSharedDateIsQuotedWithWhatHappensThen() throws {
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Port rules change",
                "New port rules in Apapa start on January 15, officials at the Lagos harbour office said.", minutesAgo: 30),
            F.article(
                "b", "Accra Times", "Shippers brace",
                "Shippers in Tema expect delays when the Apapa rules begin on January 15, freight agents said.",
                minutesAgo: 20),
        ]
        let consensus = try #require(insight(articles).consensus)
        #expect(consensus.hasPrefix("Both sources report January 15. "), "\(consensus)")
        #expect(consensus.contains("Apapa") && consensus.hasSuffix("”"), "\(consensus)")
    }

    @Test func sharedNamesAloneAreNoConsensus() {
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Levy talks",
                "Officials in Nairobi met leaders of Haki Monitor Network on Monday "
                    + "to discuss the fuel levy.", minutesAgo: 90),
            F.article(
                "b", "Accra Times", "Marchers vow return",
                "Haki Monitor Network said its members would march again "
                    + "in Nairobi and Kisumu next week.", minutesAgo: 60),
        ]
        #expect(insight(articles).consensus == nil)
    }

    @Test func figuresInUnrelatedSentencesAreNoConflict() {
        // Same unit and subject, different things: a House vote and a committee vote.
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Budget passes", "The House passed the budget with 240 votes on Friday evening.",
                minutesAgo: 90),
            F.article(
                "b", "Accra Times", "Budget passes", "Earlier, a panel of senior ministers backed the plan with 28 votes.",
                minutesAgo: 60),
        ]
        #expect(insight(articles).conflict == nil)
    }

    @Test func differentUnitsAreNotCompared() {
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Floods in Maiduguri", "Floods in Maiduguri killed 12 people on Sunday, officials said.",
                minutesAgo: 30),
            F.article(
                "b", "Accra Times", "Maiduguri floods",
                "Floods in Maiduguri killed 15 cattle and destroyed crops, officials said.", minutesAgo: 20),
        ]
        #expect(insight(articles).conflict == nil)
    }

    @Test func aSourceGivingBothValuesExplainsTheDifference() {
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Kano collapse", "At least 12 people died when the building collapsed in Kano.",
                minutesAgo: 90),
            F.article(
                "b", "Nairobi Courier", "Kano collapse toll", "The collapse in Kano killed 15 people, officials said.",
                minutesAgo: 60),
            F.article(
                "c", "Accra Times", "Kano toll rises",
                "The death toll in Kano rose from 12 to 15 people overnight, officials said.", minutesAgo: 30),
        ]
        #expect(insight(articles).conflict == nil)
    }

    @Test func contradictingClaimsAreAttributed() throws {
        let articles = [
            F.article(
                "a", "Lagos Ledger", "Minister resignation report",
                "The presidency denied that Finance Minister Wale Edun had resigned on Friday.", minutesAgo: 30),
            F.article(
                "b", "Accra Times", "Nigerian finance minister quits",
                "The presidency confirmed that Finance Minister Wale Edun had resigned on Friday.", minutesAgo: 20),
        ]
        let conflict = try #require(insight(articles).conflict)
        #expect(conflict.hasPrefix("Sources contradict each other: Lagos Ledger reports a denial"))
        #expect(conflict.contains("Accra Times reports a confirmation"))
    }

    @Test func noConflictWhenSourcesAgree() {
        #expect(insight(F.outage, topic: .tech).conflict == nil)
        #expect(insight(F.singleElection).conflict == nil)
        #expect(insight(F.drought).conflict == nil)
    }
}

@Suite struct InsightBreakingTests {
    @Test func feedFlagMakesAnArticleBreaking() {
        var articles = F.collapse
        articles[1].isBreakingFlag = true
        let breaking = insight(articles).breaking
        #expect(breaking == ["c1": false, "c2": true])
    }

    @Test(arguments: [
        ("BREAKING: Bank of Ghana raises rates", true), ("Breaking news - Floods in Accra", true),
        ("Just in: Kenya's president signs budget", true), ("Developing: Explosion in Cairo", true),
        ("URGENT Lagos airport closed", true), ("Nigeria — BREAKING: fuel price rises", true),
        ("Breaking the bank: why rates rise", false), ("Developing nations seek debt relief", false),
        ("Urgent need for reform, says minister", false), ("Just income, says union", false),
    ])
    func titleMarkers(_ title: String, _ expected: Bool) {
        let article = F.article("a", "Lagos Ledger", title, "Some text about the event in the city today.", minutesAgo: 600)
        #expect(insight([article]).breaking["a"] == expected)
    }

    @Test func earliestReportOfAFastMovingRecentStoryIsBreaking() {
        // t2 is the earliest report (62 min ago), t1 and t0 follow within minutes.
        let breaking = insight(taxStory(sources: 3, minutesAgo: 60)).breaking
        #expect(breaking == ["t0": false, "t1": false, "t2": true])
    }

    @Test func notBreakingWhenOldSlowOrThin() {
        #expect(insight(taxStory(sources: 3, minutesAgo: 7 * 60)).breaking.values.allSatisfy { !$0 })
        #expect(insight(taxStory(sources: 2, minutesAgo: 60)).breaking.values.allSatisfy { !$0 })
        var slow = taxStory(sources: 3, minutesAgo: 60)
        slow[0].publishedAt = F.now.addingTimeInterval(-5 * 3600)  // the others came 4 h later
        #expect(insight(slow).breaking.values.allSatisfy { !$0 })
        // Syndicated copies are one source.
        var copies = taxStory(sources: 3, minutesAgo: 60)
        for i in copies.indices { copies[i].contentHash = "same" }
        #expect(insight(copies).breaking.values.allSatisfy { !$0 })
    }
}

@Suite struct InsightScoreTests {
    static let fixtures: [(String, [StoryArticle], Topic)] =
        F.references.map { ($0.name, $0.articles, $0.topic) }
        + [("drought", F.drought, .africa), ("tax", taxStory(sources: 6), .finance)]

    @Test(arguments: fixtures) func partsAreInRangeAndSumExactly(_ name: String, _ articles: [StoryArticle], _ topic: Topic) {
        let score = insight(articles, topic: topic).score
        #expect((0...25).contains(score.sourceAuthority))
        #expect((0...25).contains(score.freshness))
        #expect((0...15).contains(score.localRelevance))
        #expect((0...20).contains(score.crossSourceConfirmation))
        #expect((0...15).contains(score.topicImportance))
        #expect(
            score.total == score.sourceAuthority + score.freshness + score.localRelevance
                + score.crossSourceConfirmation + score.topicImportance)
        #expect((0...100).contains(score.total))
        #expect(analyzer.score(articles, topic: topic, now: F.now) == score)
    }

    @Test func authorityMovesWithSourceWeights() {
        let articles = taxStory(sources: 2)
        let parts = [10, 40, 70, 100].map { weight in
            insight(
                articles,
                using: StoryAnalyzer(
                    configuration: InsightConfiguration(sourceAuthority: ["Outlet 0": weight, "Outlet 1": weight]))
            ).score.sourceAuthority
        }
        #expect(parts == [3, 10, 18, 25])
        // The feed's own authority and the default count when there is no override.
        #expect(insight(taxStory(sources: 2, authority: 80)).score.sourceAuthority == 20)
        let unknown = taxStory(sources: 2).map {
            var a = $0
            a.sourceAuthority = nil
            return a
        }
        #expect(
            insight(unknown, using: StoryAnalyzer(configuration: InsightConfiguration(defaultAuthority: 20))).score
                .sourceAuthority == 5)
    }

    @Test func freshnessDecaysWithAge() {
        let articles = taxStory(sources: 2, minutesAgo: 0)
        let parts = [0.0, 3, 6, 12, 24, 72].map { hours in
            insight(articles, now: F.now.addingTimeInterval(hours * 3600)).score.freshness
        }
        #expect(parts.first == 25)
        #expect(parts == parts.sorted(by: >))
        #expect(Set(parts).count == parts.count - 0 || parts.last == 0)
        #expect(parts[2] == 13)  // one half-life (6 h, 1 min after the latest report)
        let slow = StoryAnalyzer(configuration: InsightConfiguration(freshnessHalfLife: 24 * 3600))
        #expect(insight(articles, now: F.now.addingTimeInterval(12 * 3600), using: slow).score.freshness > parts[3])
    }

    @Test func localRelevanceMovesWithHomeMentions() {
        func story(_ headline: String, _ body: String, region: String? = nil) -> [StoryArticle] {
            [
                F.article("a", "Outlet A", headline, body, minutesAgo: 30, region: region),
                F.article("b", "Outlet B", headline, body, minutesAgo: 20, region: region),
            ]
        }
        let none = insight(story("Fuel levy announced", "The treasury announced a fuel levy. Drivers complained.")).score
            .localRelevance
        let bodyOnce = insight(story("Fuel levy announced", "The treasury in Nairobi announced a fuel levy. Drivers complained."))
            .score.localRelevance
        let bodyTwice = insight(
            story("Fuel levy announced", "The treasury in Nairobi announced a fuel levy. Kenyan drivers complained.")
        ).score.localRelevance
        let headline = insight(
            story("Kenya announces fuel levy", "The treasury in Nairobi announced a fuel levy. Kenyan drivers complained.")
        ).score.localRelevance
        let feed = insight(
            story(
                "Kenya announces fuel levy", "The treasury in Nairobi announced a fuel levy. Kenyan drivers complained.",
                region: "ke")
        ).score.localRelevance
        #expect(none == 0)
        #expect(none < bodyOnce && bodyOnce < bodyTwice && bodyTwice < headline && headline < feed)
        #expect(feed == 15)
        // Another home region moves it the other way.
        let europe = StoryAnalyzer(
            configuration: InsightConfiguration(
                homeRegion: HomeRegion(name: "Europe", places: ["france", "paris"], feedRegions: ["fr"])))
        #expect(
            insight(story("Kenya announces fuel levy", "Kenyan drivers complained."), using: europe).score.localRelevance == 0)
        #expect(
            insight(story("France announces fuel levy", "Drivers in Paris complained."), using: europe).score.localRelevance > 0)
    }

    @Test func confirmationGrowsWithIndependentSources() {
        let parts = (1...7).map { insight(taxStory(sources: $0)).score.crossSourceConfirmation }
        #expect(parts[0] <= 4)
        #expect(parts == [0, 9, 14, 17, 20, 20, 20])
        // Syndicated copies under other names do not confirm anything.
        var copies = taxStory(sources: 4)
        for i in copies.indices { copies[i].contentHash = "wire" }
        #expect(insight(copies).score.crossSourceConfirmation == 0)
        // Several articles from one outlet are one source.
        var sameOutlet = taxStory(sources: 4)
        for i in sameOutlet.indices { sameOutlet[i].source = "Outlet 0" }
        #expect(insight(sameOutlet).score.crossSourceConfirmation == 0)
    }

    @Test func topicImportanceMovesWithTopicAndSubject() {
        let plain = [
            F.article(
                "a", "Outlet A", "Company opens new office",
                "The company opened a new office downtown on Monday. Staff moved in this week.", minutesAgo: 30)
        ]
        let tech = insight(plain, topic: .tech).score.topicImportance
        let politics = insight(plain, topic: .politics).score.topicImportance
        #expect(tech == 4 && politics == 6)
        let bodyKeyword = [
            F.article(
                "a", "Outlet A", "Company opens new office",
                "The company opened a new office downtown on Monday. Staff worried about a data breach.", minutesAgo: 30)
        ]
        let headlineKeyword = [
            F.article(
                "a", "Outlet A", "Company hit by data breach",
                "The company opened a new office downtown on Monday. Staff worried about a data breach.", minutesAgo: 30)
        ]
        let inBody = insight(bodyKeyword, topic: .tech).score.topicImportance
        let inHeadline = insight(headlineKeyword, topic: .tech).score.topicImportance
        #expect(tech < inBody && inBody < inHeadline)
        let heavy = [
            F.article(
                "a", "Outlet A", "War and coup fears as election nears amid inflation", "Inflation and the election dominate.",
                minutesAgo: 30)
        ]
        #expect(insight(heavy, topic: .politics).score.topicImportance == 15)
    }

    @Test func everyPartMovesWhenOnlyItsInputMoves() {
        let base = insight(taxStory(sources: 2, authority: 50, minutesAgo: 60), topic: .finance).score
        let moreAuthority = insight(taxStory(sources: 2, authority: 90, minutesAgo: 60), topic: .finance).score
        #expect(moreAuthority.sourceAuthority > base.sourceAuthority)
        #expect(
            moreAuthority.freshness == base.freshness && moreAuthority.localRelevance == base.localRelevance
                && moreAuthority.crossSourceConfirmation == base.crossSourceConfirmation
                && moreAuthority.topicImportance == base.topicImportance)
        let older = insight(taxStory(sources: 2, authority: 50, minutesAgo: 600), topic: .finance).score
        #expect(older.freshness < base.freshness && older.sourceAuthority == base.sourceAuthority)
        let local = insight(taxStory(sources: 2, authority: 50, minutesAgo: 60, region: "ng"), topic: .finance).score
        #expect(local.localRelevance > base.localRelevance && local.freshness == base.freshness)
        let confirmed = insight(taxStory(sources: 3, authority: 50, minutesAgo: 60), topic: .finance).score
        #expect(
            confirmed.crossSourceConfirmation > base.crossSourceConfirmation && confirmed.sourceAuthority == base.sourceAuthority)
        let politics = insight(taxStory(sources: 2, authority: 50, minutesAgo: 60), topic: .africa).score
        #expect(politics.topicImportance < base.topicImportance && politics.freshness == base.freshness)
    }
}

@Suite struct InsightDeterminismTests {
    @Test func sameInputInAnyOrderGivesTheSameInsight() {
        for story in [F.rateHike, F.collapse, F.outage, F.fuelPrice, F.drought] {
            let reference = insight(story)
            #expect(insight(story) == reference)
            #expect(insight(Array(story.reversed())) == reference)
            #expect(insight([story[story.count - 1]] + story.dropLast()) == reference)
            #expect(StoryAnalyzer().analyze(story, topic: .africa, now: F.now) == reference)
        }
    }

    @Test func emptyStoryStillHasTextAndAScore() {
        let result = insight([])
        #expect(!result.summary.isEmpty && !result.headline.isEmpty)
        #expect(result.score.total == 0)
    }
}

@Suite struct InsightRougeTests {
    @Test func rougeOneCountsClippedUnigrams() {
        #expect(Rouge.unigramRecall(candidate: "the cat sat on the mat", reference: "the cat sat") == 1)
        #expect(Rouge.unigramRecall(candidate: "the cat", reference: "the cat sat on the mat") == 2.0 / 6)
        #expect(Rouge.unigramPrecision(candidate: "the the the", reference: "the cat") == 1.0 / 3)
        #expect(abs(Rouge.f1(candidate: "a b c d", reference: "a b x y") - 0.5) < 1e-12)
        #expect(Rouge.unigramRecall(candidate: "", reference: "a") == 0)
        #expect(Rouge.f1(candidate: "A, B!", reference: "a b") == 1)
    }

    @Test func summariesRecallMostOfTheReferenceWords() {
        var recalls: [Double] = []
        for story in F.references {
            let summary = insight(story.articles, topic: story.topic).summary
            let scores = Rouge.rouge1(candidate: summary, reference: story.reference)
            recalls.append(scores.recall)
            print(
                "ROUGE-1 \(story.name): recall \(String(format: "%.3f", scores.recall)), F1 \(String(format: "%.3f", scores.f1))")
            #expect(scores.recall >= 0.4, "\(story.name): \(summary)")
        }
        let mean = recalls.reduce(0, +) / Double(recalls.count)
        print("ROUGE-1 mean recall over \(recalls.count) stories: \(String(format: "%.3f", mean))")
        #expect(mean >= 0.6)
    }
}
