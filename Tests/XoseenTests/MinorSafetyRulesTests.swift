import Testing
import Xoseen

/// Someone under 18 in the adults' chat (``MinorSafetyRules``): said of oneself or of the reader, held back;
/// ages with a unit, the past and other people's children stay allowed.
@Suite struct MinorSafetyRulesTests {
    @Test(arguments: [
        "I'm 15 btw",
        "im 16 is that ok",
        "do you like younger girls? I'm 13",
        // An adult who does not mind (both were allowed).
        "I don't care that you're underage", "age is just a number, how old are you? 15?",
        "i'm almost 17 haha",
        "I'm only in 9th grade",
        "send me pics, you're 16 right?",
        "you're 15?? no way",
        "I'm in high school",
        "I'm a sophomore in high school",
        "I'm in year 10",
        "I just turned 16",
        "I'm not 18 yet lol",
        "my mom won't let me date till I'm 18",
    ])
    func aMinorIsHeldBack(_ text: String) {
        SafetyTesting.expect(text, gets: .blocked(category: .sexualCoercion, reason: .underage))
    }

    @Test(arguments: [
        "I'm 15 minutes away",
        "I don't mind your age, you seem mature", "age is just a number, I'm 34 and you're 29",
        "age is just a number lol, 12 years between us is fine",
        "I don't care about your age as long as you're over 18",
        "I'm 16 stone and proud of it",
        "I'm 13 hours into this flight",
        "I was 15 when I first went to Paris",
        "my daughter is 15 and loves hiking",
        "your 12 year old nephew is hilarious",
        "I'm 25, you?",
        "I'm a high school teacher",
        "I was in high school when I first visited paris",
        "I turned 16 in 1999",
        "I'm in my junior year of college",
        "my son just turned 16",
        "I waited until I was 18 to move out",
    ])
    func agesThatAreNotAMinorHereStayAllowed(_ text: String) {
        SafetyTesting.expect(text, gets: .allowed)
    }
}
