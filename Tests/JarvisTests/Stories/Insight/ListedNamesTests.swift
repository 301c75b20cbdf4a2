import Testing

@testable import Jarvis

/// The names a list-form consensus prints ("Most sources (2 of 3) report 55% and name …").
struct ListedNamesTests {
    /// "Nov." of a shared "Nov. 6" is part of the date and "Gen." part of a name: neither is a name to list
    /// (the real events set gave "name California, Humane Society and Nov.").
    @Test func abbreviationsAreNotListedAsNames() {
        #expect(
            ProperNames.listedNames(["California", "Humane Society", "Nov", "Gen."]) == ["California", "Humane Society"])
    }

    /// "name Catholic Church, Despite and Pennsylvania Attorney General Josh Shapiro", "name Biden, Buttigieg and
    /// Democratic" (the real events set): a sentence's first word and a party's adjective are no names.
    @Test func sentenceAdverbsAndAdjectivesAreNotListedAsNames() {
        #expect(
            ProperNames.listedNames(["Catholic Church", "Despite", "Indeed", "Buttigieg", "Democratic"])
                == ["Catholic Church", "Buttigieg"])
    }

    /// "name Union, congress and Democrats" (the real events set): the first case-blind match was inside a word.
    @Test func aNameIsShownAsPrintedCapitalised() {
        let sentence = "The congressional vote in Congress went to Lagos."
        #expect(ProperNames.printedCapitalised("congress", in: sentence) == "Congress")
        #expect(ProperNames.printedCapitalised("lagos", in: sentence) == "Lagos")
        #expect(ProperNames.printedCapitalised("abuja", in: sentence) == nil)
    }

    @Test func possessivesAndNamesInsideLongerOnesAreListedOnce() {
        #expect(ProperNames.listedNames(["Adeyemi’s", "Governor Tunde Adeyemi", "Italian"]) == ["Governor Tunde Adeyemi"])
    }
}
