import Testing

@testable import Jarvis

/// A summary or consensus line stands alone: no sentence that leans on the one before it.
struct SentenceOpeningTests {
    @Test(arguments: [
        "But the council voted against the bridge on Monday.",
        "However, the council voted against the bridge on Monday.",
        "“He will not be running again,” the spokesman said.",
        "There’s no way to reopen the bridge before March.",
        "The same is now true of the Ikeja bridge.",
        "Earlier he had suggested the bridge could reopen in March.",
        "In tweets, he accused the council of a total lack of accountability.",
        "Specifically, they asked the council 281 questions about the bridge.",
        "In a statement on Tuesday, it said it would reopen the bridge.",
        "During his remarks at the bridge on Wednesday, he said it would reopen.",
        "On Wednesday, however, the governor said the bridge would stay closed.",
    ])
    func leaningSentences(_ sentence: String) {
        #expect(SentenceOpening.leansOnPrevious(sentence))
    }

    @Test(arguments: [
        "The council voted against the bridge on Monday.",
        "In his disclosure, Adeyemi listed assets worth as much as $85 million.",
        "Earlier this week, a Lagos court sentenced the contractor to 30 days in jail.",
        "On Tuesday, the council voted 30 to 11 to close the bridge.",
        "Governor Tunde Adeyemi said he would reopen the bridge in March.",
        "Asked about the bridge, Adeyemi said the council would decide.",
        "Theresa Adeyemi, the council's chair, said the bridge would reopen.",
    ])
    func sentencesOfTheirOwn(_ sentence: String) {
        #expect(!SentenceOpening.leansOnPrevious(sentence))
    }
}
