import Testing

@testable import Jarvis

/// Consensus is a reported fact: never half a quotation, a hedge or the writer's judgement.
struct ReportedFactTests {
    @Test(arguments: [
        "We're all truly blessed to have a leader like this”",
        "The minister called it “a turning point for the region.",
        "Indeed, the evidence appears to support the council's position.",
        "The council seems to have lost the vote.",
        "Maybe the council will reopen the bridge next year.",
        "I’m the one who stopped the bridge from closing in March.",
        "We've asked the council to reopen the bridge by Friday.",
        "Didn’t know the council was the head of the bridge lobby.",
    ])
    func halfQuotesAndJudgementsAreNotReportedFacts(_ sentence: String) {
        #expect(ReportedFact.isOpinion(sentence))
    }

    @Test func reportedFactsWithQuotesStayFacts() {
        #expect(!ReportedFact.isOpinion("The minister called it “a turning point” on Tuesday."))
        #expect(!ReportedFact.isOpinion("The council voted 30 to 11 on Monday to close the bridge."))
    }

    @Test func theWritersFirstPersonIsFoundOutsideQuotesOnly() {
        #expect(ReportedFact.firstPersonOutsideQuotes("Two physicists we asked said the results were plausible."))
        #expect(ReportedFact.firstPersonOutsideQuotes("Based on our reporting, the council met 85 times."))
        #expect(ReportedFact.firstPersonOutsideQuotes("We must reopen the bridge, the governor said."))
        #expect(!ReportedFact.firstPersonOutsideQuotes("“We must reopen the bridge,” the governor said."))
        #expect(!ReportedFact.firstPersonOutsideQuotes("The governor said \"we will reopen it\" on Monday."))
        #expect(!ReportedFact.firstPersonOutsideQuotes("US and Nigerian officials met in World War I's old barracks."))
    }

    @Test func aClosingRemarkLeavesTheSharedClause() {
        let fine = "The commission’s €1.1 billion fine on Lumen is the largest yet under the act"
        #expect(ReportedFact.withoutClosingRemark(fine + ", and it lands at an awkward moment for trade.") == fine + ".")
        let vote = "The council voted to close the bridge on Monday"
        #expect(ReportedFact.withoutClosingRemark(vote + ", but they said the decision was painful.") == vote + ".")
    }

    @Test(arguments: [
        // A fact in the closing clause (a date, a name): the sentence is whole.
        "The panel blocked the map in any future elections, and it gave lawmakers until June 14 to draw a new one.",
        "The council voted to close the bridge on Monday, but they said Governor Adeyemi would review it.",
        // Not a clause with a pronoun subject: a list's last item.
        "The outage disrupted banking apps, airline check-in systems, and retailers across the whole continent.",
        // Too short to cut.
        "The council voted, and it was close.",
    ])
    func aSentenceWithoutAClosingRemarkIsWhole(_ sentence: String) {
        #expect(ReportedFact.withoutClosingRemark(sentence) == sentence)
    }

    @Test func aStatementHasSixWords() {
        #expect(!ReportedFact.isStatement("The mayor agreed."))
        #expect(ReportedFact.isStatement("The mayor agreed to reopen the bridge."))
        #expect(!ReportedFact.isStatement("Ticker Security Last Change FDX FEDEX CORPORATION 156.23 -4.99 -3.10%"))
        #expect(ReportedFact.isStatement("The bank raised its rate to 27.5% from 27% on Tuesday in Abuja."))
    }
}
