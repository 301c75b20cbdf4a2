import Jarvis
import Testing

@Suite struct TextAnalyzerTests {
    let analyzer = TextAnalyzer()

    @Test func termsAreStemmedWithoutStopWords() {
        #expect(
            analyzer.terms("The central banks are raising interest rates") == ["central", "bank", "rais", "interest", "rate"])
        #expect(analyzer.terms("Inflation rose to 27.5% in October") == ["inflat", "rose", "27.5", "octob"])
    }

    @Test func entitiesAreCapitalisedSequences() {
        let entities = analyzer.entities("The Central Bank of Nigeria raised rates, said Governor Olayemi Cardoso in Abuja.")
        #expect(entities.contains("central bank of nigeria"))
        #expect(entities.contains("governor olayemi cardoso"))
        #expect(entities.contains("abuja"))
    }

    /// "New" is a stop word, but the name's own in "New Hampshire" (listed as "Hampshire" before).
    @Test func aPlaceNamedNewKeepsItsNew() {
        let entities = analyzer.entities("The New Hampshire primary and New York voters. New rules apply.")
        #expect(entities.contains("new hampshire") && entities.contains("new york"), "\(entities)")
        #expect(!entities.contains("new"), "\(entities)")
    }

    @Test func quantitiesKeepTheirUnits() {
        let q = analyzer.quantities("At least 12 people died and 1,200 were displaced; inflation hit 27.5%.")
        #expect(q.map(\.value) == [12, 1200, 27.5])
        #expect(q.map(\.unit) == ["people", "were", "%"])
    }

    @Test func sentencesRespectAbbreviationsAndNumbers() {
        let text = "Mr. Ruto spoke in Nairobi. Growth was 5.6 percent. Will it last? Analysts doubt it."
        #expect(
            analyzer.sentences(text) == [
                "Mr. Ruto spoke in Nairobi.", "Growth was 5.6 percent.", "Will it last?", "Analysts doubt it.",
            ])
    }

    @Test func initialsInsideANameDoNotEndASentence() {
        let text =
            "The library honours President George H.W. Bush. It opened in the U.S. Capitol in 1997. J.R.R. Tolkien wrote it."
        #expect(
            analyzer.sentences(text) == [
                "The library honours President George H.W. Bush.", "It opened in the U.S. Capitol in 1997.",
                "J.R.R. Tolkien wrote it.",
            ])
        #expect(analyzer.sentences("Talks resumed in Washington, D.C. Officials met on Monday.").count == 2)
    }

    @Test func monthsInBracketsAndClockTimesDoNotEndASentence() {
        #expect(
            analyzer.sentences("The launch is set for today (Sept. 12) in Florida. Shares rose.") == [
                "The launch is set for today (Sept. 12) in Florida.", "Shares rose.",
            ])
        #expect(
            analyzer.sentences("Lift-off came at 2:30 a.m. EST Tuesday from Florida. Both boosters landed.") == [
                "Lift-off came at 2:30 a.m. EST Tuesday from Florida.", "Both boosters landed.",
            ])
        #expect(analyzer.sentences("The blast came at 3 a.m. Police arrived an hour later.").count == 2)
    }

    @Test func aFullStopInsideClosingQuotesEndsTheSentence() {
        let text =
            "A supporter begins shouting \"white power.\" The president deleted the clip. "
            + "The minister called it “a turning point.” Talks resume on Monday (in Abuja.) Officials agreed. "
            + "“Why now?” she asked."
        #expect(
            analyzer.sentences(text) == [
                "A supporter begins shouting \"white power.\"", "The president deleted the clip.",
                "The minister called it “a turning point.”", "Talks resume on Monday (in Abuja.)", "Officials agreed.",
                "“Why now?” she asked.",
            ])
    }

    @Test func ranksAndCaseNamesDoNotEndASentence() {
        let text =
            "The case -- New York State Rifle & Pistol Association v. City of New York -- was argued. "
            + "Rev. Al Sharpton and Adm. Mike Rogers spoke. Capt. Lee and Sgt. Diaz were there."
        #expect(
            analyzer.sentences(text) == [
                "The case -- New York State Rifle & Pistol Association v. City of New York -- was argued.",
                "Rev. Al Sharpton and Adm. Mike Rogers spoke.", "Capt. Lee and Sgt. Diaz were there.",
            ])
    }
}
