import Testing

@testable import Jarvis

/// The names a list-form consensus prints ("Most sources (2 of 3) report 55% and name …").
struct ListedNamesTests {
    /// "Nov." of a shared "Nov. 6" is part of the date and "Gen." part of a name: neither is a name to list
    /// (the real events set gave "name California, Humane Society and Nov.").
    @Test func abbreviationsAreNotListedAsNames() {
        #expect(
            SourceAgreement.listedNames(["California", "Humane Society", "Nov", "Gen."]) == ["California", "Humane Society"])
    }

    @Test func possessivesAndNamesInsideLongerOnesAreListedOnce() {
        #expect(SourceAgreement.listedNames(["Adeyemi’s", "Governor Tunde Adeyemi", "Italian"]) == ["Governor Tunde Adeyemi"])
    }
}
