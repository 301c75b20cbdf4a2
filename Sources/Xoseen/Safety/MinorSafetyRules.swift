/// Someone under 18 in a chat for adults: a sender who says they are a minor ("I'm 15 btw", "I'm only in 9th
/// grade"), or who says it of the person they write to ("you're 16 right?"). The app verifies every user's age,
/// so such a message is either a child who got past it or an adult steering the talk to children; either way it
/// is held back (`underage`, filed under `sexual_coercion`: the harm it guards against is sexual exploitation).
/// An age with a unit is no age ("I'm 15 minutes away", "I'm 16 stone"); the past ("I was 15 when I first went to
/// Paris") and other people's children ("my daughter is 15", "your 12 year old nephew") are not this.
enum MinorSafetyRules: SafetyRuleSet {
    static let sets: [String: [String]] = [
        "minorAge": SharedWords.words(
            "12 13 14 15 16 17 twelve thirteen fourteen fifteen sixteen seventeen"),
        "gradeWord": SharedWords.words("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth"),
        "ageHedge": SharedWords.words("only just barely almost still literally turning"),
        // What follows a number that is not an age.
        "ageUnit": SharedWords.words(
            """
            minutes minute mins min hours hour hrs hr seconds secs sec days weeks months km miles mi kg lbs pounds \
            stone st feet ft foot inches in cm m k percent pct points pts floors stops blocks people of out times \
            bucks dollars euros quid grand mph
            """),
        "iAm": SharedWords.words("im i_am iam"),
        "school": SharedWords.words("high_school middle_school junior_high secondary_school highschool hs"),
        "schoolYear": SharedWords.words("freshman sophomore junior senior"),
        "ukYear": SharedWords.words("7 8 9 10 11 seven eight nine ten eleven"),
    ]

    static let cues: [SafetyCue] = [
        SafetyCue(.sexualCoercion, .underage, 1, "@iAm ~1@ageHedge @minorAge !@ageUnit"),
        SafetyCue(.sexualCoercion, .underage, 1, "@iAm ~1@ageHedge in :digits|@gradeWord grade"),
        SafetyCue(.sexualCoercion, .underage, 1, "youre|you_are|u_r ~1@ageHedge @minorAge !@ageUnit"),
        // At school now: "I'm in high school", "I'm a sophomore in high school", "I'm in year 10"; not "I'm a high
        // school teacher", "I was in high school when …", "my junior year of college".
        SafetyCue(.sexualCoercion, .underage, 1, "@iAm ~1@ageHedge in|at my? @school"),
        SafetyCue(.sexualCoercion, .underage, 1, "@iAm a|an @schoolYear in|at my? @school"),
        SafetyCue(.sexualCoercion, .underage, 1, "@iAm ~1@ageHedge in year @ukYear $"),
        // About to be of age: "I just turned 16", "not 18 yet", "my mom won't let me date till I'm 18".
        SafetyCue(.sexualCoercion, .underage, 1, "i just|only turned @minorAge !@ageUnit|in|when|back"),
        SafetyCue(.sexualCoercion, .underage, 1, "i turn|will_turn|am_turning @minorAge|18|eighteen !@ageUnit|in|when|back"),
        SafetyCue(.sexualCoercion, .underage, 1, "@iAm not 18|eighteen yet"),
        SafetyCue(.sexualCoercion, .underage, 1, "till|until|til @iAm 18|eighteen"),
        // An adult who does not mind: "I don't care that you're underage", "age is just a number, how old are
        // you? 15?" (were allowed); not "I don't mind your age" between adults, nor "12 years between us".
        SafetyCue(
            .sexualCoercion, .underage, 1,
            "dont|do_not|doesnt|wont|never care|mind ~3 you|youre|ur|u|your ~1 underage|a_minor|too_young"),
        SafetyCue(.sexualCoercion, .underage, 0.5, "age_is_just_a_number|age_is_only_a_number", group: "ageGap"),
        SafetyCue(.sexualCoercion, .underage, 0.5, "@minorAge !@ageUnit|years|year|yrs|yr", group: "ageGap"),
    ]
}
